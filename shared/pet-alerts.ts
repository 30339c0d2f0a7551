import { z } from 'zod';
import { singleLineText } from './text.ts';

/*
 * Alerts on a pet (allergy, behaviour, condition, medication), set by staff and shown wherever staff meet the pet:
 * the agenda, a booking, a ride, the emergency queue, a chat with its owner. Each change is kept (decision 047).
 */

export const PET_ALERT_KINDS = ['allergy', 'behaviour', 'condition', 'medication'] as const;
export type PetAlertKind = (typeof PET_ALERT_KINDS)[number];
export const PET_ALERT_KIND_LABELS: Record<PetAlertKind, string> = {
  allergy: 'Allergy',
  behaviour: 'Behaviour',
  condition: 'Condition',
  medication: 'Medication',
};
const PET_ALERT_TEXT_MAX = 200;
/** Alerts one pet may carry at once: a warning list staff read at a glance, not a history. */
export const PET_ALERTS_MAX = 12;

const PET_ALERT_MSG = {
  kind: `Alert kind must be one of: ${PET_ALERT_KINDS.join(', ')}`,
  text: 'Write what staff must know (1 to 200 characters)',
  tooMany: `A pet can carry at most ${PET_ALERTS_MAX} alerts`,
} as const;

const alertText = singleLineText('Alert text', PET_ALERT_MSG.text)
  .min(1, PET_ALERT_MSG.text)
  .max(PET_ALERT_TEXT_MAX, PET_ALERT_MSG.text);

const PetAlertSchema = z.object({
  kind: z.enum(PET_ALERT_KINDS, { error: PET_ALERT_MSG.kind }),
  text: alertText,
});
export type PetAlert = z.infer<typeof PetAlertSchema>;

/** PUT /api/pets/{id}/alerts (staff): the pet's whole list of alerts as it is to be now (an empty list clears them). */
export const PetAlertsBodySchema = z.object({
  alerts: z.array(PetAlertSchema).max(PET_ALERTS_MAX, PET_ALERT_MSG.tooMany),
});
export type PetAlertsBody = z.infer<typeof PetAlertsBodySchema>;

/** The alerts staff views of a pet, its bookings, rides and emergencies carry. */
export const PetAlertListSchema = z.array(z.object({ kind: z.enum(PET_ALERT_KINDS), text: z.string() }));

/** One change of a pet's alerts, as its history shows it (newest first). */
const PetAlertChangeSchema = z.object({
  id: z.string(),
  alerts: PetAlertListSchema,
  setByName: z.string(),
  setAt: z.string(),
});

/** GET /api/pets/{id}/alerts (staff): the alerts now and how they changed. */
export const PetAlertsSchema = z.object({
  alerts: PetAlertListSchema,
  history: z.array(PetAlertChangeSchema),
});
export type PetAlerts = z.infer<typeof PetAlertsSchema>;
