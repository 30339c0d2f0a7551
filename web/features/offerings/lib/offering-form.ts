import { z } from 'zod';
import {
  OFFERING_KINDS,
  OFFERING_MSG,
  OfferingCreateSchema,
  type Service,
  type OfferingCreate,
  type OfferingKind,
  type OfferingUpdate,
} from '#shared/offerings';

/** How the admin's screens name each kind. */
export const KIND_LABEL: Record<OfferingKind, string> = {
  checkup: 'Checkup',
  training: 'Training',
  pickup: 'Pickup ride',
  emergency: 'Emergency',
};

/** What each kind means for booking, shown under the kind picker. */
export const KIND_HINT: Record<OfferingKind, string> = {
  checkup: 'Booked on the calendar.',
  training: 'Booked on the calendar.',
  pickup: 'Booked on the calendar; the customer gives a pickup address.',
  emergency: 'Not booked on the calendar: emergencies have their own request form.',
};

export const KIND_OPTIONS = OFFERING_KINDS.map((kind) => ({ value: kind, label: KIND_LABEL[kind] }));

/** The form's values: what the inputs hold, text for every number. */
export interface OfferingFormValues {
  name: string;
  kind: string;
  description: string;
  durationMinutes: string;
  price: string;
  capacity: string;
  sortOrder: string;
}

/** A number typed in a box; an empty box is no number at all (the shared schema then names the field). */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * The form's values checked by the server's own schema (OfferingCreateSchema), plus the grid-step rule the server
 * checks against its SLOT_MINUTES: the same messages before and after sending.
 */
export function serviceFormSchema(slotMinutes: number | undefined) {
  return z
    .object({
      name: z.string(),
      kind: z.string(),
      description: z.string(),
      durationMinutes: z.string(),
      price: z.string(),
      capacity: z.string(),
      sortOrder: z.string(),
    })
    .transform((v, ctx): OfferingCreate => {
      const parsed = OfferingCreateSchema.safeParse({
        ...v,
        durationMinutes: typedNumber(v.durationMinutes),
        price: v.price.trim() === '' ? null : typedNumber(v.price),
        capacity: typedNumber(v.capacity),
        sortOrder: v.sortOrder.trim() === '' ? 0 : typedNumber(v.sortOrder),
      });
      const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
      // The grid step is checked whenever the duration itself is valid, whatever the other fields hold.
      const duration = OfferingCreateSchema.shape.durationMinutes.safeParse(typedNumber(v.durationMinutes));
      if (slotMinutes && duration.success && duration.data % slotMinutes !== 0) {
        issues.push({ path: ['durationMinutes'], message: OFFERING_MSG.durationStep(slotMinutes) });
      }
      for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return parsed.success && issues.length === 0 ? parsed.data : z.NEVER;
    });
}

/** The form's starting values: a service's own, or a new service's (one grid step, the clinic's seats, last in order). */
export function formValuesOf(
  service: Service | null,
  defaults: { slotMinutes?: number; capacity?: number; sortOrder?: number } = {},
) {
  if (!service) {
    return {
      name: '',
      kind: 'checkup',
      description: '',
      durationMinutes: String(defaults.slotMinutes ?? 30),
      price: '',
      capacity: String(defaults.capacity ?? 2),
      sortOrder: String(defaults.sortOrder ?? 0),
    } satisfies OfferingFormValues;
  }
  return {
    name: service.name,
    kind: service.kind,
    description: service.description,
    durationMinutes: String(service.durationMinutes),
    price: service.price === null ? '' : String(service.price),
    capacity: String(service.capacity),
    sortOrder: String(service.sortOrder),
  } satisfies OfferingFormValues;
}

/** A new service's place: after every service there is, so it does not push ahead of the clinic's own. */
export const nextSortOrder = (services: Service[]) =>
  Math.min(10_000, services.reduce((max, s) => Math.max(max, s.sortOrder), 0) + 10);

/** The fields of `next` that differ from `service`: a PUT sends only these. */
export function changedFields(service: Service, next: OfferingCreate): OfferingUpdate {
  const changes: OfferingUpdate = {};
  if (next.name !== service.name) changes.name = next.name;
  if (next.kind !== service.kind) changes.kind = next.kind;
  if (next.description !== service.description) changes.description = next.description;
  if (next.durationMinutes !== service.durationMinutes) changes.durationMinutes = next.durationMinutes;
  if (next.price !== service.price) changes.price = next.price;
  if (next.capacity !== service.capacity) changes.capacity = next.capacity;
  if (next.sortOrder !== service.sortOrder) changes.sortOrder = next.sortOrder;
  return changes;
}
