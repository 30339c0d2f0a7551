/* Databases and servers of the scale bench, and their clean-up. */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch.ts';
import { startChild, stopChild } from '../child.ts';
import { seedHistory, type Exec } from '../history.ts';
import { root, STAFF, LOG_LEVEL, BASE_DB, SECRET, type Subjects, subjectsOf, type Side } from './setup.ts';

// Running: databases, servers, clean-up.

export const cleanups: (() => Promise<unknown>)[] = [];
export async function cleanUp() {
  for (const c of cleanups.splice(0).reverse()) await c().catch((err: unknown) => console.error(err));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
// Output piped into a reader that stopped (| head) must not end the run before the databases are dropped.
process.stdout.on('error', () => undefined);

export const sizeLabel = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));

function serverEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // One client asks for everything the bench measures: the per-client request budget would refuse it.
    REQUEST_RATE_LIMIT: '1000000000',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: LOG_LEVEL,
    JWT_SECRET: SECRET,
    DATA_DIR: dataDir,
  };
}

export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-scale-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A scratch PostgreSQL database, migrated by the app and seeded. */
export async function postgresOf(n: number): Promise<{ scratch: ScratchDatabase; subjects: Subjects }> {
  const scratch = await createScratchDatabase(BASE_DB, `pawcare_bench_scale_${sizeLabel(n)}`);
  cleanups.push(() => scratch.drop());
  const { openDatabase } = await import('../../server/db/client.ts');
  await (await openDatabase({ databaseUrl: scratch.url, poolSize: 1 })).close();
  const c = new pg.Client({ connectionString: scratch.url });
  await c.connect();
  try {
    const exec: Exec = (text) => c.query(text);
    await seedHistory(exec, n, STAFF);
    return { scratch, subjects: await subjectsOf(exec, n) };
  } finally {
    await c.end();
  }
}

/** An embedded PGlite database under `dataDir/pglite` (where server/main.ts looks), migrated and seeded. */
export async function pgliteOf(n: number, dataDir: string): Promise<Subjects> {
  const { openDatabase } = await import('../../server/db/client.ts');
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const exec: Exec = async (text) => ({ rows: (await client.query<Record<string, unknown>>(text)).rows });
    await seedHistory(exec, n, STAFF);
    return await subjectsOf(exec, n);
  } finally {
    await database.close();
  }
}

export async function startServer(
  label: string,
  n: number,
  subjects: Subjects,
  dataDir: string,
  scratch?: ScratchDatabase,
): Promise<Side> {
  const server = await startChild(path.join(root, 'server', 'main.ts'), [], serverEnv(dataDir, scratch?.url));
  cleanups.push(() => stopChild(server.child));
  return { label, n, port: server.port, child: server.child, subjects, database: scratch?.name };
}
