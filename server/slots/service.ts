import { and, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Notification } from '#shared/notifications';
import {
  addDays,
  BOOKING_HORIZON_DAYS,
  parseSchedule,
  SLOT_MSG,
  SLOT_NOTIFICATION_TYPES,
  slotGrid,
  todayIn,
  zonedDateTime,
  zonedTimeToUtc,
  type Availability,
  type BookingListQuery,
  type BookSlotBody,
  type ConfirmSlotBody,
  type HospitalInfo,
  type SlotBooking,
  type SlotStats,
} from '#shared/slots';
import { findPgError, isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow, present } from '../db/rows.ts';
import { slotBookings } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import { bookingConfirmedMail } from '../mail/booking-confirmed.ts';
import { createNotification } from '../notifications/service.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../plugins/auth.ts';

type Row = typeof slotBookings.$inferSelect;
type SlotConfig = Pick<
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
>;

/** What every slot function needs: the database and the clinic's part of the configuration. */
export type SlotDeps = Pick<Deps, 'db'> & { config: SlotConfig };

/** The API shape of a stored booking; date and time are read back in the clinic's time zone. */
function toBookingDto(r: Row, timeZone: string): SlotBooking {
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
    ]),
    date,
    time,
    hospitalInfo: r.hospitalInfo ?? null,
  };
}

/** The instants bounding a clinic-local day: [start, end). */
function dayBounds(date: string, tz: string): { start: Date; end: Date } {
  return { start: zonedTimeToUtc(date, '00:00', tz), end: zonedTimeToUtc(addDays(date, 1), '00:00', tz) };
}

/** Retries a transaction that lost a deadlock or serialization race; the database already undid it. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = findPgError(err)?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

/**
 * Checks a requested 'date at time' against the grid, the opening hours and the calendar. Returns the
 * instant it names. Every refusal is a 400 with a sentence a customer understands.
 */
function resolveSchedule(
  config: SlotConfig,
  schedule: string,
  now = new Date(),
): { date: string; time: string; startsAt: Date } {
  const parsed = parseSchedule(schedule);
  if (!parsed) throw errors.badRequest(SLOT_MSG.scheduleInvalid);
  const { date, time } = parsed;
  const today = todayIn(config.CLINIC_TZ, now);
  if (date < today) throw errors.badRequest(SLOT_MSG.pastDate);
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) throw errors.badRequest(SLOT_MSG.tooFarAhead);
  const grid = slotGrid(config.SLOT_OPEN, config.SLOT_CLOSE, config.SLOT_MINUTES);
  if (!grid.includes(time)) {
    const last = grid[grid.length - 1] ?? config.SLOT_OPEN;
    if (time < config.SLOT_OPEN || time > last) {
      throw errors.badRequest(
        `We take bookings from ${config.SLOT_OPEN} to ${config.SLOT_CLOSE}; the last slot starts at ${last}.`,
      );
    }
    throw errors.badRequest(
      `${SLOT_MSG.offGrid} Slots start every ${config.SLOT_MINUTES} minutes from ${config.SLOT_OPEN}.`,
    );
  }
  const startsAt = zonedTimeToUtc(date, time, config.CLINIC_TZ);
  if (startsAt.getTime() <= now.getTime()) throw errors.badRequest(SLOT_MSG.pastTime);
  return { date, time, startsAt };
}

/**
 * Takes the customer's row lock for the rest of the transaction. Every change to one customer's bookings takes it
 * first (booking through `slot_booking_guard`, cancel, confirm; the account's deletion by deleting the row), so they
 * run one at a time per customer and their counts are exact. False when the account no longer exists.
 */
