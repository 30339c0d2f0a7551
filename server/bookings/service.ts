import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { formatDateTime, formatDay, formatWhen, zonedDateTime } from '#shared/dates';
import {
  CLINIC_MSG,
  clinicDay,
  hoursSummary,
  WEEKDAY_NAME,
  WEEKDAYS,
  weekdayOf,
  type ClinicSettings,
  type DayHours,
} from '#shared/clinic-settings';
import type { Notification } from '#shared/notifications';
import { ageInYears, PET_MSG } from '#shared/pets';
import type { RideStep } from '#shared/ride-progress';
import { OFFERING_MSG } from '#shared/offerings';
import { addDays, todayIn, zonedTimeToUtc } from '#shared/dates';
import {
  BOOKING_CHANGED_EVENT,
  OPEN_BOOKING_STATUSES,
  parseSchedule,
  BOOKING_MSG,
  BOOKING_NOTIFICATION_TYPES,
  slotGrid,
  type Availability,
  type BookingChangedEvent,
  type BookingListQuery,
  type BookSlotBody,
  type Calendar,
  type CompleteVisitBody,
  type ConfirmSlotBody,
  type HospitalInfo,
  type Booking,
  type BookingStats,
  type Visit,
} from '#shared/bookings';
import { recordAudit } from '../audit/record.ts';
import { findPgError, isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow, present } from '../db/rows.ts';
import { pets, reminders, services, slotBookings, users, visits } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { newerThanRow, olderThanRow, type Cursor } from '../lib/pagination.ts';
import { bookingCanceledMail } from '../mail/booking-canceled.ts';
import { bookingConfirmedMail, type ConfirmedBookingMail } from '../mail/booking-confirmed.ts';
import { createNotification } from '../notifications/service.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { roleRoom, userRoom } from '../plugins/socket.ts';
import { bookableOffering, capacityOf, findOffering, type OfferingRow } from '../offerings/service.ts';
import { readClinic, type Clinic } from '../settings/clinic.ts';

type Row = typeof slotBookings.$inferSelect;
type VisitRow = typeof visits.$inferSelect;
type BookingConfig = Pick<
  Deps['config'],
  | 'SLOT_OPEN'
  | 'SLOT_CLOSE'
  | 'SLOT_MINUTES'
  | 'SLOT_CAPACITY'
  | 'BOOKING_MAX_OPEN'
  | 'CLINIC_TZ'
  | 'CLINIC_NAME'
  | 'CLINIC_ADDRESS'
  | 'CLINIC_PHONE'
  | 'CLINIC_EMAIL'
  | 'CLINIC_HOURS'
  | 'REMINDER_DAYS_BEFORE'
>;

/** What every slot function needs: the database and the clinic's part of the configuration. */
export type BookingDeps = Pick<Deps, 'db'> & { config: BookingConfig };

/** Tells staff screens (and the owner's other tabs) that a booking changed, with the row as it is now. */
export function announceBooking({ io }: Pick<Deps, 'io'>, b: Booking, action: BookingChangedEvent['action']): void {
  const event: BookingChangedEvent = { id: b.id, action, status: b.status, date: b.date, time: b.time, booking: b };
  io.to(roleRoom('employee')).to(roleRoom('admin')).to(userRoom(b.userId)).emit(BOOKING_CHANGED_EVENT, event);
}

/** The service fields a booking shows. */
type OfferingRef = Pick<OfferingRow, 'id' | 'name' | 'kind'>;
/** A stored booking with what it is shown with: its service and, once completed, its visit. */
export interface BookingRecord {
  booking: Row;
  service: OfferingRef;
  visit: VisitRow | null;
  /** A ride's steps as stored (json from the database), null for other services. */
  rideSteps: { status: RideStep; at: string; message: string | null }[] | null;
}

const OPEN = [...OPEN_BOOKING_STATUSES];
const isOpen = (status: Row['status']) => (OPEN as string[]).includes(status);
const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 60_000);

function toVisitDto(v: VisitRow): Visit {
  return {
    findings: v.findings,
    treatment: v.treatment,
    medicines: v.medicines,
    weightKg: v.weightKg === null ? null : Number(v.weightKg),
    nextDueDate: v.nextDueDate,
    nextDueReason: v.nextDueReason,
    recordedByName: v.recordedByName,
    recordedAt: v.createdAt.toISOString(),
  };
}

/** The API shape of a stored booking; date and time are read back in the clinic's time zone. */
export function toBookingDto(
  { booking: r, service, visit, rideSteps }: BookingRecord,
  timeZone: string,
  now = new Date(),
): Booking {
  const { date, time } = zonedDateTime(r.startsAt, timeZone);
  return {
    ...present(r, [
      'userId',
      'userName',
      'userEmail',
      'userAddress',
      'schedule',
      'startsAt',
      'petName',
      'ownerName',
      'petAge',
      'phone',
      'status',
      'createdAt',
      'updatedAt',
      'serviceId',
      'petId',
      'note',
      'pickupAddress',
      'endsAt',
    ]),
    date,
    time,
    hospitalInfo: r.hospitalInfo ?? null,
    service: {
      id: service.id,
      name: service.name,
      kind: service.kind,
      durationMinutes: minutesBetween(r.startsAt, r.endsAt),
    },
    visit: visit ? toVisitDto(visit) : null,
    needsOutcome: isOpen(r.status) && r.endsAt.getTime() <= now.getTime(),
    ride: r.rideStatus
      ? {
          status: r.rideStatus,
          steps: (rideSteps ?? []).map((st) => ({
            status: st.status,
            at: new Date(st.at).toISOString(),
            message: st.message,
          })),
        }
      : null,
  };
}

/** A ride's steps in the order they were taken, read beside each booking that is a ride. */
const rideStepsOf = sql<BookingRecord['rideSteps']>`case when ${slotBookings.rideStatus} is null then null else (
  select coalesce(json_agg(json_build_object('status', s.status, 'at', s.set_at, 'message', s.message) order by s.set_at), '[]'::json)
    from ride_steps s where s.booking_id = ${slotBookings.id}) end`;

/** Bookings with their service, visit and ride steps, as every list and answer shows them. */
export function selectRecords(db: Executor) {
  return db
    .select({
      booking: slotBookings,
      service: { id: services.id, name: services.name, kind: services.kind },
      visit: visits,
      rideSteps: rideStepsOf,
    })
    .from(slotBookings)
    .innerJoin(services, eq(services.id, slotBookings.serviceId))
    .leftJoin(visits, eq(visits.bookingId, slotBookings.id));
}

/** One booking as the API shows it, read in `db` (a transaction sees its own changes). */
export async function recordOf(db: Executor, id: string): Promise<BookingRecord | undefined> {
  const [record] = await selectRecords(db).where(eq(slotBookings.id, id)).limit(1);
  return record;
}

