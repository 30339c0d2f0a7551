import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseAtMigration, createTestDatabase } from '../test/db.ts';
import { rowsOf, type Database, type Executor } from './client.ts';

/**
 * server/db/sql holds the current definition of every database function (functions/<name>.sql) and trigger
 * (triggers/<name>.sql), decision 033. These tests migrate a fresh database and compare what it holds with
 * those files, both ways.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const sqlFolder = path.join(here, 'sql');
const migrationsFolder = path.join(here, 'migrations');

const HOW_TO_CHANGE =
  'A change to a function or a trigger is its file under server/db/sql plus a new migration that applies it (server/db/sql/README.md)';

type Kind = 'functions' | 'triggers';
/** Definitions by name: a function's or a trigger's name, or a file's name without `.sql`. */
type Definitions = Map<string, string>;

/** The files of server/db/sql/<kind>, by name. */
function readFiles(kind: Kind): Definitions {
  const folder = path.join(sqlFolder, kind);
  const files = readdirSync(folder).filter((f) => f.endsWith('.sql'));
  return new Map(files.sort().map((f) => [f.slice(0, -'.sql'.length), readFileSync(path.join(folder, f), 'utf8')]));
}

/** Lines, each without trailing blanks, with the comment lines and blank lines before the statement left out. */
function statementLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((l) => l.trim() !== '' && !l.trimStart().startsWith('--'));
  return start < 0 ? [] : lines.slice(start).map((l) => l.trimEnd());
}

/**
 * A function as compared: line by line (a body's comments and indentation are stored as written), blanks at line
 * ends, blank lines at either end and the closing semicolon left out.
 */
function functionText(text: string): string {
  return statementLines(text).join('\n').trim().replace(/;$/, '').trimEnd();
}

/**
 * A trigger as compared: PostgreSQL prints one on a single line, a file may wrap it, so every run of blanks counts
 * as one space. A file says CREATE OR REPLACE so that a migration can apply it again; the database says CREATE.
 */
function triggerText(text: string): string {
  return statementLines(text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '')
    .trimEnd()
    .replace(/^CREATE OR REPLACE TRIGGER /, 'CREATE TRIGGER ');
}

/** Rows of (name, definition) as a map; a name met twice is an error, since each has one file. */
function byName(kind: Kind, rows: { name: string; def: string }[]): Definitions {
  const out: Definitions = new Map();
  for (const r of rows) {
    if (out.has(r.name)) throw new Error(`two ${kind} are named ${r.name}: one file per name cannot hold both`);
    out.set(r.name, r.def);
  }
  return out;
}

/** Every function of the public schema that no extension owns (pg_trgm's are), as pg_get_functiondef prints it. */
async function databaseFunctions(db: Executor): Promise<Definitions> {
  const rows = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select p.proname as name, pg_get_functiondef(p.oid) as def
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and not exists (
           select 1 from pg_depend d
            where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       order by p.proname`),
  );
  return byName('functions', rows);
}

/** Every trigger that is not a constraint's internal one, as pg_get_triggerdef prints it. */
async function databaseTriggers(db: Executor): Promise<Definitions> {
  const rows = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select t.tgname as name, pg_get_triggerdef(t.oid) as def
        from pg_trigger t
       where not t.tgisinternal
       order by t.tgname`),
  );
  return byName('triggers', rows);
}

