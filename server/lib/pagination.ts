import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER } from '#shared/common';
import { DATE_MAX, DATE_MIN } from '#shared/dates';
import { errors } from '../errors.ts';
import { isUuid } from './ids.ts';

/** A keyset position: the sort timestamp and the id of the last row of a page. */
export interface Cursor {
  at: Date;
  id: string;
}

/** Opaque cursor text for `?cursor=`. */
function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at.toISOString()}|${c.id}`).toString('base64url');
}

/** The exact text `encodeCursor` writes for a time: four-digit year, milliseconds, UTC. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Parses `?cursor=`; a malformed cursor is a 400, not a database error. Only what `encodeCursor` writes passes: the
 * exact time shape, a real instant that prints back the same, within the API's date range (JavaScript reads years
 * such as 0000, +010000 or -000001 that PostgreSQL refuses), and a UUID.
 */
export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  const parts = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const [at = '', id = ''] = parts;
  const date = new Date(at);
  const valid =
    parts.length === 2 &&
    CURSOR_TIME.test(at) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString() === at &&
    at.slice(0, 10) >= DATE_MIN &&
    at.slice(0, 10) <= DATE_MAX &&
    isUuid(id);
  if (!valid) throw errors.badRequest('Invalid cursor');
  return { at: date, id };
}

/**
 * Given `limit + 1` rows fetched newest first, trims the extra row and sets the next-page header.
 * Returns the page to send.
 */
export function pageOf<T>(reply: FastifyReply, rows: T[], limit: number, key: (row: T) => Cursor): T[] {
  if (rows.length > limit) {
    const page = rows.slice(0, limit);
    reply.header(NEXT_CURSOR_HEADER, encodeCursor(key(page[page.length - 1]!)));
    return page;
  }
  return rows;
}

/** A cursor as query parameters: values, or placeholders of a prepared statement. */
type CursorParams = Cursor | { at: Placeholder; id: Placeholder };

/**
 * The rows after a cursor in newest-first `(at, id)` order. PostgreSQL keeps microseconds, a cursor's time (like
 * any JavaScript Date) only milliseconds: compared with it, rows written later in the same millisecond would be
 * skipped. So the cursor row's own stored time is read back (`storedAt`, a subquery on its id); if that row has
 * gone since, the last microsecond of the cursor's millisecond stands in (a row may then repeat, none is skipped).
 */
export function olderThan(at: SQLWrapper, id: SQLWrapper, storedAt: SQL, cursor: CursorParams): SQL {
  const cursorAt = cursor.at instanceof Date ? cursor.at.toISOString() : cursor.at;
  return sql`(${at}, ${id}) < (coalesce(${storedAt}, ${cursorAt}::timestamptz + interval '999 microseconds'), ${cursor.id}::uuid)`;
}

/** `olderThan` for a table whose rows are ordered by `at` and keyed by the uuid `id` the cursor names. */
export function olderThanRow(table: PgTable, at: SQLWrapper, id: SQLWrapper, cursor: CursorParams): SQL {
  return olderThan(at, id, sql`(select ${at} from ${table} where ${id} = ${cursor.id}::uuid)`, cursor);
}

/**
 * The rows after a cursor in oldest-first `(at, id)` order (an agenda by appointment time), reading back the cursor
 * row's stored time as `olderThan` does; if that row has gone, the cursor's own millisecond stands in (a row may then
 * repeat, none is skipped).
 */
export function newerThanRow(table: PgTable, at: SQLWrapper, id: SQLWrapper, cursor: Cursor): SQL {
  const storedAt = sql`(select ${at} from ${table} where ${id} = ${cursor.id}::uuid)`;
  return sql`(${at}, ${id}) > (coalesce(${storedAt}, ${cursor.at.toISOString()}::timestamptz), ${cursor.id}::uuid)`;
}
