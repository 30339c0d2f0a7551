import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';

/** A statement as the driver was asked to run it. */
interface Statement {
  text: string;
  values: unknown[];
}

interface Queryable {
  query: (...args: unknown[]) => Promise<unknown>;
}

/** The driver object under Drizzle: PGlite's client or node-postgres' pool. */
const driverOf = (database: Database) => (database.db as unknown as { $client: Queryable }).$client;

/**
 * Every statement the app sends through `database` while `run` runs (outside transactions, which is how lists and
 * counts are read). Works on both drivers: PGlite's query(text, params) and node-postgres' query(config, params).
 */
async function captureStatements(database: Database, run: () => Promise<unknown>): Promise<Statement[]> {
  const driver = driverOf(database);
  const original = driver.query;
  const seen: Statement[] = [];
  driver.query = function (this: unknown, ...args: unknown[]) {
    const [q, params] = args;
    const text = typeof q === 'string' ? q : (q as { text: string }).text;
    const values = Array.isArray(params) ? params : ((q as { values?: unknown[] }).values ?? []);
    seen.push({ text, values });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    driver.query = original;
  }
  return seen;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** What one statement read: table rows fetched or filtered away by its scans (per table), and how it scanned. */
export interface Reading {
  statement: string;
  rowsRead: Record<string, number>;
  scans: string[];
}

/**
 * Runs a read-only statement under EXPLAIN ANALYZE and adds up the rows its scans touched (returned, or read and
 * filtered out), loops included: a count that grows with the table, unlike the page it answers with.
 */
async function rowsRead(database: Database, s: Statement): Promise<Reading> {
  const driver = driverOf(database);
  const result = await driver.query(`explain (analyze, format json) ${s.text}`, s.values);
  const raw = rowsOf<Record<string, unknown>>(result)[0]!;
  const value = Object.values(raw)[0];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  const rows: Record<string, number> = {};
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Relation Name']) {
      const touched = n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0);
      const table = n['Relation Name'];
      rows[table] = (rows[table] ?? 0) + touched * n['Actual Loops'];
      scans.push(`${n['Node Type']} on ${n['Relation Name']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`);
    } else if (n['Index Name']) {
      // A bitmap index scan names its index; the heap scan above it names the table.
      scans.push(`${n['Node Type']} using ${n['Index Name']}`);
    }
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan[0]!.Plan);
  return { statement: s.text, rowsRead: rows, scans };
}

/** The reads of every SELECT `run` sent (statements that write are left out: EXPLAIN ANALYZE would run them). */
export async function readingsOf(database: Database, run: () => Promise<unknown>): Promise<Reading[]> {
  const statements = await captureStatements(database, run);
  const reads = statements.filter(
    (s) => /^\s*(select|with)\b/i.test(s.text) && !/\b(insert|update|delete)\b/i.test(s.text),
  );
  const out: Reading[] = [];
  for (const s of reads) out.push(await rowsRead(database, s));
  return out;
}