/** The instants bounding a clinic-local day: [start, end). */
export function dayBounds(date: string, tz: string): { start: Date; end: Date } {
  return { start: zonedTimeToUtc(date, '00:00', tz), end: zonedTimeToUtc(addDays(date, 1), '00:00', tz) };
}

const dayWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A clinic-local instant as people read it in the audit log: '24 Nov 2026 at 12:00'. */
function readableWhen(instant: Date, timeZone: string): string {
  const { date, time } = zonedDateTime(instant, timeZone);
  return `${dayWords.format(new Date(`${date}T12:00:00Z`))} at ${time}`;
}

/** How the audit log names a booking: 'the Pet Health Checkup of Bruno for Asha Rao on 24 Nov 2026 at 12:00'. */
function bookingWords({ booking: b, service }: BookingRecord, timeZone: string): string {
  return `the ${service.name} of ${b.petName} for ${b.userName} on ${readableWhen(b.startsAt, timeZone)}`;
}

/** Retries a transaction that lost a deadlock or serialization race; the database already undid it. */
export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = findPgError(err)?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

/** How a service sits on the grid: its length, the grid step, and how many grid times it covers. */
interface Span {
  durationMinutes: number;
  step: number;
  seats: number;
}
const spanOf = (durationMinutes: number, step: number): Span => ({
  durationMinutes,
  step,
  seats: Math.max(1, Math.ceil(durationMinutes / step)),
});
const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The grid times of a day's hours a service of this length can start at: every one whose service ends by closing. */
function startTimes(hours: DayHours, slotMinutes: number, durationMinutes: number): string[] {
  return slotGrid(hours.open, hours.close, slotMinutes).filter(
    (t) => minuteOf(t) + durationMinutes <= minuteOf(hours.close),
  );
}

/** True when every open weekday has the same hours (refusals then need not name the weekday). */
function sameHoursEveryDay(settings: ClinicSettings): boolean {
  const open = WEEKDAYS.map((d) => settings.hours[d]).filter((h) => h !== null);
  return open.every((h) => h.open === open[0]?.open && h.close === open[0]?.close);
}

/** Whether a caller is held to the booking notice: customers are, staff moving a booking are not. */
interface Caller {
  staff: boolean;
}

/**
 * Checks a requested 'date at time' against the clinic's settings: the booking window, closures and closed weekdays,
 * that weekday's grid and hours (the whole service must end by closing) and, for customers, the booking notice.
 * Returns the instant it names. Every refusal is a 400 with a sentence a customer understands.
 */
function resolveSchedule(
  clinic: Clinic,
  timeZone: string,
  schedule: string,
  durationMinutes: number,
  caller: Caller,
  now = new Date(),
): { date: string; time: string; startsAt: Date } {
  const s = clinic.settings;
  const parsed = parseSchedule(schedule);
  if (!parsed) throw errors.badRequest(BOOKING_MSG.scheduleInvalid);
  const { date, time } = parsed;
  const today = todayIn(timeZone, now);
  if (date < today) throw errors.badRequest(BOOKING_MSG.pastDate);
  if (date > addDays(today, s.bookingWindowDays)) throw errors.badRequest(CLINIC_MSG.tooFarAhead(s.bookingWindowDays));
  const day = clinicDay(s, date);
  if (day.kind === 'closure') throw errors.clinicClosed(CLINIC_MSG.closedOn(date, day.closure.reason));
  if (day.kind === 'weekly') throw errors.clinicClosed(CLINIC_MSG.closedWeekday(day.weekday));
  const { open, close } = day.hours;
  const starts = startTimes(day.hours, s.slotMinutes, durationMinutes);
  if (!starts.includes(time)) {
    const last = starts[starts.length - 1] ?? open;
    if (time < open || time > last) {
      const length = durationMinutes > s.slotMinutes ? ` This service takes ${durationMinutes} minutes;` : '';
      const when = sameHoursEveryDay(s) ? 'We' : `On ${WEEKDAY_NAME[weekdayOf(date)]}s we`;
      throw errors.badRequest(
        `${when} take bookings from ${open} to ${close};${length} the last slot starts at ${last}.`,
      );
    }
    if (!slotGrid(open, close, s.slotMinutes).includes(time)) {
      throw errors.badRequest(`${BOOKING_MSG.offGrid} Slots start every ${s.slotMinutes} minutes from ${open}.`);
    }
  }
  const startsAt = zonedTimeToUtc(date, time, timeZone);
  if (startsAt.getTime() <= now.getTime()) throw errors.badRequest(BOOKING_MSG.pastTime);
  if (!caller.staff && startsAt.getTime() < now.getTime() + s.bookingNoticeMinutes * 60_000) {
    throw errors.badRequest(CLINIC_MSG.tooSoon(s.bookingNoticeMinutes));
  }
  return { date, time, startsAt };
}

/**
 * Takes the customer's row lock for the rest of the transaction. Every change to one customer's bookings takes it
 * first (booking through `slot_booking_guard`, cancel, confirm, reschedule, outcomes; the account's deletion by
 * deleting the row), so they run one at a time per customer and their counts are exact. False when the account no
 * longer exists.
 */
