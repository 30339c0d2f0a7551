import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#shared/dates';
import { BookingSchema } from '#shared/bookings';
import { rowsOf } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { createDatabaseAtMigration } from '../test/db.ts';
import { json } from '../test/json.ts';
import { seededRng, type Rng } from '../test/random.ts';
import { bookingFor, bookSlot } from '../test/bookings.ts';

/**
 * Random sequences of everything that adds, changes or removes a booking, through the API, followed by a
 * comparison of every seat counter with a count of the bookings it stands for. To cover a new path (a
 * reschedule, a staff delete ...), add one entry to `operations`.
 */

interface Person {
  id: string;
  token: string;
}
interface World {
  t: TestContext;
  rng: Rng;
  customers: Person[];
  staff: Person;
  admin: Person;
  /** Schedules offered to the sequence: few, so times fill up and bookings collide. */
  schedules: string[];
  /** Bookings the sequence made that may still exist, with their owner. */
  bookings: { id: string; ownerId: string }[];
  /** Booking requests sent with an Idempotency-Key, to be sent again as a client would after a lost answer. */
  attempts: { who: Person; key: string; payload: object }[];
  /** Answers seen per operation and status, for the report when a sequence fails. */
  seen: Record<string, number>;
}
interface Operation {
  name: string;
  weight: number;
  run(w: World): Promise<void>;
}

const PETS = ['Bruno', 'Milo', 'Luna', 'Coco'];
/** A 30-minute service holding one grid time and a 60-minute one holding two, so bookings overlap partly. */
const SERVICES = [SEEDED_OFFERING_IDS.checkup, SEEDED_OFFERING_IDS.training];

function expectStatus(w: World, op: string, res: { statusCode: number; body: string }, allowed: number[]) {
  w.seen[`${op} ${res.statusCode}`] = (w.seen[`${op} ${res.statusCode}`] ?? 0) + 1;
  expect(allowed, `${op} answered ${res.statusCode}: ${res.body}`).toContain(res.statusCode);
}

/** One of the sequence's bookings, and who acts on it: its owner (while they exist) or staff, at random. */
function bookingAndActor(w: World): { b: World['bookings'][number]; by: Person } {
  const b = w.rng.pick(w.bookings);
  const owner = w.customers.find((c) => c.id === b.ownerId);
  return { b, by: owner && w.rng.next() < 0.5 ? owner : w.staff };
}