async function lockCustomer(tx: Executor, userId: string): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from users where id = ${userId}::uuid for no key update`)).length > 0;
}

/** The stored booking of one attempt (the customer's Idempotency-Key), if that attempt already booked. */
async function bookingOfAttempt(db: Executor, userId: string, key: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(slotBookings)
    .where(and(eq(slotBookings.userId, userId), eq(slotBookings.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** A retried attempt must ask for what it booked; anything else is a client reusing a key by mistake. */
function assertSameAttempt(row: Row, body: BookSlotBody, date: string, time: string): void {
  const same =
    row.schedule === `${date} at ${time}` &&
    row.petName === body.petName &&
    row.ownerName === body.ownerName &&
    row.petAge === (body.petAge ?? null) &&
    row.phone === body.phone;
  if (!same) throw errors.conflict(SLOT_MSG.keyReused);
}

/** The answer to a booking request: `created` is false when the request replayed an attempt already stored. */
export interface BookResult {
  booking: SlotBooking;
  created: boolean;
}

/**
 * The booking an earlier request with this Idempotency-Key already stored, checked against the body, or undefined.
 * Lets the route answer a retry before counting it against the booking-attempt limit.
 */
export async function replayBooking(
  deps: SlotDeps,
  me: AuthUser,
  key: string,
  body: BookSlotBody,
): Promise<SlotBooking | undefined> {
  if (me.role !== 'user') return undefined;
  const row = await bookingOfAttempt(deps.db, me.id, key);
  if (!row) return undefined;
  const parsed = parseSchedule(body.schedule);
  if (!parsed) throw errors.conflict(SLOT_MSG.keyReused);
  assertSameAttempt(row, body, parsed.date, parsed.time);
  return toBookingDto(row, deps.config.CLINIC_TZ);
}

/**
 * Books a seat for the signed-in customer in ONE statement (one round trip, its own transaction):
 * 1. `slot_booking_guard` (migration 0001) waits for the customer's row lock, then reads with a fresh snapshot
 *    whether the customer exists, how many upcoming open bookings they hold (BOOKING_MAX_OPEN), and the booking
 *    of an earlier request with the same Idempotency-Key; racing requests of one customer pass it one at a time,
 *    so the cap holds under any race and a retried attempt finds its booking;
 * 2. only when the guard lets it through, a data-modifying CTE takes a seat with an atomic conditional upsert of
 *    the time's counter (no row back = full), and the booking is inserted only from that row. A duplicate pet at
 *    that time violates a unique index and fails the whole statement, seat included. The NOT EXISTS read only
 *    refuses early when the time is already full (the counter row locks every upsert, even a refused one, so a
 *    crowd on a full time would queue on it); the conditional upsert alone decides who gets a seat.
 * The seat is given back by a database trigger whenever the booking stops holding it (decision 014).
 */
export async function bookSlot(deps: SlotDeps, me: AuthUser, body: BookSlotBody, key?: string): Promise<BookResult> {
  const { db, config } = deps;
  if (me.role !== 'user') throw errors.forbidden(SLOT_MSG.staffCannotBook);
  if (body.userId && body.userId !== me.id) throw errors.forbidden(SLOT_MSG.otherUser);
  const { date, time, startsAt } = resolveSchedule(config, body.schedule);
  const at = startsAt.toISOString();
  const bodyAddress = body.userAddress?.trim() || null;

  // The guard's answer, and the booking's columns when one was made (id null when not).
  type Outcome = Record<string, unknown> & {
    customer_exists: boolean;
    open_bookings: number;
    earlier_id: string | null;
    id: string | null;
  };
  let outcome: Outcome | undefined;
  try {
    [outcome] = await withRetry(async () =>
      rowsOf<Outcome>(
        await db.execute(sql`
          with guard as materialized (
            select * from slot_booking_guard(${me.id}::uuid, ${key ?? null}::text)
          ),
          seat as (
            insert into slot_times (starts_at, booked)
            select ${at}::timestamptz, 1 from guard
            where guard.customer_exists and guard.earlier_id is null and guard.open_bookings < ${config.BOOKING_MAX_OPEN}
              -- Fast path, no lock: a time already full is refused without queueing on its row.
              and not exists (select 1 from slot_times where starts_at = ${at}::timestamptz and booked >= ${config.SLOT_CAPACITY})
            on conflict (starts_at) do update set booked = slot_times.booked + 1
            where slot_times.booked < ${config.SLOT_CAPACITY}
            returning starts_at
          ),
          booking as (
            insert into slot_bookings (user_id, user_name, user_email, user_address, schedule, starts_at, pet_name, owner_name, pet_age, phone, idempotency_key)
            select ${me.id}::uuid, ${me.name}, ${me.email},
                   coalesce((select address from users where id = ${me.id}::uuid), ${bodyAddress}),
                   ${`${date} at ${time}`}, seat.starts_at, ${body.petName}, ${body.ownerName}, ${body.petAge ?? null}::int, ${body.phone}, ${key ?? null}
            from seat
            returning *
          )
          select guard.customer_exists, guard.open_bookings, guard.earlier_id, booking.* from guard left join booking on true`),
      ),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'slot_bookings_pet_time_uq')) throw errors.conflict(SLOT_MSG.petAlreadyBooked);
    throw err;
  }
  if (!outcome?.customer_exists) throw errors.unauthenticated();
  if (outcome.earlier_id) {
    const [earlier] = await db.select().from(slotBookings).where(eq(slotBookings.id, outcome.earlier_id)).limit(1);
    // Only the account's deletion removes bookings.
    if (!earlier) throw errors.unauthenticated();
    assertSameAttempt(earlier, body, date, time);
    return { booking: toBookingDto(earlier, config.CLINIC_TZ), created: false };
  }
  const open = Number(outcome.open_bookings);
  if (open >= config.BOOKING_MAX_OPEN) throw errors.conflict(SLOT_MSG.tooManyOpen(open), 'BOOKING_LIMIT');
  if (!outcome.id) throw errors.conflict(SLOT_MSG.slotFull, 'SLOT_FULL');
  return { booking: toBookingDto(fromSqlRow(slotBookings, outcome), config.CLINIC_TZ), created: true };
}

/** Seats per grid time of one clinic-local day. */
export async function availability(deps: SlotDeps, date: string, now = new Date()): Promise<Availability> {
  const { db, config } = deps;
  const { start, end } = dayBounds(date, config.CLINIC_TZ);
  const taken = rowsOf<{ starts_at: Date | string; booked: number }>(
    await db.execute(
      sql`select starts_at, booked from slot_times where starts_at >= ${start.toISOString()}::timestamptz and starts_at < ${end.toISOString()}::timestamptz`,
    ),
  );
  const bookedAt = new Map(taken.map((r) => [new Date(r.starts_at).getTime(), Number(r.booked)]));
  const slots = slotGrid(config.SLOT_OPEN, config.SLOT_CLOSE, config.SLOT_MINUTES).map((time) => {
    const at = zonedTimeToUtc(date, time, config.CLINIC_TZ);
    const booked = bookedAt.get(at.getTime()) ?? 0;
    return {
      time,
      capacity: config.SLOT_CAPACITY,
      booked,
      available: Math.max(config.SLOT_CAPACITY - booked, 0),
      past: at.getTime() <= now.getTime(),
    };
  });
  return { date, timeZone: config.CLINIC_TZ, slotMinutes: config.SLOT_MINUTES, slots };
}

const newestFirst = (cursor?: Cursor): SQL | undefined =>
  cursor ? olderThanRow(slotBookings, slotBookings.createdAt, slotBookings.id, cursor) : undefined;

/** A page of the customer's own bookings, newest first. */
export async function listMine(deps: SlotDeps, userId: string, limit: number, cursor?: Cursor): Promise<SlotBooking[]> {
  const rows = await deps.db
    .select()
    .from(slotBookings)
    .where(and(eq(slotBookings.userId, userId), newestFirst(cursor)))
    .orderBy(desc(slotBookings.createdAt), desc(slotBookings.id))
    .limit(limit + 1);
  return rows.map((r) => toBookingDto(r, deps.config.CLINIC_TZ));
}

/** A page of all bookings for staff, newest first, filtered by status and clinic-local day. */
export async function listBookings(
  deps: SlotDeps,
  filter: BookingListQuery,
  limit: number,
  cursor?: Cursor,
): Promise<SlotBooking[]> {
  const conds: (SQL | undefined)[] = [newestFirst(cursor)];
  if (filter.status === 'active') conds.push(ne(slotBookings.status, 'canceled'));
  else if (filter.status) conds.push(eq(slotBookings.status, filter.status));
  if (filter.date) {
    const { start, end } = dayBounds(filter.date, deps.config.CLINIC_TZ);
    conds.push(gte(slotBookings.startsAt, start), lt(slotBookings.startsAt, end));
  }
  const rows = await deps.db
    .select()
    .from(slotBookings)
    .where(and(...conds))
    .orderBy(desc(slotBookings.createdAt), desc(slotBookings.id))
    .limit(limit + 1);
  return rows.map((r) => toBookingDto(r, deps.config.CLINIC_TZ));
}

/**
 * Dashboard counts of bookings from today on (clinic time), canceled ones left out: a range over the
 * starts_at index rather than a scan of every booking ever made.
 */
export async function stats(deps: SlotDeps, now = new Date()): Promise<SlotStats> {
  const today = todayIn(deps.config.CLINIC_TZ, now);
  const { start, end } = dayBounds(today, deps.config.CLINIC_TZ);
  const [row] = rowsOf<SlotStats>(
    await deps.db.execute(sql`
      select
        count(*) filter (where status = 'pending')::int as "pending",
        count(*) filter (where status = 'confirmed')::int as "confirmed",
        count(*) filter (where status = 'confirmed' and starts_at < ${end.toISOString()}::timestamptz)::int as "confirmedToday",
        count(*)::int as "total"
      from slot_bookings
      where starts_at >= ${start.toISOString()}::timestamptz and status <> 'canceled'`),
  );
  return {
    pending: Number(row?.pending ?? 0),
    confirmed: Number(row?.confirmed ?? 0),
    confirmedToday: Number(row?.confirmedToday ?? 0),
    total: Number(row?.total ?? 0),
  };
}

/** The clinic's configured hospital info, overridden field by field by what staff typed. */
export function hospitalInfoFor(config: SlotConfig, input: ConfirmSlotBody): HospitalInfo {
  const h: Partial<HospitalInfo> = input.hospitalInfo ?? {};
  return {
    name: h.name?.trim() || config.CLINIC_NAME,
    address: h.address?.trim() || config.CLINIC_ADDRESS,
    phone: h.phone?.trim() || config.CLINIC_PHONE,
    email: h.email?.trim() || config.CLINIC_EMAIL,
    hours: h.hours?.trim() || config.CLINIC_HOURS,
  };
}

async function explainMissing(tx: Executor, id: string): Promise<never> {
  const [row] = await tx
    .select({ status: slotBookings.status })
    .from(slotBookings)
    .where(eq(slotBookings.id, id))
    .limit(1);
  if (!row) throw errors.notFound('Booking');
  if (row.status === 'confirmed') throw errors.conflict(SLOT_MSG.alreadyConfirmed);
  throw errors.conflict(SLOT_MSG.confirmCanceled);
}

/**
 * Confirms a pending booking. In one transaction: status + hospital info, the customer's notification and
 * the confirmation mail (with its calendar invite) in the outbox. The caller pushes the notification after
 * the commit.
 */
export async function confirmBooking(
  deps: SlotDeps,
  id: string,
  hospital: HospitalInfo,
): Promise<{ booking: SlotBooking; notification: Notification }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  return db.transaction(async (tx) => {
    // The owner's lock first, as every booking change takes it (the notification below refers to the owner's row).
    const [owner] = await tx
      .select({ userId: slotBookings.userId })
      .from(slotBookings)
      .where(eq(slotBookings.id, id))
      .limit(1);
    if (owner) await lockCustomer(tx, owner.userId);
    const [row] = await tx
      .update(slotBookings)
      .set({ status: 'confirmed', hospitalInfo: hospital, updatedAt: sql`now()` })
      .where(and(eq(slotBookings.id, id), eq(slotBookings.status, 'pending')))
      .returning();
    if (!row) return explainMissing(tx, id);
    const booking = toBookingDto(row, config.CLINIC_TZ);
    const notification = await createNotification(
      { db: tx },
      {
        userId: row.userId,
        type: SLOT_NOTIFICATION_TYPES.confirmed,
        title: 'Booking confirmed',
        body: `${row.petName}'s appointment on ${row.schedule} at ${hospital.name} is confirmed.`,
        data: { bookingId: row.id, schedule: row.schedule, status: 'confirmed', hospitalInfo: hospital },
      },
    );
    const mail = bookingConfirmedMail({
      bookingId: row.id,
      userName: row.userName,
      userEmail: row.userEmail,
      ownerName: row.ownerName,
      petName: row.petName,
      schedule: row.schedule,
      startsAt: row.startsAt,
      minutes: config.SLOT_MINUTES,
      hospital,
      timeZone: config.CLINIC_TZ,
    });
    await enqueueMail(tx, {
      kind: 'booking_confirmed',
      to: row.userEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [
        { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: mail.ics },
      ],
    });
    return { booking, notification };
  });
}