async function lockCustomer(tx: Executor, userId: string): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from users where id = ${userId}::uuid for no key update`)).length > 0;
}

/** The stored booking of one attempt (the customer's Idempotency-Key), if that attempt already booked. */
async function bookingOfAttempt(db: Executor, userId: string, key: string): Promise<BookingRecord | undefined> {
  const [record] = await selectRecords(db)
    .where(and(eq(slotBookings.userId, userId), eq(slotBookings.idempotencyKey, key)))
    .limit(1);
  return record;
}

/** A retried attempt must ask for what it booked; anything else is a client reusing a key by mistake. */
function assertSameAttempt(row: Row, body: BookSlotBody, date: string, time: string): void {
  const same =
    row.schedule === `${date} at ${time}` &&
    (body.petId ? row.petId === body.petId : row.petName === body.petName && row.petAge === (body.petAge ?? null)) &&
    (!body.serviceId || row.serviceId === body.serviceId) &&
    row.ownerName === body.ownerName &&
    row.phone === body.phone;
  if (!same) throw errors.conflict(BOOKING_MSG.keyReused);
}

/** The answer to a booking request: `created` is false when the request replayed an attempt already stored. */
export interface BookResult {
  booking: Booking;
  created: boolean;
}

/**
 * The booking an earlier request with this Idempotency-Key already stored, checked against the body, or undefined.
 * Lets the route answer a retry before counting it against the booking-attempt limit.
 */
export async function replayBooking(
  deps: BookingDeps,
  me: AuthUser,
  key: string,
  body: BookSlotBody,
): Promise<Booking | undefined> {
  if (me.role !== 'user') return undefined;
  const record = await bookingOfAttempt(deps.db, me.id, key);
  if (!record) return undefined;
  const parsed = parseSchedule(body.schedule);
  if (!parsed) throw errors.conflict(BOOKING_MSG.keyReused);
  assertSameAttempt(record.booking, body, parsed.date, parsed.time);
  return toBookingDto(record, deps.config.CLINIC_TZ);
}

/** The pet a booking names, with the name and age it is booked under; 404 for a pet that is not the customer's. */
async function petForBooking(deps: BookingDeps, me: AuthUser, body: BookSlotBody) {
  if (!body.petId) {
    return { petId: null, petName: body.petName ?? '', petAge: body.petAge ?? null };
  }
  const [pet] = await deps.db
    .select()
    .from(pets)
    .where(and(eq(pets.id, body.petId), eq(pets.ownerId, me.id)))
    .limit(1);
  if (!pet) throw errors.notFound('Pet');
  if (pet.archivedAt) throw errors.conflict(PET_MSG.archived);
  return { petId: pet.id, petName: pet.name, petAge: ageInYears(pet, todayIn(deps.config.CLINIC_TZ)) };
}

/** SQLSTATE `slot_seats_all_taken` raises when some, not all, of a booking's seats were free (migration 0002). */
const SEATS_PARTLY_FULL = 'PW409';

/**
 * Books a service for the signed-in customer in ONE statement (one round trip, its own transaction):
 * 1. `slot_booking_guard` (migration 0002) waits for the customer's row lock, then reads with a fresh snapshot
 *    whether the customer exists, how many upcoming open bookings they hold (the clinic's cap), the booking of an
 *    earlier request with the same Idempotency-Key, whether the pet already has a booking overlapping this one and
 *    whether the named pet is still the customer's; racing requests of one customer pass it one at a time, so these
 *    hold under any race;
 * 2. only when the guard lets it through, a data-modifying CTE takes one seat at every grid time the service covers,
 *    each with an atomic conditional upsert of that time's counter (no row back = full), in time order so two
 *    bookings never wait on each other crosswise; `slot_seats_all_taken` aborts the whole statement, seats
 *    included, when only some were free, and the booking is inserted only when all were. The NOT EXISTS read only
 *    refuses early when a time is already full (a crowd on a full time would otherwise queue on its row lock); the
 *    conditional upserts alone decide who gets the seats.
 * The seats are given back by a database trigger whenever the booking stops holding them (decisions 014 and 021).
 * The clinic's settings are read for every booking, and the statement checks, holding a KEY SHARE lock on their
 * row, that they are still the revision it used (an admin's save waits for it, or it sees the save and the booking
 * is decided again on the new settings): no booking lands on a day closed or a grid changed meanwhile (decision 026).
 */
export async function bookSlot(
  deps: BookingDeps,
  me: AuthUser,
  body: BookSlotBody,
  key?: string,
  { freshOffering = false, attempt = 1 }: { freshOffering?: boolean; attempt?: number } = {},
): Promise<BookResult> {
  const { db, config } = deps;
  if (me.role !== 'user') throw errors.forbidden(BOOKING_MSG.staffCannotBook);
  if (body.userId && body.userId !== me.id) throw errors.forbidden(BOOKING_MSG.otherUser);
  const clinic = await readClinic(db, config);
  const service = await bookableOffering(db, body.serviceId, { fresh: freshOffering });
  const span = spanOf(service.durationMinutes, clinic.seatStepMinutes);
  const { date, time, startsAt } = resolveSchedule(clinic, config.CLINIC_TZ, body.schedule, span.durationMinutes, {
    staff: false,
  });
  const maxOpen = clinic.settings.maxOpenBookings;
  const endsAt = addMinutes(startsAt, span.durationMinutes);
  const pet = await petForBooking(deps, me, body);
  const at = startsAt.toISOString();
  const until = endsAt.toISOString();
  const capacity = capacityOf(service, config.SLOT_CAPACITY);
  const bodyAddress = body.userAddress?.trim() || null;
  let pickupAddress: string | null = null;
  if (service.kind === 'pickup') {
    const [profile] = await db.select({ address: users.address }).from(users).where(eq(users.id, me.id)).limit(1);
    pickupAddress = body.pickupAddress ?? profile?.address ?? null;
    if (!pickupAddress) throw errors.badRequest(BOOKING_MSG.pickupAddressRequired);
  }

  // The guard's answer, and the booking's columns when one was made (id null when not).
  type Outcome = Record<string, unknown> & {
    customer_exists: boolean;
    open_bookings: number;
    earlier_id: string | null;
    pet_busy: boolean;
    pet_ok: boolean;
    service_current: boolean;
    settings_current: boolean;
    id: string | null;
  };
  let outcome: Outcome | undefined;
  try {
    [outcome] = await withRetry(async () =>
      rowsOf<Outcome>(
        await db.execute(sql`
          with guard as materialized (
            select * from slot_booking_guard(${me.id}::uuid, ${key ?? null}::text, ${pet.petId}::uuid, ${pet.petName}::text, ${at}::timestamptz, ${until}::timestamptz)
          ),
          -- The service is still as this request read it (a cached read may be behind an admin's change).
          current as materialized (
            select 1 from services s
            where s.id = ${service.id}::uuid and s.active and s.kind = ${service.kind}
              and s.duration_minutes = ${service.durationMinutes}::int and s.capacity is not distinct from ${service.capacity}::int
          ),
          -- The clinic's settings are still the revision this request read; the lock holds off a save until we commit,
          -- and a save that committed while we waited fails the check (it is re-read on the new row).
          settings as materialized (
            select 1 from site_settings
            where key = 'clinic' and (value->>'revision')::int = ${clinic.revision}::int
            for key share
          ),
          seat as (
            insert into slot_seats (service_id, starts_at, booked)
            select ${service.id}::uuid, t, 1
            from guard, generate_series(${at}::timestamptz, ${until}::timestamptz - interval '1 microsecond', make_interval(mins => ${span.step}::int)) as t
            where guard.customer_exists and guard.earlier_id is null and guard.open_bookings < ${maxOpen}
              and guard.pet_ok and not guard.pet_busy and exists (select 1 from current) and exists (select 1 from settings)
              -- Fast path, no lock: a service with a time already full is refused without queueing on its row.
              and not exists (
                select 1 from slot_seats s
                where s.service_id = ${service.id}::uuid and s.starts_at >= ${at}::timestamptz and s.starts_at < ${until}::timestamptz
                  and s.booked >= ${capacity}
              )
            order by t
            on conflict (service_id, starts_at) do update set booked = slot_seats.booked + 1
            where slot_seats.booked < ${capacity}
            returning starts_at
          ),
          taken as (
            select slot_seats_all_taken((select count(*)::int from seat), ${span.seats}::int) as ok
          ),
          booking as (
            insert into slot_bookings (user_id, user_name, user_email, user_address, schedule, starts_at, ends_at, seat_step_minutes,
                                       service_id, pet_id, pet_name, owner_name, pet_age, phone, note, pickup_address, idempotency_key)
            select ${me.id}::uuid, ${me.name}, ${me.email},
                   coalesce((select address from users where id = ${me.id}::uuid), ${bodyAddress}),
                   ${`${date} at ${time}`}, ${at}::timestamptz, ${until}::timestamptz, ${span.step}::int,
                   ${service.id}::uuid, ${pet.petId}::uuid, ${pet.petName}, ${body.ownerName}, ${pet.petAge}::int, ${body.phone},
                   ${body.note ?? null}, ${pickupAddress}, ${key ?? null}
            from taken where taken.ok
            returning *
          )
          select guard.customer_exists, guard.open_bookings, guard.earlier_id, guard.pet_busy, guard.pet_ok,
                 exists (select 1 from current) as service_current, exists (select 1 from settings) as settings_current,
                 booking.*
          from guard left join booking on true`),
      ),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'slot_bookings_pet_time_uq')) throw errors.conflict(BOOKING_MSG.petAlreadyBooked);
    if (findPgError(err)?.code === SEATS_PARTLY_FULL) throw errors.conflict(BOOKING_MSG.slotFull, 'SLOT_FULL');
    throw err;
  }
  if (!outcome?.customer_exists) throw errors.unauthenticated();
  if (outcome.earlier_id) {
    const earlier = await recordOf(db, outcome.earlier_id);
    // Only the account's deletion removes bookings.
    if (!earlier) throw errors.unauthenticated();
    assertSameAttempt(earlier.booking, body, date, time);
    return { booking: toBookingDto(earlier, config.CLINIC_TZ), created: false };
  }
  if (!outcome.service_current) {
    // An admin changed or deactivated the service since it was read: decide again on what is stored now.
    if (!freshOffering) return bookSlot(deps, me, body, key, { freshOffering: true, attempt });
    throw errors.conflict(OFFERING_MSG.unavailable);
  }
  if (!outcome.settings_current) {
    // An admin saved the clinic's settings meanwhile: decide again on what is stored now.
    if (attempt < 3) return bookSlot(deps, me, body, key, { freshOffering, attempt: attempt + 1 });
    throw errors.conflict(BOOKING_MSG.settingsChanged);
  }
  if (!outcome.pet_ok) throw errors.conflict(PET_MSG.archived);
  const open = Number(outcome.open_bookings);
  if (open >= maxOpen) throw errors.conflict(BOOKING_MSG.tooManyOpen(open), 'BOOKING_LIMIT');
  if (outcome.pet_busy) throw errors.conflict(BOOKING_MSG.petBusy);
  if (!outcome.id) throw errors.conflict(BOOKING_MSG.slotFull, 'SLOT_FULL');
  const record = { booking: fromSqlRow(slotBookings, outcome), service, visit: null, rideSteps: [] };
  return { booking: toBookingDto(record, config.CLINIC_TZ), created: true };
}

/** A service whose seats are shown: the one named (404 when unknown), or the checkup. */
async function shownOffering(db: Executor, serviceId: string | undefined): Promise<OfferingRow> {
  if (!serviceId) return bookableOffering(db, undefined);
  const service = await findOffering(db, serviceId);
  if (!service) throw errors.notFound('Service');
  if (service.kind === 'emergency') throw errors.badRequest(OFFERING_MSG.emergencyNotBookable);
  return service;
}

/** Seats taken per instant (ms) of one service between two instants. */
async function seatsBetween(db: Executor, serviceId: string, from: Date, to: Date): Promise<Map<number, number>> {
  const taken = rowsOf<{ starts_at: Date | string; booked: number }>(
    await db.execute(
      sql`select starts_at, booked from slot_seats where service_id = ${serviceId}::uuid and starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz`,
    ),
  );
  return new Map(taken.map((r) => [new Date(r.starts_at).getTime(), Number(r.booked)]));
}

/** Every start time of one day's hours for a service, with the seats free for its whole length (none when closed). */
function dayTimes(
  clinic: Clinic,
  config: BookingConfig,
  service: OfferingRow,
  date: string,
  booked: Map<number, number>,
  caller: Caller,
  now: Date,
): Availability['slots'] {
  const day = clinicDay(clinic.settings, date);
  if (day.kind !== 'open') return [];
  const capacity = capacityOf(service, config.SLOT_CAPACITY);
  const span = spanOf(service.durationMinutes, clinic.seatStepMinutes);
  const noticeUntil = now.getTime() + (caller.staff ? 0 : clinic.settings.bookingNoticeMinutes * 60_000);
  return startTimes(day.hours, clinic.settings.slotMinutes, span.durationMinutes).map((time) => {
    const at = zonedTimeToUtc(date, time, config.CLINIC_TZ);
    let most = 0;
    for (let i = 0; i < span.seats; i++) most = Math.max(most, booked.get(at.getTime() + i * span.step * 60_000) ?? 0);
    const past = at.getTime() <= now.getTime();
    return {
      time,
      capacity,
      booked: most,
      available: Math.max(capacity - most, 0),
      past,
      // Sent only when true, so a time's shape is what clients knew before the booking notice existed.
      ...(!past && at.getTime() < noticeUntil ? { tooSoon: true } : {}),
    };
  });
}

/** Whether the clinic is closed on a day, why, and its hours, as the calendar and the day's times show them. */
function closureFields(settings: ClinicSettings, date: string) {
  const day = clinicDay(settings, date);
  return {
    closed: day.kind !== 'open',
    closedReason: day.kind === 'closure' ? day.closure.reason : null,
    hours: day.kind === 'open' ? day.hours : null,
  };
}

/**
 * Free seats per start time of one clinic-local day, for a service (the checkup when none is named), on that
 * weekday's hours; a closed day has no times and says why. Staff are not held to the booking notice.
 */
export async function availability(
  deps: BookingDeps,
  date: string,
  serviceId?: string,
  caller: Caller = { staff: false },
  now = new Date(),
): Promise<Availability> {
  const { db, config } = deps;
  const clinic = await readClinic(db, config);
  const service = await shownOffering(db, serviceId);
  const { start, end } = dayBounds(date, config.CLINIC_TZ);
  const booked = await seatsBetween(db, service.id, start, end);
  return {
    date,
    serviceId: service.id,
    durationMinutes: service.durationMinutes,
    timeZone: config.CLINIC_TZ,
    slotMinutes: clinic.settings.slotMinutes,
    slots: dayTimes(clinic, config, service, date, booked, caller, now),
    ...closureFields(clinic.settings, date),
  };
}

/**
 * For each day of a month, how many start times have a free seat for the whole service (0 for days before today,
 * closed days, days beyond the booking window, or full), whether the clinic is closed and why, and its hours. One
 * read of the month's counters.
 */
export async function calendar(
  deps: BookingDeps,
  month: string,
  serviceId?: string,
  caller: Caller = { staff: false },
  now = new Date(),
): Promise<Calendar> {
  const { db, config } = deps;
  const clinic = await readClinic(db, config);
  const service = await shownOffering(db, serviceId);
  const first = `${month}-01`;
  const days: string[] = [];
  for (let d = first; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  const { start } = dayBounds(first, config.CLINIC_TZ);
  const { end } = dayBounds(days[days.length - 1]!, config.CLINIC_TZ);
  const booked = await seatsBetween(db, service.id, start, end);
  const today = todayIn(config.CLINIC_TZ, now);
  const last = addDays(today, clinic.settings.bookingWindowDays);
  return {
    month,
    serviceId: service.id,
    timeZone: config.CLINIC_TZ,
    lastDate: last,
    days: days.map((date) => ({
      date,
      freeTimes:
        date < today || date > last
          ? 0
          : dayTimes(clinic, config, service, date, booked, caller, now).filter(
              (s) => !s.past && !s.tooSoon && s.available > 0,
            ).length,
      ...closureFields(clinic.settings, date),
    })),
  };
}

const newestFirst = (cursor?: Cursor): SQL | undefined =>
  cursor ? olderThanRow(slotBookings, slotBookings.createdAt, slotBookings.id, cursor) : undefined;

/** A page of the customer's own bookings, newest first. */
export async function listMine(deps: BookingDeps, userId: string, limit: number, cursor?: Cursor): Promise<Booking[]> {
  const rows = await selectRecords(deps.db)
    .where(and(eq(slotBookings.userId, userId), newestFirst(cursor)))
    .orderBy(desc(slotBookings.createdAt), desc(slotBookings.id))
    .limit(limit + 1);
  const now = new Date();
  return rows.map((r) => toBookingDto(r, deps.config.CLINIC_TZ, now));
}

/**
 * A page of all bookings for staff, filtered by status, service and clinic-local day: newest first, or, with
 * `sort=appointment`, by appointment time from `from` (default today) on, the staff agenda. `overdue` lists the
 * bookings whose time has passed without an outcome, oldest first.
 */
export async function listBookings(
  deps: BookingDeps,
  filter: BookingListQuery,
  limit: number,
  cursor?: Cursor,
  now = new Date(),
): Promise<Booking[]> {
  const tz = deps.config.CLINIC_TZ;
  const byAppointment = filter.sort === 'appointment' || filter.status === 'overdue';
  const conds: (SQL | undefined)[] = [];
  if (filter.status === 'active')
    conds.push(inArray(slotBookings.status, ['pending', 'confirmed', 'completed', 'no_show']));
  // Spelled as constants so the planner can use the partial index of open bookings (slot_bookings_open_starts_idx).
  else if (filter.status === 'overdue')
    conds.push(sql`${slotBookings.status} in ('pending', 'confirmed')`, lte(slotBookings.endsAt, now));
  else if (filter.status) conds.push(eq(slotBookings.status, filter.status));
  if (filter.serviceId) conds.push(eq(slotBookings.serviceId, filter.serviceId));
  if (filter.date) {
    const { start, end } = dayBounds(filter.date, tz);
    conds.push(gte(slotBookings.startsAt, start), lt(slotBookings.startsAt, end));
  }
  if (byAppointment) {
    if (filter.status !== 'overdue' && !filter.date) {
      conds.push(gte(slotBookings.startsAt, dayBounds(filter.from ?? todayIn(tz, now), tz).start));
    }
    if (cursor) conds.push(newerThanRow(slotBookings, slotBookings.startsAt, slotBookings.id, cursor));
  } else {
    conds.push(newestFirst(cursor));
  }
  const rows = await selectRecords(deps.db)
    .where(and(...conds))
    .orderBy(
      ...(byAppointment
        ? [asc(slotBookings.startsAt), asc(slotBookings.id)]
        : [desc(slotBookings.createdAt), desc(slotBookings.id)]),
    )
    .limit(limit + 1);
  return rows.map((r) => toBookingDto(r, tz, now));
}

/** A page of one pet's bookings with their visits, newest appointment first (the pet's record). */
export async function petTimeline(
  deps: BookingDeps,
  petId: string,
  limit: number,
  cursor?: Cursor,
): Promise<Booking[]> {
  const rows = await selectRecords(deps.db)
    .where(
      and(
        eq(slotBookings.petId, petId),
        cursor ? olderThanRow(slotBookings, slotBookings.startsAt, slotBookings.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(slotBookings.startsAt), desc(slotBookings.id))
    .limit(limit + 1);
  const now = new Date();
  return rows.map((r) => toBookingDto(r, deps.config.CLINIC_TZ, now));
}

/** Monday (clinic time) of the week `date` lies in. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Dashboard counts: the spec's four from today on (clinic time), canceled bookings left out, as a range over the
 * starts_at index rather than a scan of every booking ever made; visits completed since Monday; and the share of
 * no-shows among the outcomes of the last 30 days.
 */
export async function stats(deps: BookingDeps, now = new Date()): Promise<BookingStats> {
  const tz = deps.config.CLINIC_TZ;
  const today = todayIn(tz, now);
  const { start, end } = dayBounds(today, tz);
  const monday = dayBounds(mondayOf(today), tz).start;
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const [row] = rowsOf<Record<string, number | null>>(
    await deps.db.execute(sql`
      select
        count(*) filter (where starts_at >= ${start.toISOString()}::timestamptz and status = 'pending')::int as "pending",
        count(*) filter (where starts_at >= ${start.toISOString()}::timestamptz and status = 'confirmed')::int as "confirmed",
        count(*) filter (where starts_at >= ${start.toISOString()}::timestamptz and status = 'confirmed' and starts_at < ${end.toISOString()}::timestamptz)::int as "confirmedToday",
        count(*) filter (where starts_at >= ${start.toISOString()}::timestamptz)::int as "total",
        count(*) filter (where starts_at >= ${monday.toISOString()}::timestamptz and status = 'completed')::int as "completedThisWeek",
        count(*) filter (where starts_at >= ${monthAgo.toISOString()}::timestamptz and status = 'completed')::int as "completedMonth",
        count(*) filter (where starts_at >= ${monthAgo.toISOString()}::timestamptz and status = 'no_show')::int as "noShowMonth"
      from slot_bookings
      where starts_at >= least(${start.toISOString()}::timestamptz, ${monday.toISOString()}::timestamptz, ${monthAgo.toISOString()}::timestamptz)
        and status <> 'canceled'`),
  );
  const n = (v: number | null | undefined) => Number(v ?? 0);
  const outcomes = n(row?.completedMonth) + n(row?.noShowMonth);
  return {
    pending: n(row?.pending),
    confirmed: n(row?.confirmed),
    confirmedToday: n(row?.confirmedToday),
    total: n(row?.total),
    completedThisWeek: n(row?.completedThisWeek),
    noShowRate: outcomes === 0 ? null : Math.round((n(row?.noShowMonth) / outcomes) * 1000) / 1000,
  };
}

/**
 * The clinic's hospital info (its contact details from the configuration, its weekly hours from the clinic settings
 * when given, else CLINIC_HOURS), overridden field by field by what staff typed.
 */
export function hospitalInfoFor(
  config: BookingConfig,
  input: ConfirmSlotBody,
  settings?: ClinicSettings,
): HospitalInfo {
  const h: Partial<HospitalInfo> = input.hospitalInfo ?? {};
  return {
    name: h.name?.trim() || config.CLINIC_NAME,
    address: h.address?.trim() || config.CLINIC_ADDRESS,
    phone: h.phone?.trim() || config.CLINIC_PHONE,
    email: h.email?.trim() || config.CLINIC_EMAIL,
    hours: h.hours?.trim() || (settings ? hoursSummary(settings) : config.CLINIC_HOURS),
  };
}

async function explainMissing(tx: Executor, id: string): Promise<never> {
  const [row] = await tx
    .select({ status: slotBookings.status })
    .from(slotBookings)
    .where(eq(slotBookings.id, id))
    .limit(1);
  if (!row) throw errors.notFound('Booking');
  if (row.status === 'confirmed') throw errors.conflict(BOOKING_MSG.alreadyConfirmed);
  if (row.status === 'completed' || row.status === 'no_show') throw errors.conflict(BOOKING_MSG.outcomeRecorded);
  throw errors.conflict(BOOKING_MSG.confirmCanceled);
}

/** Locks the owner of a booking (every booking change takes it first); undefined when the booking does not exist. */
export async function lockOwnerOf(tx: Executor, id: string): Promise<string | undefined> {
  const [owner] = await tx
    .select({ userId: slotBookings.userId })
    .from(slotBookings)
    .where(eq(slotBookings.id, id))
    .limit(1);
  if (owner) await lockCustomer(tx, owner.userId);
  return owner?.userId;
}

/**
 * Confirms a pending booking (staff). In one transaction: status + hospital info, the customer's notification,
 * the confirmation mail (with its calendar invite) in the outbox and the audit entry. The caller pushes the
 * notification and announces the entry after the commit.
 */
export async function confirmBooking(
  deps: BookingDeps,
  actor: AuthUser,
  id: string,
  hospital: HospitalInfo,
): Promise<{ booking: Booking; notification: Notification; audit: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  return db.transaction(async (tx) => {
    // The owner's lock first, as every booking change takes it (the notification below refers to the owner's row).
    await lockOwnerOf(tx, id);
    const [row] = await tx
      .update(slotBookings)
      .set({ status: 'confirmed', hospitalInfo: hospital, updatedAt: sql`now()` })
      .where(and(eq(slotBookings.id, id), eq(slotBookings.status, 'pending')))
      .returning({ id: slotBookings.id });
    if (!row) return explainMissing(tx, id);
    const record = (await recordOf(tx, id))!;
    const b = record.booking;
    const booking = toBookingDto(record, config.CLINIC_TZ);
    const notification = await createNotification(
      { db: tx },
      {
        userId: b.userId,
        type: BOOKING_NOTIFICATION_TYPES.confirmed,
        title: 'Booking confirmed',
        body: `${b.petName}'s ${record.service.name} at ${hospital.name} on ${formatDateTime(b.startsAt, config.CLINIC_TZ)} is confirmed.`,
        data: { bookingId: b.id, schedule: b.schedule, status: 'confirmed', hospitalInfo: hospital },
      },
    );
    const mail = bookingConfirmedMail(mailFactsOf(b, hospital, config.CLINIC_TZ));
    await enqueueMail(tx, {
      kind: 'booking_confirmed',
      to: b.userEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [
        { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: mail.ics },
      ],
    });
    const audit = await recordAudit(tx, actor, {
      kind: 'booking.confirmed',
      subjectType: 'booking',
      subjectId: b.id,
      summary: `Confirmed ${bookingWords(record, config.CLINIC_TZ)}`,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    return { booking, notification, audit };
  });
}

