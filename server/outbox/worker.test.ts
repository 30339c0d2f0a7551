import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '#shared/dates';
import { openDatabase, rowsOf, type Db } from '../db/client.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { silentLog } from '../test/silent-log.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { enqueueMail, nudgeOutbox } from './queue.ts';
import { backoffMs, startOutboxWorker, type MailSender, type OutboxWorkerOptions } from './worker.ts';

let t: TestContext;
const children: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await t.close();
});

/** A worker on the test database that runs only when a test calls runOnce() (unless `autoStart` says otherwise). */
const testWorker = (opts: Partial<OutboxWorkerOptions> = {}) =>
  startOutboxWorker({ db: t.database.db, config: t.config, log: silentLog, autoStart: false, ...opts });

/** Queues a plain test mail and returns its id. */
const queueMail = (subject: string, text = 'x') =>
  enqueueMail(t.database.db, { kind: 'test', to: 'someone@example.com', subject, text });

/** A sender that records each mail's subject (after `prefix`) and succeeds. */
const recorder =
  (delivered: string[], prefix = ''): MailSender =>
  (message) => {
    delivered.push(`${prefix}${String(message.subject)}`);
    return Promise.resolve();
  };

interface OutboxState {
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
  due_in_future: boolean;
}
const stateOf = async (id: string) =>
  rowsOf<OutboxState>(
    await t.database.db.execute(
      sql`select attempts, sent_at, last_error, next_attempt_at > now() as due_in_future from outbox where id = ${id}`,
    ),
  )[0]!;

/** Makes a row due now, as if its backoff had elapsed. */
const makeDue = (id: string) => t.database.db.execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);

/** Marks every earlier row as sent, so each test sees only its own mail. */
const clearOutbox = () => t.database.db.execute(sql`update outbox set sent_at = now() where sent_at is null`);