/**
 * Cancels a booking once: the status change is guarded in the UPDATE, and the database trigger gives its seat
 * back in the same transaction. Staff may cancel any booking, a customer only their own (someone else's is a
 * 404, so ids cannot be probed). Cancelling twice is harmless.
 */
export async function cancelBooking(
  deps: SlotDeps,
  me: AuthUser,
  id: string,
): Promise<{ booking: SlotBooking; changed: boolean; notification?: Notification }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  const isStaff = me.role === 'employee' || me.role === 'admin';
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(slotBookings).where(eq(slotBookings.id, id)).limit(1);
      if (!current || (!isStaff && current.userId !== me.id)) throw errors.notFound('Booking');
      if (current.status === 'canceled') return { booking: toBookingDto(current, config.CLINIC_TZ), changed: false };
      // The owner's deletion may have taken the booking with it meanwhile: then the update finds nothing.
      await lockCustomer(tx, current.userId);
      const [row] = await tx
        .update(slotBookings)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(slotBookings.id, id), ne(slotBookings.status, 'canceled')))
        .returning();
      if (!row) {
        const [again] = await tx.select().from(slotBookings).where(eq(slotBookings.id, id)).limit(1);
        if (!again) throw errors.notFound('Booking');
        return { booking: toBookingDto(again, config.CLINIC_TZ), changed: false };
      }
      let notification: Notification | undefined;
      if (row.userId !== me.id) {
        notification = await createNotification(
          { db: tx },
          {
            userId: row.userId,
            type: SLOT_NOTIFICATION_TYPES.canceled,
            title: 'Booking canceled',
            body: `The clinic canceled ${row.petName}'s appointment on ${row.schedule}. Please book another time.`,
            data: { bookingId: row.id, schedule: row.schedule, status: 'canceled' },
          },
        );
      }
      return { booking: toBookingDto(row, config.CLINIC_TZ), changed: true, notification };
    }),
  );
}