/** What the booking e-mails (the confirmation, the reminder) and their calendar invite say about a booking. */
export function mailFactsOf(b: Row, hospital: HospitalInfo, timeZone: string): ConfirmedBookingMail {
  return {
    bookingId: b.id,
    userName: b.userName,
    userEmail: b.userEmail,
    ownerName: b.ownerName,
    petName: b.petName,
    startsAt: b.startsAt,
    minutes: minutesBetween(b.startsAt, b.endsAt),
    hospital,
    timeZone,
  };
}

const isStaff = (me: AuthUser) => me.role === 'employee' || me.role === 'admin';

/** A pickup ride whose driver has set off: the customer can no longer move or cancel it. */
const rideUnderWay = (b: Row) => b.rideStatus !== null && b.rideStatus !== 'scheduled' && b.rideStatus !== 'canceled';

/** A customer may not move or cancel a booking that starts within the clinic's change notice (409); staff may. */
function checkChangeNotice(settings: ClinicSettings, me: AuthUser, b: Row, now: Date): void {
  const notice = settings.changeNoticeMinutes;
  if (isStaff(me) || notice === 0) return;
  if (b.startsAt.getTime() - now.getTime() < notice * 60_000) throw errors.conflict(CLINIC_MSG.changeTooLate(notice));
}

