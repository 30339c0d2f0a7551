import { and, eq, sql, type SQL } from 'drizzle-orm';
import { WEEKDAYS, weekdayOf } from '#shared/clinic-settings';
import { zonedDateTime } from '#shared/dates';
import { PROVIDER_MSG } from '#shared/providers';
import { findPgError, rowsOf, type Executor } from '../db/client.ts';
import { providers, type WeeklyHoursRow } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { dayBounds } from './records.ts';

/* Who sees the pet: the provider a booking names or the fairest free one, chosen inside the booking's statement (decision 051). */

/** The constraint that keeps a provider to one booking at a time (migration 0021). */
const NO_OVERLAP = 'slot_bookings_provider_no_overlap';

/** True when a statement lost a race for a provider: another booking of theirs at an overlapping time committed first. */
export function providerTaken(err: unknown): boolean {
  const pg = findPgError(err) as { code?: string; constraint?: string } | undefined;
  return pg?.code === '23P01' && (pg.constraint === undefined || pg.constraint === NO_OVERLAP);
}

/** ISO weekday 1-7 (Monday 1) of a clinic-local date. */
const isoWeekday = (date: string) => WEEKDAYS.indexOf(weekdayOf(date)) + 1;

/** A booking's time as a provider's week reads it: the clinic-local weekday, start and end ('24:00' past midnight). */
function localWindow(startsAt: Date, endsAt: Date, timeZone: string) {
  const start = zonedDateTime(startsAt, timeZone);
  const end = zonedDateTime(endsAt, timeZone);
  return {
    date: start.date,
    weekday: isoWeekday(start.date),
    start: start.time,
    end: end.date === start.date ? end.time : '24:00',
  };
}

/** Whether a provider's week covers [start, end) of a clinic-local weekday. */
const worksThen = (week: WeeklyHoursRow[], weekday: number, start: string, end: string) =>
  week.some((h) => h.weekday === weekday && h.open <= start && h.close >= end);

/** An active provider of a service, read before a booking names them: 404 unknown, 400 when not for this service. */
export async function namedProvider(db: Executor, providerId: string, serviceId: string) {
  if (!isUuid(providerId)) throw errors.notFound('Provider');
  const [row] = await db.select().from(providers).where(eq(providers.id, providerId)).limit(1);
  if (!row || !row.active) throw errors.notFound('Provider');
  if (!row.serviceIds.includes(serviceId)) throw errors.badRequest(PROVIDER_MSG.notForService);
  return row;
}

/** SQL: whether any active provider does the service (a service without providers is booked without one). */
export const serviceHasProvidersSql = (serviceId: string): SQL =>
  sql`exists (select 1 from providers where active and ${serviceId}::uuid = any(service_ids))`;

export interface PickOptions {
  serviceId: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** Only this provider (the customer named them). */
  providerId?: string | null;
  /** A booking being moved or reassigned: its own time does not make its provider busy. */
  bookingId?: string | null;
  /** Not this provider (a reassignment gives the booking to someone else). */
  notProviderId?: string | null;
  /** Chosen first when free (a moved booking keeps its provider). */
  preferProviderId?: string | null;
}

/**
 * SQL selecting the one provider a booking gets (columns id, display_name; no row when none is free): active, doing
 * the service, working for the whole time by their week, not on time off and not holding another booking at an
 * overlapping time. Among them the one with the fewest bookings that clinic-local day, ties to the one whose last
 * booking that day ended earliest (none at all first), then by id. It only chooses: the exclusion constraint
 * decides, so two statements choosing the same provider at once end with one booking and one retry.
 */
