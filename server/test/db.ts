import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createScratchDatabase } from '../db/scratch.ts';
import { openDatabase, openPglite, type Database, type Db } from '../db/client.ts';
import { openEmbedded } from '../db/embedded.ts';
import * as schema from '../db/schema/index.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

/** A digest of every committed migration, so a new or edited migration yields a new template. */
function migrationsDigest(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else h.update(entry.name).update(readFileSync(p));
    }
  };
  walk(migrationsFolder);
  return h.digest('hex').slice(0, 16);
}

/**
 * The data directory of a freshly migrated PGlite, dumped once per set of migrations and shared by every test
 * file (and every worker process): loading it takes about a third of the time of migrating from scratch.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `pawcare-pglite-template-${migrationsDigest()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await openEmbedded();
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Write then rename: a parallel worker either sees no file or a complete one.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  // An in-memory PGlite started from the migrated template (migrations re-checked, a no-op when current).
  if (!base) return openPglite({ loadDataDir: await pgliteTemplate() });
  const scratch = await createScratchDatabase(base, 'pawcare_t');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 60 });
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A copy of the migrations folder that ends with the migration tagged `lastTag`. */
function migrationsUpTo(lastTag: string): { folder: string; remove(): void } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`No migration tagged ${lastTag}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pawcare-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, end + 1);
  for (const e of entries) copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL) migrated only up to `lastTag`, so a test can
 * write the data an older release left behind and then apply the later migrations with `migrateRest`.
 */
export async function createDatabaseAtMigration(
  lastTag: string,
): Promise<{ db: Db; migrateRest(): Promise<void>; close(): Promise<void> }> {
  const older = migrationsUpTo(lastTag);
  try {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) {
      const client = await openEmbedded();
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder: older.folder });
      return {
        db: db as unknown as Db,
        migrateRest: () => migratePglite(db, { migrationsFolder }),
        close: () => client.close(),
      };
    }
    const scratch = await createScratchDatabase(base, 'pawcare_t');
    const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    // Dropping the scratch database ends its sessions (57P01); a pooled connection still closing when that
    // arrives reports it as an error of that client, which is expected here, not a failure of the test.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: older.folder });
    return {
      db,
      migrateRest: () => migratePg(db, { migrationsFolder }),
      close: async () => {
        await pool.end();
        await scratch.drop();
      },
    };
  } finally {
    older.remove();
  }
}
