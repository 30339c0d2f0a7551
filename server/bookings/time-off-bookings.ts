import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { TimeOff, TimeOffBooking } from '#shared/providers';
import { rowsOf, type Executor } from '../db/client.ts';
import { providerTimeOff, slotBookings } from '../db/schema/index.ts';
import { newerThanRow, type Cursor } from '../lib/pagination.ts';
import { selectRecords, toBookingDto } from './records.ts';

/* Bookings a provider's time off covers: nothing cancels them; staff give each to another provider or move it (decision 051). */

/** The API shape of a stored time off. */
export const toTimeOffDto = (r: typeof providerTimeOff.$inferSelect): TimeOff => ({
  id: r.id,
  providerId: r.providerId,
  from: r.startsAt.toISOString(),
  to: r.endsAt.toISOString(),
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
});

/** Open bookings not yet started whose provider is off at their time (of one time off, when named). */
function coveredWhere(now: Date, timeOffId?: string): SQL {
  return sql`${slotBookings.status} in ('pending', 'confirmed') and ${slotBookings.startsAt} > ${now.toISOString()}::timestamptz
    and ${slotBookings.providerId} is not null
    and exists (
      select 1 from provider_time_off o
      where o.provider_id = ${slotBookings.providerId} and o.starts_at < ${slotBookings.endsAt} and o.ends_at > ${slotBookings.startsAt}
        ${timeOffId ? sql`and o.id = ${timeOffId}::uuid` : sql``}
    )`;
}

/**
 * A page of them by appointment time (`limit + 1` rows, for `pageOf`), each with the first time off covering it.
 * `timeOffId` narrows them to one time off (the answer to adding it).
 */
export async function timeOffBookingsPage(
  db: Executor,
  timeZone: string,
  limit: number,
  cursor?: Cursor,
  { timeOffId, now = new Date() }: { timeOffId?: string; now?: Date } = {},
): Promise<TimeOffBooking[]> {
  const records = await selectRecords(db)
    .where(
      and(
        coveredWhere(now, timeOffId),
        cursor ? newerThanRow(slotBookings, slotBookings.startsAt, slotBookings.id, cursor) : undefined,
      ),
    )
    .orderBy(asc(slotBookings.startsAt), asc(slotBookings.id))
    .limit(limit + 1);
  const out: TimeOffBooking[] = [];
  for (const record of records) {
    const b = record.booking;
    const [off] = await db
      .select()
      .from(providerTimeOff)
      .where(
        and(
          eq(providerTimeOff.providerId, b.providerId!),
          sql`${providerTimeOff.startsAt} < ${b.endsAt.toISOString()}::timestamptz and ${providerTimeOff.endsAt} > ${b.startsAt.toISOString()}::timestamptz`,
          timeOffId ? eq(providerTimeOff.id, timeOffId) : undefined,
        ),
      )
      .orderBy(asc(providerTimeOff.startsAt))
      .limit(1);
    out.push({ booking: toBookingDto(record, timeZone, now), timeOff: toTimeOffDto(off!) });
  }
  return out;
}

/** How many bookings one time off covers. */
export async function countCoveredBy(db: Executor, timeOffId: string, now = new Date()): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from slot_bookings where ${coveredWhere(now, timeOffId)}`),
  );
  return Number(row?.n ?? 0);
}
