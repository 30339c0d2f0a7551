/**
 * npm run bench:slots: slot booking on PostgreSQL (a fresh database, dropped afterwards).
 *
 * 1. Throughput with distinct times: SLOTS_BENCH_BOOKINGS checkups (30 minutes: one seat), each at its own time,
 *    SLOTS_BENCH_CONCURRENCY requests in flight over a pool of as many connections. Ours (bookSlot: the service
 *    looked up, then one statement that locks the customer and checks their cap and the pet's overlapping bookings in
 *    slot_booking_guard, takes a seat at every grid time the service covers with the atomic conditional upsert of
 *    that time's counter and inserts the booking) against the baseline: one plain INSERT of the same row (same
 *    account and service lookups, inside the statement), without the capacity logic.
 * 2. The contended case: SLOTS_BENCH_CLIENTS different customers book ONE time at once. Ours must let exactly
 *    `capacity` through; the baseline shows what a plain insert does (everyone gets in: overbooking).
 * 6. Multi-slot service, distinct times: SLOTS_BENCH_BOOKINGS / 2 bookings of the 60-minute training (two seats
 *    each, as many seats as case 1 takes), at hours that do not overlap.
 * 7. Multi-slot service, contended: SLOTS_BENCH_CLIENTS customers book the same training time at once while another
 *    customer's training half an hour later already holds one seat of its second half hour: ours must let exactly
 *    the remaining capacity through and leave no seat of a refused booking behind.
 * After every round of ours, every seat counter must equal the bookings covering it and stay within capacity.
 *
 * Rounds alternate ours/baseline (A B A B ...) on the same pool; medians over rounds are reported, with ratios.
 *
 * Env: SLOTS_BENCH_BOOKINGS (1600), SLOTS_BENCH_CLIENTS (500), SLOTS_BENCH_CONCURRENCY (50), SLOTS_BENCH_ROUNDS (3),
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { addDays, todayIn } from '#shared/dates';
import { BOOKING_HORIZON_DAYS, type BookSlotBody } from '#shared/bookings';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, rowsOf, type Database } from '../server/db/client.ts';
import { type AuthUser } from '../server/lib/caller.ts';
import { SEEDED_OFFERING_IDS } from '../server/offerings/seeded.ts';
import { bookSlot } from '../server/bookings/book.ts';
import { type BookingDeps } from '../server/bookings/records.ts';
import { type RunResult, median, drive, httpRun, plainInsert, addPlainBookingRoute, startTimes } from './slots/runs.ts';

const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const BOOKINGS = num('SLOTS_BENCH_BOOKINGS', 1600);
const CLIENTS = num('SLOTS_BENCH_CLIENTS', 500);
const CONCURRENCY = num('SLOTS_BENCH_CONCURRENCY', 50);
const ROUNDS = num('SLOTS_BENCH_ROUNDS', 3);
const BASE_DB =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const config: BookingDeps['config'] = {
  SLOT_OPEN: '09:00',
  SLOT_CLOSE: '18:00',
  SLOT_MINUTES: 30,
  SLOT_CAPACITY: 2,
  BOOKING_MAX_OPEN: 6,
  CLINIC_TZ: 'Asia/Kolkata',
  CLINIC_NAME: 'Pawcare Pet Clinic',
  CLINIC_ADDRESS: '12 Park Street, Kolkata 700016',
  CLINIC_PHONE: '9876543210',
  CLINIC_EMAIL: 'clinic@pawcare.local',
  // Open every day: the bench books every day of the booking window (the clinic settings start from this).
  CLINIC_HOURS: 'Mon-Sun 09:00-18:00',
  REMINDER_DAYS_BEFORE: 7,
  PUBLIC_URL: 'http://localhost:3000',
  publicUrlGiven: false,
};

async function main() {
  const scratch = await createScratchDatabase(BASE_DB, 'pawcare_bench_slots');
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: CONCURRENCY });
    const db = database.db;
    const deps: BookingDeps = { db, config };
    const [{ version }] = rowsOf<{ version: string }>(
      await db.execute(sql`select current_setting('server_version') as version`),
    ) as [{ version: string }];
    console.log(
      `PostgreSQL ${version}; pool ${CONCURRENCY} connections, ${CONCURRENCY} requests in flight; ${ROUNDS} rounds, alternating.`,
    );

    // Customers inserted directly: the bench is about booking, not password hashing. Enough of them that nobody
    // reaches BOOKING_MAX_OPEN in the distinct-times cases; one more holds part of the contended training time.
    const people = rowsOf<AuthUser>(
      await db.execute(sql`
        insert into users (name, email, password_hash, phone, address, role)
        select 'Bench Customer ' || g, 'bench' || g || '@example.com', 'x', '9876543210', g || ' Lake Road', 'user'
        from generate_series(1, ${Math.max(CLIENTS, Math.ceil(BOOKINGS / (config.BOOKING_MAX_OPEN - 1)), 50) + 1}) g
        returning id, name, email, role`),
    );
    const holder = people.pop()!;

    const minutesOf = new Map(
      rowsOf<{ id: string; duration_minutes: number }>(
        await db.execute(sql`select id, duration_minutes from services`),
      ).map((r) => [r.id, Number(r.duration_minutes)]),
    );
    const training = SEEDED_OFFERING_IDS.training;
    const trainingMinutes = minutesOf.get(training)!;
    const trainingSeats = Math.ceil(trainingMinutes / config.SLOT_MINUTES);

    // Times from tomorrow to the last day of the booking horizon: every grid time for the checkup (one seat each);
    // for the training, every start time whose hour does not overlap the one before (09:00, 10:00, ... 17:00).
    const today = todayIn(config.CLINIC_TZ);
    const days = Array.from({ length: BOOKING_HORIZON_DAYS }, (_, d) => addDays(today, d + 1));
    const checkupStarts = startTimes(config, minutesOf.get(SEEDED_OFFERING_IDS.checkup)!);
    const trainingStarts = startTimes(config, trainingMinutes).filter((_, i) => i % trainingSeats === 0);
    const schedules = days.flatMap((d) => checkupStarts.map((t) => `${d} at ${t}`)).slice(0, BOOKINGS);
    const trainingWanted = Math.floor(BOOKINGS / trainingSeats);
    const trainingSchedules = days.flatMap((d) => trainingStarts.map((t) => `${d} at ${t}`)).slice(0, trainingWanted);
    if (schedules.length < BOOKINGS)
      console.log(`Only ${schedules.length} distinct times exist within the booking horizon; using that many.`);
    if (trainingSchedules.length < trainingWanted)
      console.log(`Only ${trainingSchedules.length} training hours exist within the booking horizon; using that many.`);

    const body = (schedule: string, i: number, serviceId?: string): BookSlotBody => ({
      schedule,
      serviceId,
      petName: `Pet ${i}`,
      ownerName: 'Bench Owner',
      petAge: 3,
      phone: '9876543210',
      note: undefined,
      pickupAddress: undefined,
    });

    const ours =
      (who: AuthUser, b: BookSlotBody, d: BookingDeps = deps) =>
      async (): Promise<'ok' | 'full'> => {
        try {
          await bookSlot(d, who, b);
          return 'ok';
        } catch (err) {
          if ((err as { code?: string }).code === 'SLOT_FULL') return 'full';
          throw err;
        }
      };
    const insert = plainInsert(db, config);
    const plain = (who: AuthUser, b: BookSlotBody) => async (): Promise<'ok' | 'full'> => {
      await insert(who, b);
      return 'ok';
    };
    const reset = () => db.execute(sql`truncate slot_bookings, slot_seats cascade`);

    /** Seat counters that differ from the bookings covering them, or exceed `capacity`: none may exist. */
    async function badCounters(capacity: number): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from slot_seats s
          where s.booked > ${capacity}
             or s.booked <> (select count(*) from slot_bookings b
                             where b.service_id = s.service_id and b.status <> 'canceled'
                               and s.starts_at >= b.starts_at and s.starts_at < b.ends_at)`),
      );
      return Number(row?.n ?? 0);
    }

    async function compare(
      label: string,
      make: (kind: 'ours' | 'plain') => (() => Promise<'ok' | 'full'>)[],
      capacity?: number,
      opts: { prepare?: () => Promise<void>; seatCapacity?: number } = {},
    ) {
      const results: Record<'ours' | 'plain', RunResult[]> = { ours: [], plain: [] };
      const wrongCounters: number[] = [];
      let jobCount = 0;
      for (let r = 0; r < ROUNDS; r++) {
        for (const kind of r % 2 === 0 ? (['ours', 'plain'] as const) : (['plain', 'ours'] as const)) {
          await reset();
          await opts.prepare?.();
          const jobs = make(kind);
          jobCount = jobs.length;
          results[kind].push(await drive(jobs, CONCURRENCY));
          if (kind === 'ours')
            wrongCounters.push(await badCounters(opts.seatCapacity ?? capacity ?? config.SLOT_CAPACITY));
        }
      }
      const row = (kind: 'ours' | 'plain') => {
        const rs = results[kind];
        return {
          opsPerSec: median(rs.map((x) => x.opsPerSec)),
          p50: median(rs.map((x) => x.p50)),
          p95: median(rs.map((x) => x.p95)),
          ok: rs.map((x) => x.ok),
          full: rs.map((x) => x.full),
          errors: rs.reduce((n, x) => n + x.errors, 0),
        };
      };
      const o = row('ours');
      const p = row('plain');
      console.log(`\n${label}`);
      console.log(
        `  ${'variant'.padEnd(28)} ${'ops/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  successes per round`,
      );
      console.log(
        `  ${'ours (seat counter)'.padEnd(28)} ${o.opsPerSec.toFixed(0).padStart(8)} ${o.p50.toFixed(1).padStart(8)} ${o.p95.toFixed(1).padStart(8)}  ${o.ok.join(', ')}${o.full.some((n) => n) ? ` (409 full: ${o.full.join(', ')})` : ''}`,
      );
      console.log(
        `  ${'baseline (plain insert)'.padEnd(28)} ${p.opsPerSec.toFixed(0).padStart(8)} ${p.p50.toFixed(1).padStart(8)} ${p.p95.toFixed(1).padStart(8)}  ${p.ok.join(', ')}`,
      );
      console.log(
        `  ratio ours/baseline: throughput ${(o.opsPerSec / p.opsPerSec).toFixed(2)}x, median latency ${(o.p50 / p.p50).toFixed(2)}x, p95 ${(o.p95 / p.p95).toFixed(2)}x`,
      );
      if (o.errors || p.errors) console.log(`  unexpected errors: ours ${o.errors}, baseline ${p.errors}`);
      const countersOk = wrongCounters.every((n) => n === 0);
      if (capacity !== undefined) {
        // Fewer requests than seats (small SLOTS_BENCH_CLIENTS): all of them fit.
        const expected = Math.min(capacity, jobCount);
        const held = o.ok.every((n) => n === expected) && countersOk;
        console.log(
          `  ${opts.prepare ? 'remaining capacity' : 'capacity'} ${capacity}${expected < capacity ? ` (only ${jobCount} requests)` : ''}: ours let ${o.ok.join(', ')} through -> ${held ? 'HELD' : 'VIOLATED'}; baseline let ${p.ok.join(', ')} through`,
        );
        if (!held) process.exitCode = 1;
      }
      console.log(
        `  seat counters after ours: ${countersOk ? 'each equal to the bookings covering it, within capacity' : `WRONG (${wrongCounters.join(', ')} per round)`}`,
      );
      if (o.errors || !countersOk) process.exitCode = 1;
    }

    // Warm-up: connections opened, plans cached.
    await drive(
      [
        ...schedules.slice(0, 100).map((s, i) => ours(people[i % people.length]!, body(s, i))),
        ...trainingSchedules.slice(0, 50).map((s, i) => ours(people[i % people.length]!, body(s, 1000 + i, training))),
      ],
      CONCURRENCY,
    );

    await compare(`1. Distinct times: ${schedules.length} bookings, each at its own time`, (kind) =>
      schedules.map((s, i) => (kind === 'ours' ? ours : plain)(people[i % people.length]!, body(s, i))),
    );

    const oneTime = schedules[0]!;
    await compare(
      `2. Contended: ${CLIENTS} customers book ${oneTime} at once (capacity ${config.SLOT_CAPACITY})`,
      (kind) => people.slice(0, CLIENTS).map((who, i) => (kind === 'ours' ? ours : plain)(who, body(oneTime, i))),
      config.SLOT_CAPACITY,
    );

    const bigCapacity = 50;
    const bigDeps: BookingDeps = { db, config: { ...config, SLOT_CAPACITY: bigCapacity } };
    await compare(
      `3. Contended, capacity ${bigCapacity}: ${CLIENTS} customers book ${oneTime} at once`,
      (kind) =>
        people
          .slice(0, CLIENTS)
          .map((who, i) => (kind === 'ours' ? ours(who, body(oneTime, i), bigDeps) : plain(who, body(oneTime, i)))),
      bigCapacity,
    );

    // 4. The same two cases through HTTP: the real route (auth, validation, JSON, socket event) on this database.
    const appConfig = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-slots-')),
        JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'),
        CLINIC_HOURS: config.CLINIC_HOURS,
      },
      {},
    );
    const app = await buildApp({ config: appConfig, database, webDir: path.join(os.tmpdir(), 'pawcare-no-web') });
    addPlainBookingRoute(app);
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const tokens = new Map(people.map((p) => [p.id, app.signToken({ id: p.id, role: 'user', name: p.name })]));
      const distinct = schedules.map((s, i) => ({
        token: tokens.get(people[i % people.length]!.id)!,
        body: body(s, i),
      }));
      const crowd = people.slice(0, CLIENTS).map((p, i) => ({ token: tokens.get(p.id)!, body: body(oneTime, i) }));
      for (const [label, bodies, capacity] of [
        [`4. HTTP, distinct times: ${distinct.length} POSTs over ${CONCURRENCY} connections`, distinct, undefined],
        [
          `5. HTTP, contended: ${crowd.length} customers POST ${oneTime} at once (capacity ${appConfig.SLOT_CAPACITY})`,
          crowd,
          appConfig.SLOT_CAPACITY,
        ],
      ] as const) {
        const runs: Record<'ours' | 'plain', Awaited<ReturnType<typeof httpRun>>[]> = { ours: [], plain: [] };
        for (let r = 0; r < ROUNDS; r++) {
          for (const kind of r % 2 === 0 ? (['ours', 'plain'] as const) : (['plain', 'ours'] as const)) {
            await reset();
            runs[kind].push(
              await httpRun(
                baseUrl,
                kind === 'ours' ? '/api/slots/book' : '/bench/plain-book',
                [...bodies],
                CONCURRENCY,
              ),
            );
          }
        }
        const o = runs.ours;
        const p = runs.plain;
        const med = (xs: typeof o, k: 'opsPerSec' | 'p50' | 'p99') => median(xs.map((x) => x[k]));
        console.log(`\n${label}`);
        console.log(
          `  ${'variant'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  201 / 409 / other per round`,
        );
        for (const [name, xs] of [
          ['ours (POST /api/slots/book)', o],
          ['baseline (plain insert)', p],
        ] as const) {
          console.log(
            `  ${name.padEnd(28)} ${med(xs, 'opsPerSec').toFixed(0).padStart(8)} ${med(xs, 'p50').toFixed(1).padStart(8)} ${med(xs, 'p99').toFixed(1).padStart(8)}  ${xs.map((x) => `${x.created}/${x.full}/${x.other}`).join(', ')}`,
          );
        }
        console.log(
          `  ratio ours/baseline: throughput ${(med(o, 'opsPerSec') / med(p, 'opsPerSec')).toFixed(2)}x, median latency ${(med(o, 'p50') / Math.max(med(p, 'p50'), 0.1)).toFixed(2)}x`,
        );
        if (capacity !== undefined) {
          const held = o.every((x) => x.created === capacity);
          console.log(
            `  capacity ${capacity}: ours answered 201 to ${o.map((x) => x.created).join(', ')} -> ${held ? 'HELD' : 'VIOLATED'}`,
          );
          if (!held) process.exitCode = 1;
        }
        if (o.some((x) => x.other) || p.some((x) => x.other)) {
          console.log('  unexpected statuses seen');
          process.exitCode = 1;
        }
      }
    } finally {
      await app.close();
    }

    // 6-7. A multi-slot service: the 60-minute training takes a seat at each of its two half hours.
    await compare(
      `6. Multi-slot, distinct times: ${trainingSchedules.length} trainings (${trainingMinutes} min, ${trainingSeats} seats each), each at its own hour`,
      (kind) =>
        trainingSchedules.map((s, i) =>
          (kind === 'ours' ? ours : plain)(people[i % people.length]!, body(s, i, training)),
        ),
    );

    // The crowd books the first training of tomorrow; the holder's training half an hour later already holds one
    // seat of its second half hour, so only SLOT_CAPACITY - 1 bookings fit. A refused booking that got the first
    // half hour's seat must give it back (slot_seats_all_taken aborts the statement).
    const [firstDay, firstTime] = trainingSchedules[0]!.split(' at ') as [string, string];
    const heldTime = startTimes(config, trainingMinutes)[1]!;
    const holderBooking = body(`${firstDay} at ${heldTime}`, 0, training);
    const remaining = config.SLOT_CAPACITY - 1;
    await compare(
      `7. Multi-slot, contended: ${CLIENTS} customers book the ${firstTime} training of ${firstDay} at once; a training at ${heldTime} holds 1 of the ${config.SLOT_CAPACITY} seats at ${heldTime}`,
      (kind) =>
        people
          .slice(0, CLIENTS)
          .map((who, i) => (kind === 'ours' ? ours : plain)(who, body(trainingSchedules[0]!, i, training))),
      remaining,
      {
        prepare: async () => void (await bookSlot(deps, holder, holderBooking)),
        seatCapacity: config.SLOT_CAPACITY,
      },
    );
  } finally {
    await database?.close();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