const operations: Operation[] = [
  {
    name: 'book',
    weight: 6,
    async run(w) {
      const who = w.rng.pick(w.customers);
      const payload = bookingFor(w.rng.pick(w.schedules), {
        petName: w.rng.pick(PETS),
        serviceId: w.rng.pick(SERVICES),
      });
      const key = w.rng.next() < 0.5 ? `attempt-${w.rng.next().toString(36).slice(2)}` : undefined;
      if (key) w.attempts.push({ who, key, payload });
      const res = await bookSlot(w.t.app, who.token, payload, key);
      // 200: a racing retry of this attempt stored it first; 401: the customer was deleted by a racing operation;
      // 409: full, the same pet at that time, or at the cap.
      expectStatus(w, 'book', res, key ? [200, 201, 401, 409] : [201, 401, 409]);
      if (res.statusCode === 201) w.bookings.push({ id: json(res, BookingSchema).id, ownerId: who.id });
    },
  },
  {
    name: 'retry a booking attempt',
    weight: 2,
    async run(w) {
      if (w.attempts.length === 0) return;
      const { who, key, payload } = w.rng.pick(w.attempts);
      const res = await bookSlot(w.t.app, who.token, payload, key);
      // 200: the stored booking again; 201/409: the first try had been refused, so this one is a new attempt.
      expectStatus(w, 'retry', res, [200, 201, 401, 409]);
      if (res.statusCode === 201) w.bookings.push({ id: json(res, BookingSchema).id, ownerId: who.id });
    },
  },
  {
    name: 'cancel (customer or staff)',
    weight: 2,
    async run(w) {
      if (w.bookings.length === 0) return;
      const { b, by } = bookingAndActor(w);
      const res = await w.t.app.inject({
        method: 'PUT',
        url: `/api/slots/cancel/${b.id}`,
        headers: w.t.auth(by.token),
      });
      // 404: the booking went with its deleted owner.
      expectStatus(w, 'cancel', res, [200, 401, 404]);
    },
  },
  {
    name: 'confirm',
    weight: 2,
    async run(w) {
      if (w.bookings.length === 0) return;
      const b = w.rng.pick(w.bookings);
      const res = await w.t.app.inject({
        method: 'PUT',
        url: `/api/slots/confirm/${b.id}`,
        headers: w.t.auth(w.staff.token),
        payload: {},
      });
      // 409: already confirmed, or canceled.
      expectStatus(w, 'confirm', res, [200, 404, 409]);
    },
  },
  {
    name: 'reschedule (customer or staff)',
    weight: 2,
    async run(w) {
      if (w.bookings.length === 0) return;
      const { b, by } = bookingAndActor(w);
      const res = await w.t.app.inject({
        method: 'PUT',
        url: `/api/slots/${b.id}/reschedule`,
        headers: w.t.auth(by.token),
        payload: { schedule: w.rng.pick(w.schedules) },
      });
      // 400: already at that time; 404: gone with its deleted owner; 409: canceled, the new time full, or the pet
      // busy then.
      expectStatus(w, 'reschedule', res, [200, 400, 401, 404, 409]);
    },
  },
  {
    name: 'delete user',
    weight: 1,
    async run(w) {
      const victim = w.rng.pick(w.customers);
      // Replace the customer first, so racing operations always find someone to act as.
      const fresh = await w.t.buildUser({ role: 'user' });
      w.customers = [...w.customers.filter((c) => c.id !== victim.id), { id: fresh.user.id, token: fresh.token }];
      const res = await w.t.app.inject({
        method: 'DELETE',
        url: `/api/users/${victim.id}`,
        headers: w.t.auth(w.admin.token),
      });
      expectStatus(w, 'delete user', res, [200, 404]);
      w.bookings = w.bookings.filter((b) => b.ownerId !== victim.id);
    },
  },
];

/**
 * Every counter (service and time) next to the count of the bookings of that service covering that time that hold a
 * seat; times without either are left out.
 */
async function countersAndCounts(t: TestContext) {
  type Counted = { service_id: string; starts_at: Date | string; n: number };
  const counters = rowsOf<Counted>(
    await t.database.db.execute(sql`select service_id, starts_at, booked as n from slot_seats`),
  );
  const counts = rowsOf<Counted>(
    await t.database.db.execute(sql`
      select service_id, t as starts_at, count(*)::int as n
      from slot_bookings, generate_series(starts_at, ends_at - interval '1 microsecond', make_interval(mins => seat_step_minutes)) as t
      where status <> 'canceled'
      group by service_id, t`),
  );
  const key = (r: Counted) => `${r.service_id} ${new Date(r.starts_at).toISOString()}`;
  const counter: Record<string, number> = {};
  const count: Record<string, number> = {};
  for (const r of counters) if (Number(r.n) !== 0) counter[key(r)] = Number(r.n);
  for (const r of counts) count[key(r)] = Number(r.n);
  return { counter, count };
}

let t: TestContext;
beforeAll(async () => {
  // A low cap, so refusals at the cap are part of the sequences too.
  t = await createTestApp({ BOOKING_MAX_OPEN: 3 });
});
afterAll(() => t.close());

