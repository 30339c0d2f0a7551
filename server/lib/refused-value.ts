import { findPgError } from '../db/client.ts';

/**
 * SQLSTATEs PostgreSQL (and PGlite) raise for a value it cannot take, whatever the query: text with a NUL
 * (22021 "invalid byte sequence"), a lone surrogate in JSON (22P05 "unsupported Unicode escape sequence"), a date
 * or time it cannot read or store (22007, 22008, and 22009 for a year such as +010000 read as a time zone).
 */
const REFUSED: Record<string, string> = {
  '22021': 'The request holds text that cannot be stored (a control character or invalid Unicode)',
  '22P05': 'The request holds text that cannot be stored (a control character or invalid Unicode)',
  '22007': 'The request holds a date that is not valid',
  '22008': 'The request holds a date that is out of range',
  '22009': 'The request holds a date that is not valid',
};

/** The client's message for a database error caused by a value of the request, or undefined for any other error. */
export function refusedValueMessage(err: unknown): string | undefined {
  const pg = findPgError(err);
  return pg ? REFUSED[pg.code] : undefined;
}
