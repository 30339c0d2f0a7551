import { z } from 'zod';
import { ADDRESS_MAX, EMAIL_MAX, NAME_MAX } from './account-rules.ts';
import { DATE_MSG, isDateInRange, isRealDate } from './dates.ts';
import { DateSchema, UuidSchema } from './common.ts';
import { IDEMPOTENCY_KEY_HEADER } from './http.ts';
import { MSG } from './messages.ts';
import { RideProgressSchema } from './ride-progress.ts';
import { OfferingRefSchema } from './offerings.ts';
import { PetAlertListSchema } from './pet-alerts.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * Statuses a booking goes through: pending -> confirmed -> completed | no_show; pending or confirmed -> canceled
 * (spec section 4, with the visit's outcome).
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'canceled', 'completed', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses of a booking that still lies ahead of its outcome: it holds a seat and can be moved or canceled. */
export const OPEN_BOOKING_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];

export const BOOKING_NOTE_MAX = 1000;
const VISIT_TEXT_MAX = 2000;
export const PET_WEIGHT_MAX = 500;
export const WEIGHT_INVALID = `Weight must be a number of kilograms above 0 and at most ${PET_WEIGHT_MAX}.`;

/**
 * Weight in kilograms: above 0, at most two decimals kept. The rule is checked again on the rounded value, the one
 * stored: 0.001 kg rounds to 0, which the database's check refuses.
 */
export const WeightKgSchema = z
  .number({ error: WEIGHT_INVALID })
  .gt(0, WEIGHT_INVALID)
  .max(PET_WEIGHT_MAX, WEIGHT_INVALID)
  .transform((v) => Math.round(v * 100) / 100)
  .pipe(z.number().gt(0, WEIGHT_INVALID).max(PET_WEIGHT_MAX, WEIGHT_INVALID));

/**
 * How far ahead a customer may book until an admin sets another window in the clinic settings (their first value):
 * keeps typos such as year 2206 out of the schedule.
 */
export const BOOKING_HORIZON_DAYS = 90;
const PET_NAME_MAX = 60;
export const PET_AGE_MAX = 40;

/** Texts the server and the web app both show for booking problems beyond the spec's own. */
export const BOOKING_MSG = {
  dosesNeedPet: 'Doses can be recorded only at a visit of one of the pets on record.',
  rideUnderWay: 'The driver is already on the way for this ride. Please call the clinic to change it.',
  slotFull: 'Sorry, this time is fully booked. Please pick another time.',
  petAlreadyBooked: 'This pet already has a booking at this time.',
  pastDate: 'The date cannot be earlier than today.',
  pastTime: 'This time has already passed. Please pick a later time.',
  /** With the first booking window; CLINIC_MSG.tooFarAhead names the window the settings hold. */
  tooFarAhead: `Bookings open up to ${BOOKING_HORIZON_DAYS} days ahead. Please pick an earlier date.`,
  offGrid: 'Please pick one of the offered times.',
  scheduleInvalid: "Schedule must look like 'YYYY-MM-DD at HH:mm'.",
  dateInvalid: DATE_MSG.dateInvalid,
  dateOutOfRange: DATE_MSG.dateOutOfRange,
  petAgeInvalid: `Pet age must be a whole number from 0 to ${PET_AGE_MAX}.`,
  staffCannotBook: 'Only customers can book slots.',
  otherUser: 'You can only book slots for yourself.',
  alreadyConfirmed: 'This booking is already confirmed.',
  confirmCanceled: 'This booking was canceled and cannot be confirmed.',
  bookingNotFound: 'Booking not found',
  /** The per-customer cap on upcoming bookings (BOOKING_MAX_OPEN) is reached. */
  tooManyOpen: (count: number) =>
    `You already have ${count} upcoming booking${count === 1 ? '' : 's'}, the most one account can hold. Cancel one you no longer need, or call the clinic.`,
  /** The booking-attempt rate limit is used up; `wait` is in words ("4 minutes"). */
  tooManyAttempts: (wait: string) => `Too many booking attempts. Please try again in ${wait}.`,
  tooManyChanges: (wait: string) => `Too many booking changes. Please try again in ${wait}.`,
  keyReused: 'This booking attempt was already used for a different booking. Please book again.',
  keyInvalid: 'The Idempotency-Key header must be 8 to 200 printable characters.',
  petBusy: 'This pet already has a booking that overlaps this time.',
  pickupAddressRequired: 'Please enter the pickup address for the ride.',
  noteTooLong: `The note must be at most ${BOOKING_NOTE_MAX} characters.`,
  rescheduleSameTime: 'This booking is already at that time. Please pick another time.',
  rescheduleClosed: 'Only a pending or confirmed booking that has not started can be moved.',
  cancelClosed: 'This booking already has its outcome and cannot be canceled.',
  outcomeTooEarly: 'This visit is on a later day. Record it on the day of the visit.',
  noShowTooEarly: 'The visit has not started yet. A no-show can be recorded once its time has begun.',
  outcomeNeedsConfirmed: 'Only a confirmed booking can be marked completed or no-show. Confirm it first.',
  outcomeRecorded: 'This visit already has its outcome.',
  nextDueReasonRequired: 'Please say what is due on the next-due date (for example "Rabies booster").',
  nextDueDateRequired: 'Please pick the next-due date for this reason.',
  nextDueBeforeVisit: 'The next-due date must be after the visit.',
  monthInvalid: "Month must look like 'YYYY-MM'.",
  settingsChanged: "The clinic's opening hours changed while you were booking. Please pick a time again.",
} as const;

