import { sql } from 'drizzle-orm';
import { ANALYTICS_DEFAULT_DAYS, lastDays, rangeProblem, type Analytics, type AnalyticsQuery } from '#shared/analytics';
import { todayIn } from '#shared/dates';
import type { Executor } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { query } from './figures.ts';
import { figuresFromRows } from './from-rows.ts';
import { figuresFromSummaries } from './from-summaries.ts';

/**
 * The admin's figures over a range of clinic-local days (decisions 028, 048): read from the per-day summaries the
 * database keeps as rows are written, when they are counted in the clinic's time zone; else (a process started with
 * another CLINIC_TZ than the one that last recounted them) counted over the rows, slower and just as exact.
 */

export type AnalyticsDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'CLINIC_TZ'> };

/** The range a query names, its missing ends filled (to: today, from: 29 days before to), or a 400. */
function resolveRange(query: AnalyticsQuery, tz: string, now = new Date()): { from: string; to: string } {
  const to = query.to ?? todayIn(tz, now);
  const from = query.from ?? lastDays(to, ANALYTICS_DEFAULT_DAYS).from;
  const problem = rangeProblem(from, to);
  if (problem) throw errors.validation(problem, [{ path: query.from ? 'from' : 'to', message: problem }]);
  return { from, to };
}

/** The time zone the summaries count days in. */
async function summariesZone(db: Executor): Promise<string | undefined> {
  const [row] = await query<{ timeZone: string }>(db, sql`select time_zone as "timeZone" from analytics_zone`);
  return row?.timeZone;
}

/**
 * Counts the summaries again in the clinic's time zone when they are counted in another (at start, after CLINIC_TZ
 * changed): one transaction that holds off writes of bookings, orders and chat until it commits. True when it
 * recounted; several processes starting at once recount once.
 */
export async function countAnalyticsIn(db: Executor, timeZone: string): Promise<boolean> {
  if ((await summariesZone(db)) === timeZone) return false;
  const [row] = await query<{ recounted: boolean }>(db, sql`select analytics_recount(${timeZone}) as "recounted"`);
  return row?.recounted === true;
}

/** Every figure of GET /api/analytics over the query's range of clinic-local days. */
export async function analytics(
  { db, config }: AnalyticsDeps,
  q: AnalyticsQuery,
  now = new Date(),
): Promise<Analytics> {
  const tz = config.CLINIC_TZ;
  const { from, to } = resolveRange(q, tz, now);
  const range = { from, to, tz };
  const figures =
    (await summariesZone(db)) === tz ? await figuresFromSummaries(db, range) : await figuresFromRows(db, range);
  return { from, to, timeZone: tz, ...figures };
}
