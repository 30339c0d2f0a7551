import { z } from 'zod';
import { PageQuerySchema } from './common.ts';
import { DateSchema, UuidSchema } from './common.ts';

/** Everything the audit log records, by kind: `GET /api/audit?kind=` takes one of these. */
export const AUDIT_KINDS = [
  'user.role_changed',
  'user.deleted',
  'user.invited',
  'booking.confirmed',
  'booking.canceled',
  'booking.completed',
  'booking.no_show',
  'booking.rescheduled',
  'booking.reassigned',
  'order.status_changed',
  'order.payment_changed',
  'product.created',
  'product.updated',
  'product.image_changed',
  'product.deactivated',
  'product.reactivated',
  'service.created',
  'service.updated',
  'settings.clinic_changed',
  'settings.theme_changed',
  'pet.alerts_changed',
  'pet.weight_recorded',
  'pet.prescription_written',
  'pet.refill_approved',
  'pet.refill_refused',
  'pet.document_added',
  'pet.clinical_note_added',
  'vaccine.created',
  'vaccine.updated',
  'vaccination.recorded',
  'vaccination.corrected',
  'provider.created',
  'provider.updated',
  'provider.time_off_added',
  'provider.time_off_removed',
  'certificate.printed',
  'certificate.shared',
  'certificate.withdrawn',
  'invoice.credit_note_issued',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What each kind is called on the audit log screen (its filter and its rows). */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'user.role_changed': 'Role changed',
  'user.deleted': 'Account deleted',
  'user.invited': 'Employee invited',
  'booking.confirmed': 'Booking confirmed',
  'booking.canceled': 'Booking canceled',
  'booking.completed': 'Visit completed',
  'booking.no_show': 'Marked no-show',
  'booking.rescheduled': 'Booking moved',
  'booking.reassigned': 'Booking given to another provider',
  'order.status_changed': 'Order status changed',
  'order.payment_changed': 'Order payment changed',
  'product.created': 'Product added',
  'product.updated': 'Product changed',
  'product.image_changed': 'Product picture changed',
  'product.deactivated': 'Product deactivated',
  'product.reactivated': 'Product reactivated',
  'service.created': 'Service added',
  'service.updated': 'Service changed',
  'settings.clinic_changed': 'Clinic settings changed',
  'settings.theme_changed': 'Theme changed',
  'pet.alerts_changed': 'Pet alerts changed',
  'pet.weight_recorded': 'Weight recorded',
  'pet.prescription_written': 'Prescription written',
  'pet.refill_approved': 'Refill approved',
  'pet.refill_refused': 'Refill refused',
  'pet.document_added': 'Document added',
  'pet.clinical_note_added': 'Clinical note added',
  'vaccine.created': 'Vaccine added',
  'vaccine.updated': 'Vaccine changed',
  'vaccination.recorded': 'Dose recorded',
  'vaccination.corrected': 'Dose corrected',
  'provider.created': 'Provider added',
  'provider.updated': 'Provider changed',
  'provider.time_off_added': 'Time off added',
  'provider.time_off_removed': 'Time off removed',
  'certificate.printed': 'Certificate printed',
  'certificate.shared': 'Certificate shared',
  'certificate.withdrawn': 'Certificate link withdrawn',
  'invoice.credit_note_issued': 'Credit note issued',
};

/** What an entry is about. */
export type AuditSubject =
  'user' | 'booking' | 'order' | 'product' | 'service' | 'settings' | 'vaccine' | 'pet' | 'provider' | 'invoice';

/** One entry of `GET /api/audit`, newest first. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string(), role: z.string() }),
  kind: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /api/audit?actorId=&kind=&from=&to=&limit=&cursor=` (admin only); from/to are clinic-local days, inclusive. */
export const AUDIT_ENDPOINT = '/api/audit';

/** `GET /api/audit/actors` (admin only): everyone who appears in the log, for the person filter. */
export const AUDIT_ACTORS_ENDPOINT = '/api/audit/actors';

export const AUDIT_MSG = {
  kindInvalid: 'Kind must be one of the audit log kinds',
  fromAfterTo: 'The "from" day must be on or before the "to" day',
} as const;

/** An empty query parameter (a cleared filter of a form) counts as absent. */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The query of `GET /api/audit`: a page, filtered by person, kind and clinic-local days (both inclusive). */
export const AuditListQuerySchema = PageQuerySchema.extend({
  actorId: z.preprocess(blankToUndefined, UuidSchema('actorId').optional()),
  kind: z.preprocess(blankToUndefined, z.enum(AUDIT_KINDS, { error: AUDIT_MSG.kindInvalid }).optional()),
  from: z.preprocess(blankToUndefined, DateSchema.optional()),
  to: z.preprocess(blankToUndefined, DateSchema.optional()),
}).superRefine((q, ctx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: AUDIT_MSG.fromAfterTo });
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** A person who appears in the audit log, as their latest entry names them. */
export const AuditActorSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() });
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** Socket event to admins whenever an entry is written (after the change it records has committed). */
export const AUDIT_EVENT = 'audit_entry';
