import { z } from 'zod';
import { ADDRESS_MAX } from './account-rules.ts';
import { BookingPhoneSchema } from './bookings.ts';
import { UuidSchema } from './common.ts';
import { PetAlertListSchema } from './pet-alerts.ts';
import { multiLineText, singleLineText } from './text.ts';

/** An emergency request's life: open -> acknowledged -> assigned -> resolved, forward only (steps may be skipped). */
export const EMERGENCY_STATUSES = ['open', 'acknowledged', 'assigned', 'resolved'] as const;
export type EmergencyStatus = (typeof EMERGENCY_STATUSES)[number];

/** Triage: 1 is the most urgent. */
export const TRIAGE_LEVELS = [1, 2, 3] as const;
export const TRIAGE_LABELS: Record<number, string> = { 1: 'Critical', 2: 'Urgent', 3: 'Stable' };

export const EMERGENCY_STATUS_LABELS: Record<EmergencyStatus, string> = {
  open: 'Waiting for a vet',
  acknowledged: 'Seen by a vet',
  assigned: 'Assigned',
  resolved: 'Resolved',
};

export const EMERGENCY_DESCRIPTION_MAX = 2000;
export const EMERGENCY_NOTE_MAX = 1000;
const PET_NAME_MAX = 60;

export const EMERGENCY_MSG = {
  oneOpen:
    'You already have an open emergency request. The clinic is on it and will call you; phone the clinic if anything changes.',
  describe: 'Tell us what happened',
  petRequired: 'Choose a pet or write its name',
  addressRequired: 'Give the address where we should collect your pet',
  backwards: (from: EmergencyStatus) =>
    `This request is already "${EMERGENCY_STATUS_LABELS[from]}"; it can only move forward`,
  nothingToChange: 'Nothing to change: give a later status, a triage level or a note',
  resolved: 'This request is resolved',
  staffOnly: 'Emergency requests are raised by customers',
} as const;

/** POST /api/emergencies: a customer asks for emergency care. */
export const EmergencyBodySchema = z
  .object({
    petId: UuidSchema('petId').nullish(),
    petName: singleLineText('Pet name')
      .max(PET_NAME_MAX, `Pet name must be at most ${PET_NAME_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : undefined)),
    description: multiLineText('What happened', EMERGENCY_MSG.describe)
      .min(1, EMERGENCY_MSG.describe)
      .max(EMERGENCY_DESCRIPTION_MAX, `The description must be at most ${EMERGENCY_DESCRIPTION_MAX} characters`),
    phone: BookingPhoneSchema,
    needsPickup: z.boolean({ error: 'Say whether you are coming in or need a pickup' }),
    address: singleLineText('Address')
      .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((b, ctx) => {
    if (!b.petId && !b.petName) ctx.addIssue({ code: 'custom', path: ['petName'], message: EMERGENCY_MSG.petRequired });
    if (b.needsPickup && !b.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: EMERGENCY_MSG.addressRequired });
  });
export type EmergencyBody = z.infer<typeof EmergencyBodySchema>;
export type EmergencyInput = z.input<typeof EmergencyBodySchema>;

/** PUT /api/emergencies/{id} (staff): a later status, and optionally a triage level and a note. */
export const EmergencyUpdateSchema = z.object({
  status: z.enum(EMERGENCY_STATUSES, { error: `Status must be one of ${EMERGENCY_STATUSES.join(', ')}` }),
  triageLevel: z
    .number({ error: 'Triage level must be 1, 2 or 3' })
    .int('Triage level must be 1, 2 or 3')
    .min(1, 'Triage level must be 1, 2 or 3')
    .max(3, 'Triage level must be 1, 2 or 3')
    .optional(),
  note: multiLineText('Note')
    .max(EMERGENCY_NOTE_MAX, `The note must be at most ${EMERGENCY_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type EmergencyUpdate = z.infer<typeof EmergencyUpdateSchema>;

/** One change of a request: what it became, who made it and when. */
const EmergencyEventSchema = z.object({
  status: z.enum(EMERGENCY_STATUSES),
  triageLevel: z.number().int().nullable(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});

export const EmergencySchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  petId: z.string().nullable(),
  petName: z.string(),
  description: z.string(),
  phone: z.string(),
  needsPickup: z.boolean(),
  address: z.string().nullable(),
  status: z.enum(EMERGENCY_STATUSES),
  triageLevel: z.number().int().nullable(),
  assignedToId: z.string().nullable(),
  assignedToName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  events: z.array(EmergencyEventSchema),
  /** Staff views only: the alerts set on the pet, when the request names one of the customer's pets. */
  alerts: PetAlertListSchema.optional(),
});
export type Emergency = z.infer<typeof EmergencySchema>;

export const EmergencyCountSchema = z.object({ open: z.number().int() });

/** Socket event to staff and the request's customer whenever a request is raised or changes. */
export const EMERGENCY_CHANGED_EVENT = 'emergency_changed';
export const EmergencyChangedEventSchema = z.object({
  action: z.enum(['raised', 'updated']),
  emergency: EmergencySchema,
  /** Unresolved requests after this change (the staff badge); sent to staff only. */
  open: z.number().int().optional(),
});
export type EmergencyChangedEvent = z.infer<typeof EmergencyChangedEventSchema>;
