import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn, type SlotBooking } from '#shared/slots';
import { rowsOf } from '../db/client';
import { createTestApp, type TestContext } from '../test/app';
import { enqueueMail, nudgeOutbox } from './queue';
import { backoffMs, startOutboxWorker, type MailSender } from './worker';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child() { return silent; }, level: 'silent' } as never;

interface OutboxState {
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
  due_in_future: boolean;
}
const stateOf = async (id: string) =>
  rowsOf<OutboxState>(
    await t.database.db.execute(sql`select attempts, sent_at, last_error, next_attempt_at > now() as due_in_future from outbox where id = ${id}`),
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
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/slots/book',
      headers: t.auth(customer.token),
      payload: { schedule: `${date} at 10:30`, petName: 'Tara <3', ownerName: 'Pet Parent', phone: '9123456780' },
    });
    const b = booked.json() as SlotBooking;
    expect((await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${b.id}`, headers: t.auth(employee.token) })).statusCode).toBe(200);

    const worker = startOutboxWorker({ db: t.database.db, config: t.config, log: silent, autoStart: false });
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
    const decoded = /base64/i.test(eml.slice(eml.search(/Content-Type: text\/calendar/i), eml.search(/Content-Type: text\/calendar/i) + 300))
      ? Buffer.from(icsPart.replace(/\s+/g, ''), 'base64').toString('utf8')
      : icsPart.replace(/=\r\n/g, '');
    expect(decoded).toContain('BEGIN:VCALENDAR');
    expect(decoded).toContain('METHOD:REQUEST');
    expect(decoded).toContain(`UID:booking-${b.id}@pawcare`);

    const [row] = rowsOf<{ sent_at: Date | null; attempts: number }>(await t.database.db.execute(sql`select sent_at, attempts from outbox where kind = 'booking_confirmed'`));
    expect(row!.sent_at).not.toBeNull();
    expect(row!.attempts).toBe(1);
  });

  it('keeps a failed mail, records the error, backs off, and sends it on a later attempt', async () => {
    await clearOutbox();
    const id = await enqueueMail(t.database.db, { kind: 'test', to: 'someone@example.com', subject: 'Hello', text: 'Hi there' });
    const delivered: string[] = [];
    let failuresLeft = 2;
    const flaky: MailSender = async (message) => {
      if (failuresLeft-- > 0) throw new Error('SMTP 451 try again later');
      delivered.push(String(message.subject));
    };
    const worker = startOutboxWorker({ db: t.database.db, config: t.config, log: silent, send: flaky, autoStart: false });

    expect(await worker.runOnce()).toBe(1);
    expect(await stateOf(id)).toMatchObject({ attempts: 1, sent_at: null, last_error: 'SMTP 451 try again later', due_in_future: true });
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
    const id = await enqueueMail(t.database.db, { kind: 'test', to: 'someone@example.com', subject: 'Doomed', text: 'x' });
    const worker = startOutboxWorker({
      db: t.database.db,
      config: t.config,
      log: silent,
      maxAttempts: 2,
      autoStart: false,
      send: async () => {
        throw new Error('mailbox unavailable');
      },
    });
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
    const worker = startOutboxWorker({
      db: t.database.db,
      config: t.config,
      log: silent,
      pollMs: 60 * 60_000,
      send: async (message) => {
        await gate;
        delivered.push(String(message.subject));
      },
    });
    const id = await enqueueMail(t.database.db, { kind: 'test', to: 'someone@example.com', subject: 'Nudged', text: 'x' });
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
    for (let i = 0; i < 6; i++) await enqueueMail(t.database.db, { kind: 'test', to: 'a@example.com', subject: `Mail ${i}`, text: 'x' });
    const seen: string[] = [];
    const send: MailSender = async (message) => {
      seen.push(String(message.subject));
    };
    const a = startOutboxWorker({ db: t.database.db, config: t.config, log: silent, send, batchSize: 4, autoStart: false });
    const b = startOutboxWorker({ db: t.database.db, config: t.config, log: silent, send, batchSize: 4, autoStart: false });
    const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(na + nb).toBe(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen).toHaveLength(6);
    await Promise.all([a.stop(), b.stop()]);
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
