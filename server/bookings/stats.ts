import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '#shared/dates';
import { type BookingStats } from '#shared/bookings';
import { rowsOf } from '../db/client.ts';

import { type BookingDeps, dayBounds } from './records.ts';

/* The staff dashboard's counts. */

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