export function pickProviderSql(o: PickOptions): SQL {
  const w = localWindow(o.startsAt, o.endsAt, o.timeZone);
  const { start: dayStart, end: dayEnd } = dayBounds(w.date, o.timeZone);
  const at = o.startsAt.toISOString();
  const until = o.endsAt.toISOString();
  const from = dayStart.toISOString();
  const to = dayEnd.toISOString();
  const other = o.bookingId ?? null;
  return sql`
    select p.id, p.display_name
    from providers p
    left join lateral (
      select count(*)::int as n, max(b.ends_at) as last_end
      from slot_bookings b
      where b.provider_id = p.id and b.status <> 'canceled'
        and b.starts_at >= ${from}::timestamptz and b.starts_at < ${to}::timestamptz
        and b.id is distinct from ${other}::uuid
    ) day on true
    where p.active and ${o.serviceId}::uuid = any(p.service_ids)
      and (${o.providerId ?? null}::uuid is null or p.id = ${o.providerId ?? null}::uuid)
      and (${o.notProviderId ?? null}::uuid is null or p.id <> ${o.notProviderId ?? null}::uuid)
      and exists (
        select 1 from jsonb_to_recordset(p.weekly_hours) as h(weekday int, open text, close text)
        where h.weekday = ${w.weekday}::int and h.open <= ${w.start}::text and h.close >= ${w.end}::text
      )
      and not exists (
        select 1 from provider_time_off o
        where o.provider_id = p.id and o.starts_at < ${until}::timestamptz and o.ends_at > ${at}::timestamptz
      )
      and not exists (
        select 1 from slot_bookings b
        where b.provider_id = p.id and b.status <> 'canceled'
          and b.starts_at < ${until}::timestamptz and b.ends_at > ${at}::timestamptz
          and b.id is distinct from ${other}::uuid
      )
    order by (p.id = ${o.preferProviderId ?? null}::uuid) is true desc, day.n, day.last_end nulls first, p.id
    limit 1`;
}

/** The provider a booking gets, read in `db` (inside a transaction, for moves and reassignments). */
export async function pickProvider(
  db: Executor,
  o: PickOptions,
): Promise<{ id: string; display_name: string } | undefined> {
  const [row] = rowsOf<{ id: string; display_name: string }>(await db.execute(pickProviderSql(o)));
  return row;
}

/** Whether any active provider does the service. */
export async function serviceHasProviders(db: Executor, serviceId: string): Promise<boolean> {
  const [row] = rowsOf<{ has: boolean }>(await db.execute(sql`select ${serviceHasProvidersSql(serviceId)} as has`));
  return Boolean(row?.has);
}

/**
 * What availability needs to count free providers over a range of time: the active providers of a service (or the
 * one named) with their weeks, and each one's busy stretches (open bookings and time off). Undefined for a service
 * without providers when none is named: its times are counted by seats alone, as before providers existed.
 */
export async function providerLoad(
  db: Executor,
  serviceId: string,
  from: Date,
  to: Date,
  providerId?: string,
): Promise<ProviderLoad | undefined> {
  if (providerId) await namedProvider(db, providerId, serviceId);
  const rows = await db
    .select({ id: providers.id, weeklyHours: providers.weeklyHours })
    .from(providers)
    .where(
      and(
        eq(providers.active, true),
        sql`${serviceId}::uuid = any(${providers.serviceIds})`,
        providerId ? eq(providers.id, providerId) : undefined,
      ),
    );
  if (rows.length === 0) return providerId ? { providers: [], busy: new Map() } : undefined;
  const ids = rows.map((r) => r.id);
  const busyRows = rowsOf<{ provider_id: string; starts_at: string | Date; ends_at: string | Date }>(
    await db.execute(sql`
      select provider_id, starts_at, ends_at from slot_bookings
      where provider_id = any(${`{${ids.join(',')}}`}::uuid[]) and status <> 'canceled'
        and starts_at < ${to.toISOString()}::timestamptz and ends_at > ${from.toISOString()}::timestamptz
      union all
      select provider_id, starts_at, ends_at from provider_time_off
      where provider_id = any(${`{${ids.join(',')}}`}::uuid[])
        and starts_at < ${to.toISOString()}::timestamptz and ends_at > ${from.toISOString()}::timestamptz`),
  );
  const busy = new Map<string, [number, number][]>();
  for (const r of busyRows) {
    const list = busy.get(r.provider_id) ?? [];
    list.push([new Date(r.starts_at).getTime(), new Date(r.ends_at).getTime()]);
    busy.set(r.provider_id, list);
  }
  return { providers: rows, busy };
}

export interface ProviderLoad {
  providers: { id: string; weeklyHours: WeeklyHoursRow[] }[];
  busy: Map<string, [number, number][]>;
}

/** How many of the loaded providers are free for [at, at + minutes) of a clinic-local date and time. */
export function freeProviders(
  load: ProviderLoad,
  date: string,
  time: string,
  at: Date,
  minutes: number,
  timeZone: string,
): number {
  const end = new Date(at.getTime() + minutes * 60_000);
  const w = localWindow(at, end, timeZone);
  const weekday = isoWeekday(date);
  let free = 0;
  for (const p of load.providers) {
    if (!worksThen(p.weeklyHours, weekday, time, w.end)) continue;
    const clash = (load.busy.get(p.id) ?? []).some(([s, e]) => s < end.getTime() && e > at.getTime());
    if (!clash) free++;
  }
  return free;
}