/**
 * Cancels a pending or confirmed booking once: the status change is guarded in the UPDATE, and the database trigger
 * gives its seats back in the same transaction. Staff may cancel any booking, a customer only their own (someone
 * else's is a 404, so ids cannot be probed) and not within the clinic's change notice. Cancelling twice is harmless;
 * a visit with its outcome cannot be canceled (409). The same transaction queues the customer's e-mail (the clinic's
 * cancellation, or a confirmation of their own) and, when staff canceled, their notification; the caller nudges the
 * outbox.
 */
export async function cancelBooking(
  deps: BookingDeps & { config: Pick<Deps['config'], 'PUBLIC_URL'> },
  me: AuthUser,
  id: string,
  now = new Date(),
): Promise<{ booking: Booking; changed: boolean; notification?: Notification; audit?: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  const { settings } = isStaff(me) ? { settings: null } : await readClinic(db, config);
  return withRetry(() =>
    db.transaction(async (tx) => {
      const current = await recordOf(tx, id);
      if (!current || (!isStaff(me) && current.booking.userId !== me.id)) throw errors.notFound('Booking');
      if (current.booking.status === 'canceled')
        return { booking: toBookingDto(current, config.CLINIC_TZ), changed: false };
      if (settings && isOpen(current.booking.status)) checkChangeNotice(settings, me, current.booking, now);
      // The owner's deletion may have taken the booking with it meanwhile: then the update finds nothing.
      await lockCustomer(tx, current.booking.userId);
      // Under the lock every change of the booking waits: the status read now is the one the update changes.
      const [held] = isStaff(me)
        ? await tx.select({ status: slotBookings.status }).from(slotBookings).where(eq(slotBookings.id, id)).limit(1)
        : [];
      // A customer cannot cancel a ride once the driver has set off (staff can, and call them).
      const [row] = await tx
        .update(slotBookings)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(
          and(
            eq(slotBookings.id, id),
            inArray(slotBookings.status, OPEN),
            isStaff(me) ? undefined : sql`coalesce(${slotBookings.rideStatus}, 'scheduled') = 'scheduled'`,
          ),
        )
        .returning({ id: slotBookings.id });
      const after = await recordOf(tx, id);
      if (!after) throw errors.notFound('Booking');
      if (!row) {
        if (after.booking.status === 'canceled')
          return { booking: toBookingDto(after, config.CLINIC_TZ), changed: false };
        if (isOpen(after.booking.status) && rideUnderWay(after.booking))
          throw errors.conflict(BOOKING_MSG.rideUnderWay);
        throw errors.conflict(BOOKING_MSG.cancelClosed);
      }
      const b = after.booking;
      const byClinic = b.userId !== me.id;
      let notification: Notification | undefined;
      if (byClinic) {
        notification = await createNotification(
          { db: tx },
          {
            userId: b.userId,
            type: BOOKING_NOTIFICATION_TYPES.canceled,
            title: 'Booking canceled',
            body: `The clinic canceled ${b.petName}'s appointment on ${formatDateTime(b.startsAt, config.CLINIC_TZ)}. Please book another time.`,
            data: { bookingId: b.id, schedule: b.schedule, status: 'canceled' },
          },
        );
      }
      const mail = bookingCanceledMail({
        userName: b.userName,
        petName: b.petName,
        serviceName: after.service.name,
        startsAt: b.startsAt,
        timeZone: config.CLINIC_TZ,
        by: byClinic ? 'clinic' : 'customer',
        publicUrl: config.PUBLIC_URL,
      });
      await enqueueMail(tx, { kind: 'booking_canceled', to: b.userEmail, ...mail });
      // A customer canceling their own booking is not a staff action: only staff cancellations are recorded.
      const audit = held
        ? await recordAudit(tx, me, {
            kind: 'booking.canceled',
            subjectType: 'booking',
            subjectId: b.id,
            summary: `Canceled ${bookingWords(after, config.CLINIC_TZ)}`,
            before: { status: held.status },
            after: { status: 'canceled' },
          })
        : undefined;
      return { booking: toBookingDto(after, config.CLINIC_TZ), changed: true, notification, audit };
    }),
  );
}