/** The first line where two texts differ, for the report. */
function firstDifference(inDatabase: string, inFile: string): string {
  const a = inDatabase.split('\n');
  const b = inFile.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: database ${JSON.stringify(a[i])}, file ${JSON.stringify(b[i])}`;
  }
  return '';
}

/** What differs between the migrated database and the files of one kind, one sentence each; none when they agree. */
function differences(kind: Kind, inDatabase: Definitions, inFiles: Definitions): string[] {
  const normalise = kind === 'functions' ? functionText : triggerText;
  const what = kind === 'functions' ? 'function' : 'trigger';
  const problems: string[] = [];
  for (const [name, def] of inDatabase) {
    const file = inFiles.get(name);
    if (file === undefined) {
      problems.push(`${what} ${name} is in the database but has no file server/db/sql/${kind}/${name}.sql`);
      continue;
    }
    const want = normalise(def);
    const have = normalise(file);
    if (want !== have)
      problems.push(
        `${what} ${name} in the database differs from server/db/sql/${kind}/${name}.sql (${firstDifference(want, have)})`,
      );
    if (kind === 'triggers' && !/^CREATE OR REPLACE TRIGGER /.test(statementLines(file).join(' ')))
      problems.push(`server/db/sql/triggers/${name}.sql does not start with CREATE OR REPLACE TRIGGER`);
  }
  for (const name of inFiles.keys()) {
    if (!inDatabase.has(name))
      problems.push(`server/db/sql/${kind}/${name}.sql has no ${what} ${name} in the migrated database`);
  }
  return problems;
}

/** Runs `fn` in a transaction that is always undone. */
async function inUndoneTransaction(database: Database, fn: (tx: Executor) => Promise<void>): Promise<void> {
  const undone = new Error('undone');
  await expect(
    database.db.transaction(async (tx) => {
      await fn(tx);
      throw undone;
    }),
  ).rejects.toBe(undone);
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('server/db/sql and the migrated database', () => {
  it('every function of the migrated database is the one in its file under sql/functions, and every file has its function', async () => {
    const inDatabase = await databaseFunctions(database.db);
    const inFiles = readFiles('functions');
    expect(differences('functions', inDatabase, inFiles), HOW_TO_CHANGE).toEqual([]);
    expect([...inDatabase.keys()]).toEqual(expect.arrayContaining(['slot_booking_guard', 'chat_messages_summarise']));
    // pg_trgm's functions live in public too, and are not the project's.
    const trgm = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from pg_proc p join pg_namespace ns on ns.oid = p.pronamespace
         where ns.nspname = 'public' and p.proname = 'similarity'`),
    );
    expect(trgm[0]?.n).toBe(1);
    expect(inDatabase.has('similarity')).toBe(false);
  });

  it('every trigger of the migrated database is the one in its file under sql/triggers, and every file has its trigger', async () => {
    const inDatabase = await databaseTriggers(database.db);
    const inFiles = readFiles('triggers');
    expect(differences('triggers', inDatabase, inFiles), HOW_TO_CHANGE).toEqual([]);
    expect([...inDatabase.keys()]).toEqual(
      expect.arrayContaining(['slot_bookings_give_back_seats_tg', 'audit_log_no_truncate']),
    );
  });

  it('reports a function with no file, a file with no function and a function that differs from its file', async () => {
    await inUndoneTransaction(database, async (tx) => {
      await tx.execute(
        sql.raw(`CREATE FUNCTION public.sql_definitions_probe() RETURNS integer LANGUAGE sql AS 'SELECT 1'`),
      );
      await tx.execute(
        sql.raw(`CREATE OR REPLACE FUNCTION public.chat_shard(p_customer uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (get_byte(uuid_send(p_customer), 15) % 4)::smallint
$$`),
      );
      const inFiles = readFiles('functions');
      inFiles.set('no_such_function', 'CREATE OR REPLACE FUNCTION public.no_such_function() ...');
      const problems = differences('functions', await databaseFunctions(tx), inFiles);
      expect(problems).toEqual([
        expect.stringMatching(
          /^function chat_shard in the database differs from server\/db\/sql\/functions\/chat_shard\.sql \(line 6:/,
        ),
        'function sql_definitions_probe is in the database but has no file server/db/sql/functions/sql_definitions_probe.sql',
        'server/db/sql/functions/no_such_function.sql has no function no_such_function in the migrated database',
      ]);
    });
    // The transaction was undone: the database agrees with the files again.
    expect(differences('functions', await databaseFunctions(database.db), readFiles('functions'))).toEqual([]);
  });

  it('reports a trigger with no file, a file with no trigger and a trigger that differs from its file', async () => {
    await inUndoneTransaction(database, async (tx) => {
      await tx.execute(
        sql.raw(`CREATE TRIGGER sql_definitions_probe BEFORE INSERT ON public.audit_log
          FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`),
      );
      await tx.execute(
        sql.raw(`CREATE OR REPLACE TRIGGER orders_on_cancel BEFORE UPDATE OF status, total ON public.orders
          FOR EACH ROW EXECUTE FUNCTION orders_on_cancel()`),
      );
      const inFiles = readFiles('triggers');
      inFiles.set('no_such_trigger', 'CREATE OR REPLACE TRIGGER no_such_trigger ...');
      const problems = differences('triggers', await databaseTriggers(tx), inFiles);
      expect(problems).toEqual([
        expect.stringMatching(
          /^trigger orders_on_cancel in the database differs from server\/db\/sql\/triggers\/orders_on_cancel\.sql/,
        ),
        'trigger sql_definitions_probe is in the database but has no file server/db/sql/triggers/sql_definitions_probe.sql',
        'server/db/sql/triggers/no_such_trigger.sql has no trigger no_such_trigger in the migrated database',
      ]);
    });
    expect(differences('triggers', await databaseTriggers(database.db), readFiles('triggers'))).toEqual([]);
  });

  it('reports a trigger file that says CREATE TRIGGER, which a migration could not apply again', async () => {
    const inFiles = readFiles('triggers');
    const file = inFiles.get('orders_on_cancel') ?? '';
    inFiles.set('orders_on_cancel', file.replace('CREATE OR REPLACE TRIGGER', 'CREATE TRIGGER'));
    expect(differences('triggers', await databaseTriggers(database.db), inFiles)).toEqual([
      'server/db/sql/triggers/orders_on_cancel.sql does not start with CREATE OR REPLACE TRIGGER',
    ]);
  });
});

describe('migration 0009, which applies server/db/sql', () => {
  /** What decides how a function or trigger behaves: its definition, who may call it, whether it fires. */
  async function behaviour(db: Executor) {
    return {
      functions: rowsOf(
        await db.execute(sql`
          select p.proname, pg_get_functiondef(p.oid) as def, p.proacl::text as acl, pg_get_userbyid(p.proowner) as owner
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public'
           order by p.proname, pg_get_function_identity_arguments(p.oid)`),
      ),
      triggers: rowsOf(
        await db.execute(sql`
          select t.tgrelid::regclass::text as "table", t.tgname, pg_get_triggerdef(t.oid) as def, t.tgenabled
            from pg_trigger t
           where not t.tgisinternal
           order by 1, 2`),
      ),
    };
  }

  it('changes no function and no trigger of a database that had 0008', async () => {
    const old = await createDatabaseAtMigration('0008_analytics-indexes');
    try {
      const was = await behaviour(old.db);
      expect(was.functions.length).toBeGreaterThan(10);
      expect(was.triggers.length).toBeGreaterThan(10);
      // 0009's statements as drizzle's migrator reads and runs them: in order, in one transaction.
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const index = journal.entries.findIndex((e) => e.tag === '0009_database-functions-in-files');
      const statements = readMigrationFiles({ migrationsFolder })[index]?.sql ?? [];
      expect(statements).toHaveLength(14 + 12);
      await old.db.transaction(async (tx) => {
        for (const statement of statements) await tx.execute(sql.raw(statement));
      });
      expect(await behaviour(old.db)).toEqual(was);
    } finally {
      await old.close();
    }
  });
});