/** 'HH:mm', 24-hour. */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The spec's schedule text: 'date at time'. */
const SCHEDULE_PATTERN = /^(\d{4}-\d{2}-\d{2}) at (([01]\d|2[0-3]):[0-5]\d)$/;

/** Builds the spec's schedule text from a date and a time. */
export const toSchedule = (date: string, time: string) => `${date} at ${time}`;

/** Splits a schedule text into its date and time, or undefined when it does not match the pattern. */
export function parseSchedule(schedule: string): { date: string; time: string } | undefined {
  const m = SCHEDULE_PATTERN.exec(schedule.trim());
  if (!m || !isRealDate(m[1]!) || !isDateInRange(m[1]!)) return undefined;
  return { date: m[1]!, time: m[2]! };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const fromMinutes = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;

/** Start times of the day's grid: from `open`, every `minutes`, each slot ending by `close`. */
export function slotGrid(open: string, close: string, minutes: number): string[] {
  const out: string[] = [];
  for (let t = toMinutes(open); t + minutes <= toMinutes(close); t += minutes) out.push(fromMinutes(t));
  return out;
}

const required = (label: string, max: number, tooLong: string) =>
  singleLineText(label, MSG.fillAllFields).min(1, MSG.fillAllFields).max(max, tooLong);

const optionalText = (label: string, max: number, tooLong: string) =>
  singleLineText(label)
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** Pet age: optional whole number; the spec's clients may send it as text, and '' means "not given". */
const PetAgeSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: BOOKING_MSG.petAgeInvalid })
    .int(BOOKING_MSG.petAgeInvalid)
    .min(0, BOOKING_MSG.petAgeInvalid)
    .max(PET_AGE_MAX, BOOKING_MSG.petAgeInvalid)
    .optional(),
);

const NoteSchema = multiLineText('Note')
  .max(BOOKING_NOTE_MAX, `The note must be at most ${BOOKING_NOTE_MAX} characters.`)
  .nullish()
  .transform((v) => (v ? v : undefined));

/** 10 digits, as at registration. */
export const BookingPhoneSchema = singleLineText('Phone number', MSG.fillAllFields)
  .min(1, MSG.fillAllFields)
  .regex(/^\d{10}$/, MSG.phoneInvalid);

