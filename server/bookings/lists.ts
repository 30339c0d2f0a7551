import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { todayIn } from '#shared/dates';
import { type BookingListQuery, type Booking, type StaffBooking } from '#shared/bookings';
import { slotBookings } from '../db/schema/index.ts';
import { newerThanRow, olderThanRow, type Cursor } from '../lib/pagination.ts';
import { type BookingDeps, dayBounds, selectRecords, toBookingDto } from './records.ts';

/* The customer's own bookings, the staff agenda and a pet's visit timeline. */

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
): Promise<StaffBooking[]> {
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
  if (filter.providerId) conds.push(eq(slotBookings.providerId, filter.providerId));
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
