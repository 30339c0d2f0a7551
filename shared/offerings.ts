import { z } from 'zod';
import { NAME_MAX } from './account-rules.ts';
import { multiLineText, singleLineText } from './text.ts';
import { GstRateSchema, HsnSacSchema } from './invoices.ts';

/** What a service is: the kind decides how it is booked (a pickup needs an address; an emergency is not on the grid). */
export const OFFERING_KINDS = ['checkup', 'training', 'pickup', 'emergency'] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number];

const OFFERING_DESCRIPTION_MAX = 1000;
const OFFERING_DURATION_MAX = 480;
const OFFERING_CAPACITY_MAX = 100;
const OFFERING_PRICE_MAX = 1_000_000;

/** Texts the server and the web app both show about services. */
export const OFFERING_MSG = {
  notFound: 'Service not found',
  unavailable: 'This service is not available for booking at the moment. Please pick another service.',
  emergencyNotBookable:
    'Emergency care is not booked on the calendar. Please call the clinic or use the emergency request form.',
  durationStep: (step: number) => `Duration must be a multiple of ${step} minutes (the length of one booking slot).`,
  durationInvalid: `Duration must be a whole number of minutes from 5 to ${OFFERING_DURATION_MAX}.`,
  capacityInvalid: `Capacity must be a whole number from 1 to ${OFFERING_CAPACITY_MAX}.`,
  priceInvalid: `Price must be a number of rupees from 0 to ${OFFERING_PRICE_MAX}, with at most two decimals.`,
  kindInvalid: `Kind must be one of: ${OFFERING_KINDS.join(', ')}`,
  nameRequired: 'Service name is required',
  nameTaken: 'A service with this name already exists.',
  nothingToChange: 'Send at least one field to change.',
  kindFixed: 'The kind of a service that has bookings cannot change; deactivate it and create a new one.',
} as const;

/** A service as every endpoint returns it. `price` is in rupees ("from"), null when not shown. */
export const OfferingSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(OFFERING_KINDS),
  description: z.string(),
  durationMinutes: z.number().int(),
  price: z.number().nullable(),
  /** Bookings per time. */
  capacity: z.number().int(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** A booking of it needs a pickup address (kind `pickup`). */
  needsAddress: z.boolean(),
  /** SAC of the service, printed on its invoice lines. */
  hsnSac: z.string(),
  /** GST rate in percent (0: exempt, as a veterinary clinic's health care of animals is). */
  gstRate: z.number().int(),
  /** Booked on the time grid (every kind but `emergency`). */
  bookable: z.boolean(),
});
export type Service = z.infer<typeof OfferingSchema>;

/** The short form of a service carried by every booking. */
export const OfferingRefSchema = OfferingSchema.pick({ id: true, name: true, kind: true, durationMinutes: true });

const OfferingFields = {
  name: singleLineText('Service name', OFFERING_MSG.nameRequired)
    .min(1, OFFERING_MSG.nameRequired)
    .max(NAME_MAX, `Service name must be at most ${NAME_MAX} characters`),
  kind: z.enum(OFFERING_KINDS, { error: OFFERING_MSG.kindInvalid }),
  description: multiLineText('Description').max(
    OFFERING_DESCRIPTION_MAX,
    `Description must be at most ${OFFERING_DESCRIPTION_MAX} characters`,
  ),
  durationMinutes: z
    .number({ error: OFFERING_MSG.durationInvalid })
    .int(OFFERING_MSG.durationInvalid)
    .min(5, OFFERING_MSG.durationInvalid)
    .max(OFFERING_DURATION_MAX, OFFERING_MSG.durationInvalid),
  price: z
    .number({ error: OFFERING_MSG.priceInvalid })
    .min(0, OFFERING_MSG.priceInvalid)
    .max(OFFERING_PRICE_MAX, OFFERING_MSG.priceInvalid)
    .refine((v) => Math.round(v * 100) === v * 100, OFFERING_MSG.priceInvalid)
    .nullable(),
  capacity: z
    .number({ error: OFFERING_MSG.capacityInvalid })
    .int(OFFERING_MSG.capacityInvalid)
    .min(1, OFFERING_MSG.capacityInvalid)
    .max(OFFERING_CAPACITY_MAX, OFFERING_MSG.capacityInvalid),
  active: z.boolean({ error: 'active must be true or false' }),
  sortOrder: z
    .number({ error: 'Sort order must be a whole number' })
    .int('Sort order must be a whole number')
    .min(0, 'Sort order cannot be negative')
    .max(10_000, 'Sort order must be at most 10000'),
  hsnSac: HsnSacSchema,
  gstRate: GstRateSchema,
};

/** POST /api/services (admin). The duration must also be a multiple of the slot length (checked on the server). */
export const OfferingCreateSchema = z.object({
  ...OfferingFields,
  description: OfferingFields.description.default(''),
  price: OfferingFields.price.optional().default(null),
  active: OfferingFields.active.default(true),
  sortOrder: OfferingFields.sortOrder.default(0),
  /** Left out: its kind's (OFFERING_KIND_TAX in shared/gst.ts). */
  hsnSac: OfferingFields.hsnSac.optional(),
  gstRate: OfferingFields.gstRate.optional(),
});
export type OfferingCreate = z.infer<typeof OfferingCreateSchema>;
export type OfferingCreateInput = z.input<typeof OfferingCreateSchema>;

/** PUT /api/services/{id} (admin): a partial update; only the fields sent change. */
export const OfferingUpdateSchema = z
  .object(OfferingFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), OFFERING_MSG.nothingToChange);
export type OfferingUpdate = z.infer<typeof OfferingUpdateSchema>;

/** GET /api/services: `all=true` (admins only) lists the inactive services too. */
export const OfferingListQuerySchema = z.object({
  all: z
    .enum(['true', 'false'], { error: 'all must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
