/**
 * npm run bench:outbox-crash: confirmation mail after a crash, measured on the real server process.
 *
 * For each way of dying, on a fresh PostgreSQL database: 10 booking confirmation mails are queued, `server/main.ts`
 * starts with SMTP_URL pointing at a local SMTP sink, and is killed with SIGKILL while sending the third mail:
 * - mid-send: the sink has the third mail's DATA but has not answered it (SMTP never accepted it);
 * - after-accept: right after the sink answers 250 to the third mail (the mail was accepted; whether its sent
 *   time got recorded is a race with one UPDATE).
 * A second server process is then started on the same database (a restart) and the bench waits until the sink has
 * accepted all 10 mails and every row is recorded as sent. It reports how many arrived late (more than LATE_S seconds after the restarted process
 * was ready), the latest arrival after the kill, and duplicates (mails the sink accepted twice).
 *
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test),
 * OUTBOX_BENCH_WAIT_S (how long to wait for the last mail after the kill, 420).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../server/db/client.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { mailBrand } from '../server/mail/brand.ts';
import { bookingConfirmedMail } from '../server/mail/booking-confirmed.ts';
import { enqueueMail } from '../server/outbox/queue.ts';
import { startSmtpSink, type SinkDecision, type SinkMessage } from '../server/test/smtp-sink.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE_DB =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WAIT_S = Number(process.env.OUTBOX_BENCH_WAIT_S ?? 420);
const MAILS = 10;
const KILL_AT = 3;
const LATE_S = 10;

type Mode = 'mid-send' | 'after-accept';

function startServer(databaseUrl: string, smtpUrl: string): { child: ChildProcess; ready: Promise<void> } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-outbox-bench-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m: { ready?: boolean }) => m.ready && resolve());
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  ready.catch(() => {});
  return { child, ready };
}

async function waitFor(condition: () => Promise<boolean>, seconds: number): Promise<boolean> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return condition();
}

async function run(mode: Mode) {
  const scratch = await createScratchDatabase(BASE_DB, 'pawcare_obench');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  const ids: string[] = [];
  const brand = mailBrand(
    {
      CLINIC_NAME: 'Pawcare Pet Clinic',
      CLINIC_ADDRESS: '12 Park Street, Kolkata',
      CLINIC_PHONE: '9876543210',
      CLINIC_EMAIL: 'clinic@pawcare.local',
      PUBLIC_URL: 'http://localhost:3000',
      publicUrlGiven: false,
    },
    'white',
  );
  for (let i = 0; i < MAILS; i++) {
    const m = bookingConfirmedMail(brand, {
      bookingId: `bench-${i}`,
      userName: 'Pet Parent',
      userEmail: `parent${i}@example.com`,
      ownerName: 'Pet Parent',
      petName: `Pet ${i}`,
      startsAt: new Date('2031-03-04T05:00:00Z'),
      minutes: 30,
      serviceName: 'Pet Health Checkup',
      serviceId: 'bench-service',
      petId: null,
      pickupAddress: null,
      publicUrl: 'http://localhost:3000',
      hospital: {
        name: 'Pawcare Pet Clinic',
        address: '12 Park Street, Kolkata',
        phone: '9876543210',
        email: 'clinic@pawcare.local',
        hours: 'Mon-Sat 09:00-18:00',
      },
      timeZone: 'Asia/Kolkata',
    });
    ids.push(
      await enqueueMail(database.db, {
        kind: 'booking_confirmed',
        to: `parent${i}@example.com`,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: [
          { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: m.ics },
        ],
      }),
    );
  }

  const server: { first?: ChildProcess } = {};
  let killedAt = 0;
  let count = 0;
  const decide = (_m: SinkMessage): SinkDecision => {
    count += 1;
    if (count !== KILL_AT || !server.first) return 'accept';
    killedAt = Date.now();
    if (mode === 'mid-send') {
      server.first.kill('SIGKILL');
      return 'hold';
    }
    // The 250 is written as soon as this returns; the kill follows on the next turn of the event loop.
    const victim = server.first;
    setImmediate(() => victim.kill('SIGKILL'));
    return 'accept';
  };
  const sink = await startSmtpSink(decide);

  const one = startServer(scratch.url, sink.url);
  server.first = one.child;
  const exited = new Promise((r) => one.child.on('exit', r));
  await exited;
  if (!killedAt) throw new Error('the first server exited before the third mail');
  const acceptedBeforeRestart = sink.accepted.length;
  const recordedBeforeRestart = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from outbox where sent_at is not null`),
  )[0]!.n;

  const two = startServer(scratch.url, sink.url);
  await two.ready;
  const readyAt = Date.now();
  const unique = () => new Set(sink.accepted.map((m) => m.messageId)).size;
  const unsent = async () =>
    rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from outbox where sent_at is null`),
    )[0]!.n;
  // Done when every mail arrived and every row is recorded as sent: a resend of a mail accepted but not recorded
  // before the kill has happened by then too.
  const complete = await waitFor(async () => unique() === MAILS && (await unsent()) === 0, WAIT_S);
  two.child.kill('SIGTERM');
  await new Promise((r) => two.child.on('exit', r));

  const firstArrival = new Map<string, number>();
  for (const m of sink.accepted) if (!firstArrival.has(m.messageId)) firstArrival.set(m.messageId, m.at);
  const afterKill = [...firstArrival.values()].filter((at) => at >= killedAt).map((at) => (at - killedAt) / 1000);
  const late = [...firstArrival.values()].filter((at) => at > readyAt + LATE_S * 1000).length;
  const result = {
    mode,
    acceptedBeforeRestart,
    recordedBeforeRestart,
    restartS: +((readyAt - killedAt) / 1000).toFixed(1),
    arrived: firstArrival.size,
    complete,
    late,
    latestAfterKillS: afterKill.length ? +Math.max(...afterKill).toFixed(1) : 0,
    duplicates: sink.accepted.length - firstArrival.size,
    sameMessageIdOnResend: sink.received.every((m) => ids.some((id) => m.messageId === `<outbox-${id}@pawcare.local>`)),
  };
  console.log(JSON.stringify(result));
  await sink.close();
  await database.close();
  await scratch.drop();
  return result;
}

const results = [];
for (const mode of ['mid-send', 'after-accept'] as const) results.push(await run(mode));
console.table(results);
