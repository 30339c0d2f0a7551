import { z } from 'zod';
import { NAME_MAX } from './constants.ts';
import { multiLineText, singleLineText } from './text.ts';

/** What a service is: the kind decides how it is booked (a pickup needs an address; an emergency is not on the grid). */
export const SERVICE_KINDS = ['checkup', 'training', 'pickup', 'emergency'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

const SERVICE_DESCRIPTION_MAX = 1000;
const SERVICE_DURATION_MAX = 480;
const SERVICE_CAPACITY_MAX = 100;
const SERVICE_PRICE_MAX = 1_000_000;

/** Texts the server and the web app both show about services. */
export const SERVICE_MSG = {
  notFound: 'Service not found',
  unavailable: 'This service is not available for booking at the moment. Please pick another service.',
  emergencyNotBookable:
    'Emergency care is not booked on the calendar. Please call the clinic or use the emergency request form.',
  durationStep: (step: number) => `Duration must be a multiple of ${step} minutes (the length of one booking slot).`,
  durationInvalid: `Duration must be a whole number of minutes from 5 to ${SERVICE_DURATION_MAX}.`,
  capacityInvalid: `Capacity must be a whole number from 1 to ${SERVICE_CAPACITY_MAX}.`,
  priceInvalid: `Price must be a number of rupees from 0 to ${SERVICE_PRICE_MAX}, with at most two decimals.`,
  kindInvalid: `Kind must be one of: ${SERVICE_KINDS.join(', ')}`,
  nameRequired: 'Service name is required',
  nameTaken: 'A service with this name already exists.',
  nothingToChange: 'Send at least one field to change.',
  kindFixed: 'The kind of a service that has bookings cannot change; deactivate it and create a new one.',
} as const;

/** A service as every endpoint returns it. `price` is in rupees ("from"), null when not shown. */
export const ServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SERVICE_KINDS),
  description: z.string(),
  durationMinutes: z.number().int(),
  price: z.number().nullable(),
  /** Bookings per time. */
  capacity: z.number().int(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** A booking of it needs a pickup address (kind `pickup`). */
  needsAddress: z.boolean(),
  /** Booked on the time grid (every kind but `emergency`). */
  bookable: z.boolean(),
});
export type Service = z.infer<typeof ServiceSchema>;

/** The short form of a service carried by every booking. */
export const ServiceRefSchema = ServiceSchema.pick({ id: true, name: true, kind: true, durationMinutes: true });

const ServiceFields = {
  name: singleLineText('Service name', SERVICE_MSG.nameRequired)
    .min(1, SERVICE_MSG.nameRequired)
    .max(NAME_MAX, `Service name must be at most ${NAME_MAX} characters`),
  kind: z.enum(SERVICE_KINDS, { error: SERVICE_MSG.kindInvalid }),
  description: multiLineText('Description').max(
    SERVICE_DESCRIPTION_MAX,
    `Description must be at most ${SERVICE_DESCRIPTION_MAX} characters`,
  ),
  durationMinutes: z
    .number({ error: SERVICE_MSG.durationInvalid })
    .int(SERVICE_MSG.durationInvalid)
    .min(5, SERVICE_MSG.durationInvalid)
    .max(SERVICE_DURATION_MAX, SERVICE_MSG.durationInvalid),
  price: z
    .number({ error: SERVICE_MSG.priceInvalid })
    .min(0, SERVICE_MSG.priceInvalid)
    .max(SERVICE_PRICE_MAX, SERVICE_MSG.priceInvalid)
    .refine((v) => Math.round(v * 100) === v * 100, SERVICE_MSG.priceInvalid)
    .nullable(),
  capacity: z
    .number({ error: SERVICE_MSG.capacityInvalid })
    .int(SERVICE_MSG.capacityInvalid)
    .min(1, SERVICE_MSG.capacityInvalid)
    .max(SERVICE_CAPACITY_MAX, SERVICE_MSG.capacityInvalid),
  active: z.boolean({ error: 'active must be true or false' }),
  sortOrder: z
    .number({ error: 'Sort order must be a whole number' })
    .int('Sort order must be a whole number')
    .min(0, 'Sort order cannot be negative')
    .max(10_000, 'Sort order must be at most 10000'),
};

/** POST /api/services (admin). The duration must also be a multiple of the slot length (checked on the server). */
export const ServiceCreateSchema = z.object({
  ...ServiceFields,
  description: ServiceFields.description.default(''),
  price: ServiceFields.price.optional().default(null),
  active: ServiceFields.active.default(true),
  sortOrder: ServiceFields.sortOrder.default(0),
});
export type ServiceCreate = z.infer<typeof ServiceCreateSchema>;
export type ServiceCreateInput = z.input<typeof ServiceCreateSchema>;

/** PUT /api/services/{id} (admin): a partial update; only the fields sent change. */
export const ServiceUpdateSchema = z
  .object(ServiceFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), SERVICE_MSG.nothingToChange);
export type ServiceUpdate = z.infer<typeof ServiceUpdateSchema>;

/** GET /api/services: `all=true` (admins only) lists the inactive services too. */
export const ServiceListQuerySchema = z.object({
  all: z
    .enum(['true', 'false'], { error: 'all must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
