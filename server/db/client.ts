import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openEmbedded } from './embedded.ts';
import * as schema from './schema/index.ts';

/** One typed database handle; PGlite and node-postgres expose the same query builder. */
export type Db = NodePgDatabase<typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`: always use it there, never `db`. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services accept both so callers can compose them. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 5000;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DbOptions {
  /** postgres://... ; when unset, PGlite is used. */
  databaseUrl?: string;
  /** Directory of the PGlite files; unset = in memory (tests). */
  pgliteDir?: string;
  /** Max pool size for PostgreSQL. */
  poolSize?: number;
  /** How long a request waits for a new PostgreSQL connection before it fails (answered 503); default 5 s. */
  connectTimeoutMs?: number;
}

/** Opens the database chosen by the configuration and applies the committed migrations. */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      // While the server is unreachable a request fails (503) after this long instead of waiting for the OS.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      // Lets the kernel notice a connection whose peer vanished without a reset, so the pool can drop it.
      keepAlive: true,
    });
    pool.on('error', () => {
      /* an idle client died; the pool replaces it */
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
    };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  return openPglite({ dataDir: opts.pgliteDir });
}

/**
 * The embedded database (PGlite) in the folder `dataDir`, or in memory (from the dump `loadDataDir` when given),
 * with the committed migrations applied.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await openEmbedded(options);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
  };
}

/** Rows of a raw `db.execute(sql...)` on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** True when `err` is a PostgreSQL unique violation (optionally of the named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** Drizzle wraps driver errors; dig out the one carrying a SQLSTATE. */
export function findPgError(err: unknown): { code: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return { code: c.code, constraint: c.constraint };
    cur = c.cause;
  }
  return undefined;
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres and pg-pool say these in words only (no code).
const CONNECTION_ERROR_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * True when `err` (or an error it wraps) means the database could not be reached or dropped the connection: a
 * refused or broken connection, a connect timeout, or PostgreSQL shutting down, starting up or out of
 * connections (SQLSTATE class 08, 57P01-57P03, 53300). Such a failure is temporary and says nothing about the request.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === 'string') {
      if (
        CONNECTION_ERROR_CODES.has(c.code) ||
        c.code.startsWith('08') ||
        ['57P01', '57P02', '57P03', '53300'].includes(c.code)
      )
        return true;
    }
    if (typeof c.message === 'string' && CONNECTION_ERROR_TEXT.test(c.message) && !/^Failed query/.test(c.message))
      return true;
    cur = c.cause;
  }
  return false;
}

/** The innermost cause of an error in a few words, for a log line: never the query text or its parameters. */
export function innermostReason(err: unknown): string {
  let cur = err as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 6 && cur?.cause && typeof cur.cause === 'object'; i++) cur = cur.cause;
  const code = typeof cur?.code === 'string' ? `${cur.code} ` : '';
  const message = typeof cur?.message === 'string' && !cur.message.startsWith('Failed query') ? cur.message : '';
  return `${code}${message}`.slice(0, 200);
}