async function world(seed: number): Promise<World> {
  const [staff, admin, ...customers] = await Promise.all([
    t.buildUser({ role: 'employee' }),
    t.buildUser({ role: 'admin' }),
    ...Array.from({ length: 4 }, () => t.buildUser({ role: 'user' })),
  ]);
  const today = todayIn(t.config.CLINIC_TZ);
  // Each seed gets days of its own, so sequences never share counters.
  const days = [addDays(today, 1 + (seed % 40) * 2), addDays(today, 2 + (seed % 40) * 2)];
  const person = (p: { user: { id: string }; token: string }): Person => ({ id: p.user.id, token: p.token });
  return {
    t,
    rng: seededRng(seed),
    customers: customers.map(person),
    staff: person(staff),
    admin: person(admin),
    schedules: days.flatMap((d) => ['09:00', '09:30', '10:00', '13:00'].map((time) => `${d} at ${time}`)),
    bookings: [],
    attempts: [],
    seen: {},
  };
}

describe('seat counters after random sequences', () => {
  it.each([1, 2, 3])(
    'equal the bookings they count after 200 random operations (seed %i), some of them racing',
    async (seed) => {
      const w = await world(seed);
      for (let done = 0; done < 200;) {
        // Up to four operations at once: on PostgreSQL they race for the same rows.
        const batch = Array.from({ length: Math.min(1 + w.rng.int(4), 200 - done) }, () => w.rng.weighted(operations));
        await Promise.all(batch.map((op) => op.run(w)));
        done += batch.length;
      }
      const { counter, count } = await countersAndCounts(t);
      expect(counter, `counters vs bookings after seed ${seed}; answers seen: ${JSON.stringify(w.seen)}`).toEqual(
        count,
      );
      for (const n of Object.values(counter)) expect(n).toBeLessThanOrEqual(t.config.SLOT_CAPACITY);
      // The sequence did reach every path.
      for (const op of [
        'book 201',
        'book 409',
        'retry 200',
        'cancel 200',
        'confirm 200',
        'reschedule 200',
        'reschedule 409',
        'delete user 200',
      ])
        expect(w.seen[op], op).toBeGreaterThan(0);
    },
  );
});

describe('the migration that gives seats back', () => {
  it('repairs the counters that deletions leaked before it', async () => {
    const old = await createDatabaseAtMigration('0000_init');
    try {
      const [a, b, c] = ['2030-01-07T04:00:00.000Z', '2030-01-07T04:30:00.000Z', '2030-01-07T05:00:00.000Z'];
      // What the old release left: one live and one canceled booking at `a` (the counter counts a deleted
      // customer's booking too), a full-looking `b` whose bookings all went with their customer, an honest `c`.
      await old.db.execute(sql`
        with u as (insert into users (name, email, password_hash, phone) values ('Pet Owner', 'owner@example.com', 'x', '9876543210') returning id)
        insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, pet_name, owner_name, phone, status)
        select u.id, 'Pet Owner', 'owner@example.com', 'then', v.at::timestamptz, v.pet, 'Pet Owner', '9876543210', v.status
        from u, (values (${a}, 'Bruno', 'pending'), (${a}, 'Milo', 'canceled'), (${c}, 'Luna', 'confirmed')) v(at, pet, status)`);
      await old.db.execute(
        sql`insert into slot_times (starts_at, booked) values (${a}::timestamptz, 2), (${b}::timestamptz, 2), (${c}::timestamptz, 1)`,
      );
      await old.migrateRest();
      // Migration 0002 moved the repaired counters to the checkup service, where every older booking belongs.
      const rows = rowsOf<{ starts_at: Date | string; booked: number }>(
        await old.db.execute(
          sql`select starts_at, booked from slot_seats where service_id = ${SEEDED_OFFERING_IDS.checkup}::uuid order by starts_at`,
        ),
      );
      expect(rows.map((r) => [new Date(r.starts_at).toISOString(), Number(r.booked)])).toEqual([
        [a, 1],
        [b, 0],
        [c, 1],
      ]);
    } finally {
      await old.close();
    }
  });
});