/**
 * POST /api/slots/book (the spec's JSON). The booking's owner is the signed-in user: userName, userEmail and
 * userAddress are taken from the account, and a userId naming someone else is refused.
 */
export const BookSlotBodySchema = z
  .object({
    userId: singleLineText('userId').max(64).nullish(),
    userName: singleLineText('userName')
      .max(NAME_MAX * 2)
      .nullish(),
    userEmail: singleLineText('userEmail').max(EMAIL_MAX).nullish(),
    userAddress: singleLineText('Address')
      .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
      .nullish(),
    schedule: singleLineText('Schedule', MSG.fillAllFields)
      .min(1, MSG.fillAllFields)
      .max(40, BOOKING_MSG.scheduleInvalid),
    /** Required unless `petId` names one of the customer's pets (then the pet's name is used). */
    petName: optionalText('Pet name', PET_NAME_MAX, `Pet name must be at most ${PET_NAME_MAX} characters`),
    ownerName: required('Owner name', NAME_MAX, `Owner name must be at most ${NAME_MAX} characters`),
    petAge: PetAgeSchema,
    phone: BookingPhoneSchema,
    /** The service booked; without it, the clinic's checkup (the spec's clients send none). */
    serviceId: UuidSchema('serviceId').nullish(),
    /** One of the customer's pets: its name and age are taken from it. */
    petId: UuidSchema('petId').nullish(),
    /** Who the customer wants to see; left out, any provider of the service free then (decision 051). */
    providerId: UuidSchema('providerId').nullish(),
    /** The reason for the visit or the symptoms. */
    note: NoteSchema,
    /** Where a pickup ride collects the pet (defaults to the profile's address). */
    pickupAddress: singleLineText('Pickup address')
      .max(ADDRESS_MAX, `Pickup address must be at most ${ADDRESS_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((b, ctx) => {
    if (!b.petId && !b.petName) ctx.addIssue({ code: 'custom', path: ['petName'], message: MSG.fillAllFields });
  });
export type BookSlotBody = z.infer<typeof BookSlotBodySchema>;

/**
 * The optional Idempotency-Key of POST /api/slots/book: one per booking attempt, sent again when that attempt is
 * retried, so a booking whose answer was lost is returned rather than refused or made twice.
 */
const BookingIdempotencyKeySchema = z
  .string()
  .min(8, BOOKING_MSG.keyInvalid)
  .max(200, BOOKING_MSG.keyInvalid)
  .regex(/^[\x20-\x7e]+$/, BOOKING_MSG.keyInvalid);
export const BookSlotHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: BookingIdempotencyKeySchema.optional(),
});

/** The customer's form on /slots (date and time picked separately, joined into `schedule` on submit). */
export const BookingFormSchema = z.object({
  date: z.string().trim().min(1, MSG.fillAllFields).pipe(DateSchema),
  time: z.string().trim().min(1, MSG.fillAllFields).regex(TIME_PATTERN, BOOKING_MSG.offGrid),
  petName: required('Pet name', PET_NAME_MAX, `Pet name must be at most ${PET_NAME_MAX} characters`),
  ownerName: required('Owner name', NAME_MAX, `Owner name must be at most ${NAME_MAX} characters`),
  petAge: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= PET_AGE_MAX), BOOKING_MSG.petAgeInvalid),
  phone: BookingPhoneSchema,
});

/** PUT /api/slots/{id}/reschedule: the new 'date at time'. */
export const RescheduleBodySchema = z.object({
  schedule: singleLineText('Schedule', MSG.fillAllFields)
    .min(1, MSG.fillAllFields)
    .max(40, BOOKING_MSG.scheduleInvalid),
});

const visitText = (label: string) =>
  multiLineText(label)
    .max(VISIT_TEXT_MAX, `${label} must be at most ${VISIT_TEXT_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * PUT /api/slots/{id}/complete (staff): what happened at the visit, and optionally when the pet is due back and why.
 * The weight, when given, also becomes the pet's current weight.
 */
/** The visit record's own fields (`PUT /api/slots/{id}/complete`); every one may be left out. */
export const CompleteVisitFieldsSchema = z.object({
  findings: visitText('Findings'),
  treatment: visitText('Treatment'),
  medicines: visitText('Medicines'),
  weightKg: WeightKgSchema.nullish().transform((v) => v ?? null),
  nextDueDate: DateSchema.nullish().transform((v) => v ?? null),
  nextDueReason: singleLineText('Next-due reason')
    .max(200, 'The next-due reason must be at most 200 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
/** An empty visit record: what a body-less completion records. */
export const EMPTY_VISIT = {
  findings: null,
  treatment: null,
  medicines: null,
  weightKg: null,
  nextDueDate: null,
  nextDueReason: null,
} as const;
/** A next-due date needs its reason and the reverse. */
export function checkNextDuePair(
  v: { nextDueDate: string | null; nextDueReason: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.nextDueDate && !v.nextDueReason)
    ctx.addIssue({ code: 'custom', path: ['nextDueReason'], message: BOOKING_MSG.nextDueReasonRequired });
  if (v.nextDueReason && !v.nextDueDate)
    ctx.addIssue({ code: 'custom', path: ['nextDueDate'], message: BOOKING_MSG.nextDueDateRequired });
}
/**
 * The visit record as the web form checks it. The endpoint's body adds the doses given at the visit
 * (`CompleteVisitWithDosesSchema` in shared/vaccines.ts, which imports this file).
 */
export const CompleteVisitBodySchema = CompleteVisitFieldsSchema.nullish()
  .transform((v) => v ?? { ...EMPTY_VISIT })
  .superRefine(checkNextDuePair);
export type CompleteVisitBody = z.output<typeof CompleteVisitBodySchema>;

/** The record of a completed visit, shown on the booking and on the pet's page. */
const VisitSchema = z.object({
  findings: z.string().nullable(),
  treatment: z.string().nullable(),
  medicines: z.string().nullable(),
  weightKg: z.number().nullable(),
  nextDueDate: z.string().nullable(),
  nextDueReason: z.string().nullable(),
  /** The staff member who recorded it. */
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
});
export type Visit = z.infer<typeof VisitSchema>;

/** Hospital info as stored and returned with a confirmed booking (spec section 3); input rules are below. */
const HospitalInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
});
export type HospitalInfo = z.infer<typeof HospitalInfoSchema>;

/** Every field may be left out or blank: the clinic's configured defaults fill the gaps. */
export const HospitalInfoInputSchema = z.object({
  name: optionalText('Hospital name', 120, 'Hospital name must be at most 120 characters'),
  address: optionalText('Hospital address', 300, 'Hospital address must be at most 300 characters'),
  phone: optionalText('Hospital phone', 30, 'Hospital phone must be at most 30 characters').refine(
    (v) => v === undefined || /^[+()\d\s-]{5,30}$/.test(v),
    'Hospital phone may contain digits, spaces, +, - and brackets only',
  ),
  email: optionalText('Hospital email', EMAIL_MAX, 'Hospital email is too long').refine(
    (v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    'Hospital email is not a valid address',
  ),
  hours: optionalText('Opening hours', 120, 'Opening hours must be at most 120 characters'),
});
export type HospitalInfoInput = z.input<typeof HospitalInfoInputSchema>;

/** PUT /api/slots/confirm/{id}: the slots page sends hospitalInfo, the dashboard sends nothing. */
export const ConfirmSlotBodySchema = z
  .object({ hospitalInfo: HospitalInfoInputSchema.nullish() })
  .nullish()
  .transform((v) => v ?? {});
export type ConfirmSlotBody = z.output<typeof ConfirmSlotBodySchema>;

/** A booking as every endpoint returns it (`_id` and `id` both, for the spec's clients). */
export const BookingSchema = z.object({
  _id: z.string(),
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userAddress: z.string().nullable(),
  schedule: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  petName: z.string(),
  ownerName: z.string(),
  petAge: z.number().nullable(),
  phone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  hospitalInfo: HospitalInfoSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  service: OfferingRefSchema,
  serviceId: z.string(),
  petId: z.string().nullable(),
  note: z.string().nullable(),
  pickupAddress: z.string().nullable(),
  /** When the service's time ends (start + duration). */
  endsAt: z.string(),
  /** The visit's record once staff marked it completed. */
  visit: VisitSchema.nullable(),
  /** Its time has passed without an outcome (pending or confirmed): staff should record one. */
  needsOutcome: z.boolean(),
  /** A pickup ride's progress (null for every other service). */
  ride: RideProgressSchema.nullable(),
  /** Who sees the pet: null for a service without providers (and bookings made before providers existed). */
  providerId: z.string().nullable(),
  providerName: z.string().nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;

/**
 * A booking as staff screens read it: the server always sends the alerts set on its pet (an empty list for a pet
 * without any, or a booking without a stored pet). Optional in the schema, so that older clients and fakes of the
 * staff lists still read as the API's.
 */
export const StaffBookingSchema = BookingSchema.extend({ alerts: PetAlertListSchema.optional() });
export type StaffBooking = z.infer<typeof StaffBookingSchema>;

/**
 * GET /api/slots/bookings filters (plus `limit` and `cursor`): `active` means every status but canceled, `overdue`
 * the bookings whose time has passed without an outcome. `sort=appointment` lists by appointment time from `from`
 * (default: today) on, the staff agenda; the default `created` lists newest first.
 */
export const BookingListQuerySchema = z.object({
  status: z
    .enum([...BOOKING_STATUSES, 'active', 'overdue'], {
      error: 'Status must be pending, confirmed, canceled, completed, no_show, active or overdue',
    })
    .optional(),
  date: DateSchema.optional(),
  from: DateSchema.optional(),
  serviceId: UuidSchema('serviceId').optional(),
  providerId: UuidSchema('providerId').optional(),
  sort: z.enum(['created', 'appointment'], { error: 'Sort must be created or appointment' }).default('created'),
});
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;

/** GET /api/slots/stats: counts from today on (clinic time), canceled bookings left out. */
export const BookingStatsSchema = z.object({
  pending: z.number(),
  confirmed: z.number(),
  confirmedToday: z.number(),
  total: z.number(),
  /** Visits completed since Monday (clinic time). */
  completedThisWeek: z.number(),
  /** No-shows among the outcomes recorded over the last 30 days (0 to 1), null when none were recorded. */
  noShowRate: z.number().nullable(),
});
export type BookingStats = z.infer<typeof BookingStatsSchema>;

/**
 * Socket event to staff (and the booking's owner) whenever a booking is created, confirmed, canceled, moved or
 * closed out. `booking` is the whole row as GET /api/slots/bookings shows it, so a screen updates or inserts that
 * row without refetching its list.
 */
export const BOOKING_CHANGED_EVENT = 'booking_changed';
export const BookingChangedEventSchema = z.object({
  id: z.string(),
  action: z.enum(['created', 'confirmed', 'canceled', 'rescheduled', 'reassigned', 'completed', 'no_show', 'ride']),
  status: z.enum(BOOKING_STATUSES),
  date: z.string(),
  time: z.string(),
  /** Staff hear the pet's alerts with it; the booking's owner does not. */
  booking: BookingSchema.extend({ alerts: PetAlertListSchema.optional() }),
});
export type BookingChangedEvent = z.infer<typeof BookingChangedEventSchema>;

/** Notification types the slots feature stores (GET /api/notifications). */
export const BOOKING_NOTIFICATION_TYPES = {
  confirmed: 'booking_confirmed',
  canceled: 'booking_canceled',
  completed: 'visit_completed',
  rescheduled: 'booking_rescheduled',
  reassigned: 'booking_reassigned',
} as const;