/**
 * Moves an open booking that has not started to a new time of the same service, in one transaction: the booking's
 * row changes first (the trigger gives its old seats back), then every seat of the new time is taken with the same
 * conditional upsert as a booking; when any is full the transaction is undone and the booking stays exactly as it
 * was (409). A moved booking is pending again, for staff to confirm; when staff moved it, the customer is told.
 */
export async function rescheduleBooking(
  deps: BookingDeps,
  me: AuthUser,
  id: string,
  schedule: string,
  now = new Date(),
): Promise<{ booking: Booking; notification?: Notification; audit?: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        // The settings row's KEY SHARE lock holds off an admin's save until this move commits (decision 026).
        const clinic = await readClinic(tx, config, { lock: 'key share' });
        const owner = await lockOwnerOf(tx, id);
        const current = owner ? await recordOf(tx, id) : undefined;
        if (!current || (!isStaff(me) && current.booking.userId !== me.id)) throw errors.notFound('Booking');
        const b = current.booking;
        if (isOpen(b.status) && rideUnderWay(b)) throw errors.conflict(BOOKING_MSG.rideUnderWay);
        if (!isOpen(b.status) || b.startsAt.getTime() <= now.getTime())
          throw errors.conflict(BOOKING_MSG.rescheduleClosed);
        checkChangeNotice(clinic.settings, me, b, now);
        const [service] = await tx.select().from(services).where(eq(services.id, b.serviceId)).limit(1);
        const span = spanOf(minutesBetween(b.startsAt, b.endsAt), clinic.seatStepMinutes);
        const { date, time, startsAt } = resolveSchedule(
          clinic,
          config.CLINIC_TZ,
          schedule,
          span.durationMinutes,
          { staff: isStaff(me) },
          now,
        );
        if (startsAt.getTime() === b.startsAt.getTime()) throw errors.badRequest(BOOKING_MSG.rescheduleSameTime);
        const endsAt = addMinutes(startsAt, span.durationMinutes);
        const petBusy = rowsOf(
          await tx.execute(sql`
            select 1 from slot_bookings
            where user_id = ${b.userId}::uuid and id <> ${b.id}::uuid and status in ('pending', 'confirmed')
              and starts_at < ${endsAt.toISOString()}::timestamptz and ends_at > ${startsAt.toISOString()}::timestamptz
              and ((pet_id is not null and pet_id = ${b.petId}::uuid) or lower(pet_name) = lower(${b.petName}))
            limit 1`),
        );
        if (petBusy.length > 0) throw errors.conflict(BOOKING_MSG.petBusy);
        await tx
          .update(slotBookings)
          .set({
            schedule: `${date} at ${time}`,
            startsAt,
            endsAt,
            seatStepMinutes: span.step,
            status: 'pending',
            updatedAt: sql`now()`,
          })
          .where(eq(slotBookings.id, id));
        const capacity = capacityOf(service!, config.SLOT_CAPACITY);
        const seats = rowsOf(
          await tx.execute(sql`
            insert into slot_seats (service_id, starts_at, booked)
            select ${b.serviceId}::uuid, t, 1
            from generate_series(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz - interval '1 microsecond', make_interval(mins => ${span.step}::int)) as t
            order by t
            on conflict (service_id, starts_at) do update set booked = slot_seats.booked + 1
            where slot_seats.booked < ${capacity}
            returning starts_at`),
        );
        if (seats.length < span.seats) throw errors.conflict(BOOKING_MSG.slotFull, 'SLOT_FULL');
        const moved = (await recordOf(tx, id))!;
        let notification: Notification | undefined;
        if (b.userId !== me.id) {
          notification = await createNotification(
            { db: tx },
            {
              userId: b.userId,
              type: BOOKING_NOTIFICATION_TYPES.rescheduled,
              title: 'Booking moved',
              body: `The clinic moved ${b.petName}'s ${current.service.name} from ${formatDateTime(b.startsAt, config.CLINIC_TZ)} to ${formatWhen(date, time)}.`,
              data: { bookingId: b.id, schedule: `${date} at ${time}`, status: 'pending' },
            },
          );
        }
        // Customers move their own bookings freely: only staff moves are recorded.
        const audit = isStaff(me)
          ? await recordAudit(tx, me, {
              kind: 'booking.rescheduled',
              subjectType: 'booking',
              subjectId: b.id,
              summary: `Moved ${bookingWords(current, config.CLINIC_TZ)} to ${readableWhen(startsAt, config.CLINIC_TZ)}`,
              before: { schedule: b.schedule, ...(b.status === 'pending' ? {} : { status: b.status }) },
              after: { schedule: `${date} at ${time}`, ...(b.status === 'pending' ? {} : { status: 'pending' }) },
            })
          : undefined;
        return { booking: toBookingDto(moved, config.CLINIC_TZ, now), notification, audit };
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'slot_bookings_pet_time_uq')) throw errors.conflict(BOOKING_MSG.petBusy);
    throw err;
  }
}

