/* The runs of the slot bench: concurrent booking jobs, the HTTP route, and the plain insert it is compared with. */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zonedTimeToUtc } from '#shared/dates';
import { BookSlotBodySchema, slotGrid, type BookSlotBody } from '#shared/bookings';
import { rowsOf, type Database } from '../../server/db/client.ts';
import { currentUser, type AuthUser } from '../../server/lib/caller.ts';
import { SEEDED_OFFERING_IDS } from '../../server/offerings/seeded.ts';
import { type BookingDeps } from '../../server/bookings/records.ts';

export interface RunResult {
  seconds: number;
  opsPerSec: number;
  p50: number;
  p95: number;
  ok: number;
  full: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Runs `jobs` with `concurrency` in flight; times each one. */
export async function drive(jobs: (() => Promise<'ok' | 'full'>)[], concurrency: number): Promise<RunResult> {
  const latencies: number[] = [];
  let ok = 0;
  let full = 0;
  let errors = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const t0 = performance.now();
        try {
          if ((await job()) === 'ok') ok++;
          else full++;
        } catch (err) {
          errors++;
          if (errors <= 3) console.error('  unexpected error:', err instanceof Error ? err.message : err);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    opsPerSec: jobs.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    ok,
    full,
    errors,
  };
}

// autocannon ships no types; this is the part of its API and result used here.
export interface AutocannonResult {
  duration: number;
  latency: { p50: number; p97_5: number; p99: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
}
export interface AutocannonRequest {
  method: string;
  path: string;
  setupRequest: (req: Record<string, unknown>) => Record<string, unknown>;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  amount: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

/** Fires one POST per body through up to `connections` keep-alive HTTP connections; counts answers by status. */
export async function httpRun(
  url: string,
  routePath: string,
  bodies: { token: string; body: BookSlotBody }[],
  connections: number,
) {
  let i = 0;
  const r = await autocannon({
    url,
    connections: Math.min(connections, bodies.length),
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        path: routePath,
        setupRequest: (req) => {
          const b = bodies[i++ % bodies.length]!;
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
            body: JSON.stringify(b.body),
          };
        },
      },
    ],
  });
  const count = (code: string) => r.statusCodeStats[code]?.count ?? 0;
  return {
    opsPerSec: bodies.length / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    created: count('201'),
    full: count('409'),
    other: bodies.length - count('201') - count('409'),
  };
}

/**
 * The baseline: the same row as bookSlot stores, with the same account lookup and the service's length read in the
 * same statement, as one plain INSERT without any seat counter or guard.
 */
export function plainInsert(db: Database['db'], cfg: Pick<BookingDeps['config'], 'CLINIC_TZ' | 'SLOT_MINUTES'>) {
  return async (who: AuthUser, b: BookSlotBody) => {
    const [date, time] = b.schedule.split(' at ') as [string, string];
    const startsAt = zonedTimeToUtc(date, time, cfg.CLINIC_TZ).toISOString();
    const serviceId = b.serviceId ?? SEEDED_OFFERING_IDS.checkup;
    return rowsOf(
      await db.execute(sql`
        insert into slot_bookings (user_id, user_name, user_email, user_address, schedule, starts_at, ends_at, seat_step_minutes,
                                   service_id, pet_id, pet_name, owner_name, pet_age, phone, note, pickup_address)
        values (${who.id}::uuid, ${who.name}, ${who.email}, coalesce((select address from users where id = ${who.id}::uuid), null),
                ${b.schedule}, ${startsAt}::timestamptz,
                ${startsAt}::timestamptz + make_interval(mins => (select duration_minutes from services where id = ${serviceId}::uuid)),
                ${cfg.SLOT_MINUTES}::int, ${serviceId}::uuid, ${b.petId ?? null}::uuid, ${b.petName ?? ''}, ${b.ownerName},
                ${b.petAge ?? null}::int, ${b.phone}, ${b.note ?? null}, ${b.pickupAddress ?? null})
        returning *`),
    )[0];
  };
}

/** A bench-only route: the same auth and body parsing as POST /api/slots/book, then the plain INSERT of the row. */
export function addPlainBookingRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const insert = plainInsert(app.db, app.config);
  app.post(
    '/bench/plain-book',
    { preValidation: app.authenticate, schema: { body: BookSlotBodySchema } },
    async (request, reply) => reply.status(201).send(await insert(currentUser(request), request.body)),
  );
}

/** The clinic-local start times of a service of this length: every grid time from which it ends by closing. */
export function startTimes(
  cfg: Pick<BookingDeps['config'], 'SLOT_OPEN' | 'SLOT_CLOSE' | 'SLOT_MINUTES'>,
  minutes: number,
) {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return slotGrid(cfg.SLOT_OPEN, cfg.SLOT_CLOSE, cfg.SLOT_MINUTES).filter(
    (t) => toMinutes(t) + minutes <= toMinutes(cfg.SLOT_CLOSE),
  );
}
