import { sql } from 'drizzle-orm';
import { zonedParts } from '#shared/dates';
import { rowsOf, type Executor } from '../db/client.ts';
import { errors } from '../errors.ts';

/* Document numbers: unique and gap-free per series and financial year, from a counter row (decision 053). */

export type DocumentKind = 'invoice' | 'credit_note';

/** The longest number a GST invoice may carry. */
const NUMBER_MAX = 16;

/**
 * The financial year (April to March) an instant falls in on the clinic's clock, as its two years' last two digits:
 * 31 March 2027 23:59 IST is '2627', 1 April 2027 00:00 IST is '2728'.
 */
export function fiscalYearOf(instant: Date, timeZone: string): string {
  const [year, month] = zonedParts(instant, timeZone).date.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const yy = (y: number) => String(y % 100).padStart(2, '0');
  return `${yy(start)}${yy(start + 1)}`;
}

/**
 * A document's number: PC/2627/000123 for an invoice, PC/2627/C00007 for a credit note (the C keeps the two
 * series apart under one prefix). A prefix of four characters and six digits make 16 characters, the law's most.
 */
export function documentNumber(kind: DocumentKind, series: string, fiscalYear: string, seq: number): string {
  const tail = kind === 'invoice' ? String(seq).padStart(6, '0') : `C${String(seq).padStart(5, '0')}`;
  const number = `${series}/${fiscalYear}/${tail}`;
  if (number.length > NUMBER_MAX)
    throw errors.conflict(
      `The ${kind === 'invoice' ? 'invoice' : 'credit note'} series ${series} is full for this financial year: choose a shorter invoice prefix.`,
    );
  return number;
}

/**
 * Takes the next number of a series and year in the caller's (issuing) transaction, by ONE statement: the upsert
 * creates the year's counter at 1 or adds one to it, and holds its row until the transaction ends, so racing issues
 * take numbers one after another, and a transaction that rolls back gives its number back (no gap).
 */
export async function takeNumber(
  tx: Executor,
  kind: DocumentKind,
  series: string,
  fiscalYear: string,
): Promise<{ seq: number; number: string }> {
  const [row] = rowsOf<{ last_seq: number }>(
    await tx.execute(sql`
      insert into document_counters (kind, series, fiscal_year, last_seq) values (${kind}, ${series}, ${fiscalYear}, 1)
      on conflict (kind, series, fiscal_year) do update set last_seq = document_counters.last_seq + 1
      returning last_seq`),
  );
  const seq = Number(row!.last_seq);
  return { seq, number: documentNumber(kind, series, fiscalYear, seq) };
}