/**
 * The latest start a booking may have for this outcome to be recorded now: a visit may be completed from the start of
 * its day (a pet seen before its booked time), a no-show only once its time has begun.
 */
function outcomeDeadline(config: BookingConfig, status: 'completed' | 'no_show', now: Date): Date {
  return status === 'completed' ? dayBounds(todayIn(config.CLINIC_TZ, now), config.CLINIC_TZ).end : now;
}

/** The clinic's earliest opening time of the week: when care reminders go out (09:00 while no day is open). */
function firstOpening(settings: ClinicSettings): string {
  const opens = WEEKDAYS.flatMap((d) => settings.hours[d]?.open ?? []).sort();
  return opens[0] ?? '09:00';
}

/**
 * The care reminder of a visit whose record sets a next-due date: REMINDER_DAYS_BEFORE days before it, at opening
 * time; when that is already past, tomorrow at opening time, as long as that is still before the due date.
 */
async function scheduleCareReminder(tx: Executor, config: BookingConfig, b: Row, nextDueDate: string, now: Date) {
  const tz = config.CLINIC_TZ;
  const opening = firstOpening((await readClinic(tx, config)).settings);
  const forAt = zonedTimeToUtc(nextDueDate, opening, tz);
  let dueAt = zonedTimeToUtc(addDays(nextDueDate, -config.REMINDER_DAYS_BEFORE), opening, tz);
  if (dueAt.getTime() <= now.getTime()) dueAt = zonedTimeToUtc(addDays(todayIn(tz, now), 1), opening, tz);
  if (dueAt.getTime() >= forAt.getTime()) return;
  await tx
    .insert(reminders)
    .values({ kind: 'care', bookingId: b.id, userId: b.userId, dueAt, forAt })
    .onConflictDoUpdate({
      target: [reminders.kind, reminders.bookingId],
      set: { dueAt, forAt, sentAt: null },
    });
}