describe('outbox worker', () => {
  it('writes a confirmed booking’s mail as an .eml file with the calendar invite, and marks it sent', async () => {
    await clearOutbox();
    const customer = await t.buildUser({ role: 'user', name: 'Pet Parent' });
    const employee = await t.buildUser({ role: 'employee' });
    const date = addDays(todayIn(t.config.CLINIC_TZ), 2);
    const b = await newBooking(
      t.app,
      customer.token,
      bookingFor(`${date} at 10:30`, { petName: 'Tara <3', ownerName: 'Pet Parent', phone: '9123456780' }),
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${b.id}`, headers: t.auth(employee.token) }))
        .statusCode,
    ).toBe(200);

    const worker = testWorker();
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();

    const dir = path.join(t.config.dataDir, 'outbox');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${customer.user.email}`);
    expect(eml).toContain('Subject: Your appointment for Tara <3 is confirmed');
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toContain(`Message-ID: <outbox-`);
    // The body parts are encoded; decode the calendar part and check it is a real invite.
    const icsPart = /Content-Type: text\/calendar[^]*?\r\n\r\n([^]*?)\r\n--/i.exec(eml)?.[1] ?? '';
    const decoded = /base64/i.test(
      eml.slice(eml.search(/Content-Type: text\/calendar/i), eml.search(/Content-Type: text\/calendar/i) + 300),
    )
      ? Buffer.from(icsPart.replace(/\s+/g, ''), 'base64').toString('utf8')
      : icsPart.replace(/=\r\n/g, '');
    expect(decoded).toContain('BEGIN:VCALENDAR');
    expect(decoded).toContain('METHOD:REQUEST');
    expect(decoded).toContain(`UID:booking-${b.id}@pawcare`);

    const [row] = rowsOf<{ sent_at: Date | null; attempts: number }>(
      await t.database.db.execute(sql`select sent_at, attempts from outbox where kind = 'booking_confirmed'`),
    );
    expect(row!.sent_at).not.toBeNull();
    expect(row!.attempts).toBe(1);
  });

  it('keeps a failed mail, records the error, backs off, and sends it on a later attempt', async () => {
    await clearOutbox();
    const id = await queueMail('Hello', 'Hi there');
    const delivered: string[] = [];
    const deliver = recorder(delivered);
    let failuresLeft = 2;
    const flaky: MailSender = (message, row) =>
      failuresLeft-- > 0 ? Promise.reject(new Error('SMTP 451 try again later')) : deliver(message, row);
    const worker = testWorker({ send: flaky });

    expect(await worker.runOnce()).toBe(1);
    expect(await stateOf(id)).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: 'SMTP 451 try again later',
      due_in_future: true,
    });
    // Not due yet: nothing is claimed.
    expect(await worker.runOnce()).toBe(0);

    await makeDue(id);
    expect(await worker.runOnce()).toBe(1);
    expect(await stateOf(id)).toMatchObject({ attempts: 2, sent_at: null, last_error: 'SMTP 451 try again later' });

    await makeDue(id);
    expect(await worker.runOnce()).toBe(1);
    const done = await stateOf(id);
    expect(done.sent_at).not.toBeNull();
    expect(done.last_error).toBeNull();
    expect(done.attempts).toBe(3);
    expect(delivered).toEqual(['Hello']);
    await worker.stop();
  });

  it('stops retrying after the maximum number of attempts, keeping the last error', async () => {
    await clearOutbox();
    const id = await queueMail('Doomed');
    const worker = testWorker({ maxAttempts: 2, send: () => Promise.reject(new Error('mailbox unavailable')) });
    await worker.runOnce();
    await makeDue(id);
    await worker.runOnce();
    await makeDue(id);
    expect(await worker.runOnce()).toBe(0);
    expect(await stateOf(id)).toMatchObject({ attempts: 2, sent_at: null, last_error: 'mailbox unavailable' });
    await worker.stop();
  });

  it('sends as soon as it is nudged after a commit, and stop() lets the current mail finish', async () => {
    await clearOutbox();
    const delivered: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const worker = testWorker({
      autoStart: true,
      pollMs: 60 * 60_000,
      send: async (message, row) => {
        await gate;
        await recorder(delivered)(message, row);
      },
    });
    const id = await queueMail('Nudged');
    nudgeOutbox();
    await vi.waitFor(async () => expect((await stateOf(id)).attempts).toBe(1));
    const stopping = worker.stop();
    release();
    await stopping;
    expect(delivered).toEqual(['Nudged']);
    expect((await stateOf(id)).sent_at).not.toBeNull();
  });

  it('never hands the same row to two workers at once', async () => {
    await clearOutbox();
    for (let i = 0; i < 6; i++) await queueMail(`Mail ${i}`);
    const seen: string[] = [];
    const a = testWorker({ send: recorder(seen), batchSize: 4 });
    const b = testWorker({ send: recorder(seen), batchSize: 4 });
    const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(na + nb).toBe(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen).toHaveLength(6);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('records a mail the server accepted even when the first attempt to record it fails, so it is not sent twice', async () => {
    await clearOutbox();
    const id = await queueMail('Once only');
    // The database refuses the first "sent" update (a dropped connection would look the same to the worker).
    await t.database.db.execute(sql.raw('create sequence outbox_refusals'));
    await t.database.db.execute(
      sql.raw(`
      create function refuse_first_sent() returns trigger language plpgsql as $$
      begin
        if new.sent_at is not null and old.sent_at is null and nextval('outbox_refusals') = 1 then
          raise exception 'connection to the database lost';
        end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_first_sent before update on outbox for each row execute function refuse_first_sent()',
      ),
    );
    try {
      const delivered: string[] = [];
      const worker = testWorker({ send: recorder(delivered) });
      expect(await worker.runOnce()).toBe(1);
      // Even once every retry delay has passed, there is nothing left to send.
      await makeDue(id);
      expect(await worker.runOnce()).toBe(0);
      await worker.stop();
      expect(delivered).toEqual(['Once only']);
      expect(await stateOf(id)).toMatchObject({ attempts: 1, last_error: null });
      expect((await stateOf(id)).sent_at).not.toBeNull();
    } finally {
      for (const drop of [
        'drop trigger refuse_first_sent on outbox',
        'drop function refuse_first_sent()',
        'drop sequence outbox_refusals',
      ]) {
        await t.database.db.execute(sql.raw(drop));
      }
    }
  });

  it('keeps renewing the lease of a slow send, so no other worker sends the same mail meanwhile', async () => {
    await clearOutbox();
    const id = await queueMail('Slow');
    const delivered: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let sending!: () => void;
    const started = new Promise<void>((r) => (sending = r));
    const slow = testWorker({
      leaseMs: 300,
      send: async (message, row) => {
        sending();
        await gate;
        await recorder(delivered, 'slow: ')(message, row);
      },
    });
    const other = testWorker({ leaseMs: 300, send: recorder(delivered, 'other: ') });
    const first = slow.runOnce();
    await started;
    const [{ claimed_at: claimedAt }] = rowsOf<{ claimed_at: Date }>(
      await t.database.db.execute(sql`select now() as claimed_at`),
    ) as [{ claimed_at: Date }];
    // Wait (on the database's clock) until the first lease would have run out three times over without renewal.
    await vi.waitFor(
      async () => {
        const [row] = rowsOf<{ late: boolean }>(
          await t.database.db.execute(
            sql`select now() > ${new Date(claimedAt).toISOString()}::timestamptz + interval '1 second' as late`,
          ),
        );
        expect(row!.late).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(await other.runOnce()).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(await other.runOnce()).toBe(0);
    await Promise.all([slow.stop(), other.stop()]);
    expect(delivered).toEqual(['slow: Slow']);
    expect((await stateOf(id)).sent_at).not.toBeNull();
  });

  it('grows the retry delay exponentially up to a cap', () => {
    const mid = (n: number) => [backoffMs(n), backoffMs(n), backoffMs(n)].sort((x, y) => x - y)[1]!;
    expect(mid(1)).toBeGreaterThanOrEqual(27_000);
    expect(mid(1)).toBeLessThanOrEqual(33_000);
    expect(mid(2)).toBeGreaterThanOrEqual(54_000);
    expect(mid(5)).toBeGreaterThanOrEqual(432_000);
    expect(mid(30)).toBeLessThanOrEqual(6.6 * 60 * 60_000);
  });
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts server/test/outbox-worker-process.ts on the given database and resolves once its worker runs. */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  const base = Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
  const child = spawn(process.execPath, ['server/test/outbox-worker-process.ts'], {
    cwd: root,
    env: { ...base, OUTBOX_LEASE_MS: '1000', OUTBOX_POLL_MS: '200', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { ready?: boolean }) => m.ready && resolve());
    child.on('exit', (code, signal) => reject(new Error(`worker process exited early (${code ?? signal})`)));
  });
  return child;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('outbox worker process killed with SIGKILL while sending', () => {
  it('a restarted worker sends every mail exactly once, the one cut off mid-send as soon as its short lease runs out', async () => {
    await clearOutbox();
    let victim: ChildProcess | undefined;
    const sink = await startSmtpSink(() => {
      // The third mail reaches the mail server, and the worker dies before the server answers it.
      if (sink.received.length === 3 && victim) {
        victim.kill('SIGKILL');
        victim = undefined;
        return 'hold';
      }
      return 'accept';
    });

    // PostgreSQL: both processes share this test file's database. PGlite: a directory each process opens in turn.
    const url = (t.database as { url?: string }).url;
    const pgliteDir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), 'pawcare-outbox-crash-'));
    const place: Record<string, string> = url ? { DATABASE_URL: url } : { PGLITE_DIR: pgliteDir! };
    const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
      if (url) return fn(t.database.db);
      const own = await openDatabase({ pgliteDir });
      try {
        return await fn(own.db);
      } finally {
        await own.close();
      }
    };
    const ids = await withDb(async (db) => {
      const out: string[] = [];
      for (let i = 1; i <= 10; i++)
        out.push(
          await enqueueMail(db, {
            kind: 'booking_confirmed',
            to: `parent${i}@example.com`,
            subject: `Confirmed ${i}`,
            text: 'x',
          }),
        );
      return out;
    });
    const messageIds = ids.map((id) => `<outbox-${id}@pawcare.local>`);
    const env = { ...place, SMTP_URL: sink.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pawcare-outbox-data-')) };

    try {
      victim = await startWorkerProcess(env);
      const killed = victim;
      await exitOf(killed);
      expect(killed.signalCode).toBe('SIGKILL');
      expect(sink.accepted).toHaveLength(2);
      const cutOff = sink.received[2]!.messageId;
      expect(messageIds).toContain(cutOff);

      const restarted = await startWorkerProcess(env);
      // Bounded wait for the outcome: with the old five-minute lease, eight of these mails would still be stuck.
      await vi.waitFor(() => expect(new Set(sink.accepted.map((m) => m.messageId)).size).toBe(10), {
        timeout: 60_000,
        interval: 100,
      });
      restarted.kill('SIGTERM');
      await exitOf(restarted);
      expect(restarted.exitCode).toBe(0);

      // Every mail accepted exactly once; the one cut off was sent again under the same Message-ID.
      expect([...sink.accepted.map((m) => m.messageId)].sort()).toEqual([...messageIds].sort());
      expect(sink.received.filter((m) => m.messageId === cutOff)).toHaveLength(2);
      const unsent = await withDb(async (db) =>
        rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from outbox where sent_at is null`)),
      );
      expect(Number(unsent[0]!.n)).toBe(0);
    } finally {
      await sink.close();
    }
  }, 180_000);
});
