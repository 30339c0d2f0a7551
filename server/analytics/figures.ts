import type { SQL } from 'drizzle-orm';
import type { Analytics } from '#shared/analytics';
import { fromPaise, toPaise } from '#shared/money';
import { rowsOf, type Executor } from '../db/client.ts';

/** What both ways of counting share: the range they count, and how sums are read. */

/** A range of clinic-local days, `from` and `to` both included, in the time zone `tz`. */
export interface Range {
  from: string;
  to: string;
  tz: string;
}

/** Every figure of GET /api/analytics but the range itself. */
export type Figures = Omit<Analytics, 'from' | 'to' | 'timeZone'>;

/** A sum of numeric columns, read as text, in exact rupees (0 when there was nothing to sum). */
export const money = (v: string | null | undefined) => (v == null ? 0 : fromPaise(toPaise(v)));
export const int = (v: number | string | null | undefined) => Number(v ?? 0);
export const seconds = (v: number | string | null | undefined) => (v == null ? null : Math.round(Number(v)));

export async function query<T>(db: Executor, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}