/** Why this outcome cannot be recorded for this booking (it is not confirmed, or not due yet). */
function outcomeRefusal(b: Row, status: 'completed' | 'no_show', deadline: Date): never {
  if (b.status === 'completed' || b.status === 'no_show') throw errors.conflict(BOOKING_MSG.outcomeRecorded);
  if (b.status !== 'confirmed') throw errors.conflict(BOOKING_MSG.outcomeNeedsConfirmed);
  if (b.startsAt.getTime() >= deadline.getTime() && status === 'completed') {
    throw errors.conflict(BOOKING_MSG.outcomeTooEarly);
  }
  if (b.startsAt.getTime() > deadline.getTime()) throw errors.conflict(BOOKING_MSG.noShowTooEarly);
  throw errors.conflict(BOOKING_MSG.outcomeNeedsConfirmed);
}

/**
 * Records a visit's outcome (staff): a confirmed booking becomes `completed` with its visit record from the start of
 * its day, or `no_show` once its time has begun. The status change is guarded in the UPDATE; the visit, the pet's new weight and the
 * customer's notification are written in the same transaction.
 */
export async function recordOutcome(
  deps: BookingDeps,
  me: AuthUser,
  id: string,
  outcome: { status: 'completed'; visit: CompleteVisitBody } | { status: 'no_show' },
  now = new Date(),
): Promise<{ booking: Booking; notification?: Notification; audit: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  return withRetry(() =>
    db.transaction(async (tx) => {
      const owner = await lockOwnerOf(tx, id);
      const current = owner ? await recordOf(tx, id) : undefined;
      if (!current) throw errors.notFound('Booking');
      const b = current.booking;
      const deadline = outcomeDeadline(config, outcome.status, now);
      const due = outcome.status === 'completed' ? b.startsAt < deadline : b.startsAt <= deadline;
      if (b.status !== 'confirmed' || !due) outcomeRefusal(b, outcome.status, deadline);
      const visitDate = zonedDateTime(b.startsAt, config.CLINIC_TZ).date;
      if (outcome.status === 'completed' && outcome.visit.nextDueDate && outcome.visit.nextDueDate <= visitDate) {
        throw errors.badRequest(BOOKING_MSG.nextDueBeforeVisit);
      }
      const [row] = await tx
        .update(slotBookings)
        .set({ status: outcome.status, updatedAt: sql`now()` })
        .where(
          and(
            eq(slotBookings.id, id),
            eq(slotBookings.status, 'confirmed'),
            outcome.status === 'completed' ? lt(slotBookings.startsAt, deadline) : lte(slotBookings.startsAt, deadline),
          ),
        )
        .returning({ id: slotBookings.id });
      if (!row) outcomeRefusal(b, outcome.status, deadline);
      let notification: Notification | undefined;
      if (outcome.status === 'completed') {
        const v = outcome.visit;
        await tx.insert(visits).values({
          bookingId: b.id,
          petId: b.petId,
          findings: v.findings,
          treatment: v.treatment,
          medicines: v.medicines,
          weightKg: v.weightKg === null ? null : v.weightKg.toFixed(2),
          nextDueDate: v.nextDueDate,
          nextDueReason: v.nextDueReason,
          recordedBy: me.id,
          recordedByName: me.name,
        });
        if (b.petId && v.weightKg !== null) {
          await tx
            .update(pets)
            .set({ weightKg: v.weightKg.toFixed(2), updatedAt: sql`now()` })
            .where(eq(pets.id, b.petId));
        }
        if (v.nextDueDate) await scheduleCareReminder(tx, config, b, v.nextDueDate, now);
        const due = v.nextDueDate ? ` Next due: ${v.nextDueReason} on ${formatDay(v.nextDueDate)}.` : '';
        notification = await createNotification(
          { db: tx },
          {
            userId: b.userId,
            type: BOOKING_NOTIFICATION_TYPES.completed,
            title: 'Visit summary ready',
            body: `${b.petName}'s ${current.service.name} on ${formatDateTime(b.startsAt, config.CLINIC_TZ)} is complete.${due}`,
            data: { bookingId: b.id, schedule: b.schedule, status: 'completed', petId: b.petId },
          },
        );
      }
      const audit = await recordAudit(tx, me, {
        kind: outcome.status === 'completed' ? 'booking.completed' : 'booking.no_show',
        subjectType: 'booking',
        subjectId: b.id,
        summary:
          outcome.status === 'completed'
            ? `Completed ${bookingWords(current, config.CLINIC_TZ)}`
            : `Marked ${bookingWords(current, config.CLINIC_TZ)} as a no-show`,
        before: { status: 'confirmed' },
        after: { status: outcome.status },
      });
      const after = (await recordOf(tx, id))!;
      return { booking: toBookingDto(after, config.CLINIC_TZ, now), notification, audit };
    }),
  );
}
