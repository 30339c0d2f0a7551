import { and, asc, sql, type SQL } from 'drizzle-orm';
import { outsideReason, WEEKDAYS, type ClinicSettings, type OutsideHoursBooking } from '#shared/clinic-settings';
import { zonedDateTime } from '#shared/dates';
import { rowsOf, type Executor } from '../db/client.ts';
import { slotBookings } from '../db/schema/index.ts';
import { newerThanRow, type Cursor } from '../lib/pagination.ts';
import { selectRecords, toBookingDto } from './records.ts';

/**
 * Upcoming open bookings (pending or confirmed, not started) that the clinic's settings no longer cover: on a closure,
 * on a closed weekday, or not wholly inside their weekday's hours. Nothing cancels them: staff move or cancel each
 * with the customer. One SQL condition over the open bookings ahead (the partial index of open bookings by time),
 * with the week's hours and the closures as JSON parameters.
 */
function outsideHoursWhere(settings: ClinicSettings, timeZone: string, now: Date): SQL {
  const hours = WEEKDAYS.flatMap((day, i) => {
    const h = settings.hours[day];
    return h ? [{ dow: i + 1, open: h.open, close: h.close }] : [];
  });
  const closures = settings.closures.map((c) => ({ f: c.from, t: c.to }));
  const localStart = sql`(${slotBookings.startsAt} at time zone ${timeZone})`;
  const localEnd = sql`(${slotBookings.endsAt} at time zone ${timeZone})`;
  return sql`${slotBookings.status} in ('pending', 'confirmed') and ${slotBookings.startsAt} > ${now.toISOString()}::timestamptz
    and (
      exists (
        select 1 from jsonb_to_recordset(${JSON.stringify(closures)}::jsonb) as c(f date, t date)
        where ${localStart}::date between c.f and c.t
      )
      or not exists (
        select 1 from jsonb_to_recordset(${JSON.stringify(hours)}::jsonb) as h(dow int, open time, close time)
        where h.dow = extract(isodow from ${localStart})
          and ${localStart}::time >= h.open
          and ${localEnd} <= ${localStart}::date + h.close
      )
    )`;
}

/** A page of them, by appointment time (`limit + 1` rows, for `pageOf`), each with the reason it is listed. */
export async function outsideHoursPage(
  db: Executor,
  settings: ClinicSettings,
  timeZone: string,
  limit: number,
  cursor?: Cursor,
  now = new Date(),
): Promise<OutsideHoursBooking[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        outsideHoursWhere(settings, timeZone, now),
        cursor ? newerThanRow(slotBookings, slotBookings.startsAt, slotBookings.id, cursor) : undefined,
      ),
    )
    .orderBy(asc(slotBookings.startsAt), asc(slotBookings.id))
    .limit(limit + 1);
  return rows.map((record) => {
    const booking = toBookingDto(record, timeZone, now);
    const end = zonedDateTime(record.booking.endsAt, timeZone);
    const endTime = end.date === booking.date ? end.time : '24:00';
    return {
      booking,
      reason: outsideReason(settings, booking.date, booking.time, endTime) ?? 'Outside the opening hours.',
    };
  });
}

/** How many there are in all. */
export async function countOutsideHours(
  db: Executor,
  settings: ClinicSettings,
  timeZone: string,
  now = new Date(),
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from slot_bookings where ${outsideHoursWhere(settings, timeZone, now)}`,
    ),
  );
  return Number(row?.n ?? 0);
}
