import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema } from '#shared/common';
import { addDays, todayIn } from '#shared/dates';
import { BookingSchema, BOOKING_MSG, slotGrid, type Booking } from '#shared/bookings';
import { rowsOf } from '../db/client.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { errorOf, json } from '../test/json.ts';
import { bookingFor, bookSlot, slotAt } from '../test/bookings.ts';

const MAX_OPEN = 6;
const ATTEMPTS = 30;

let t: TestContext;
let grid: string[];
let today: string;

// The shipped defaults of BOOKING_MAX_OPEN and BOOKING_RATE_LIMIT.
beforeAll(async () => {
  t = await createTestApp({ BOOKING_MAX_OPEN: MAX_OPEN, BOOKING_RATE_LIMIT: ATTEMPTS });
  grid = slotGrid(t.config.SLOT_OPEN, t.config.SLOT_CLOSE, t.config.SLOT_MINUTES);
  today = todayIn(t.config.CLINIC_TZ);
});
afterAll(() => t.close());

type Customer = Awaited<ReturnType<TestContext['buildUser']>>;

/** The n-th grid time from tomorrow on: a distinct time for every n. */
const scheduleNo = (n: number) => `${addDays(today, 1 + Math.floor(n / grid.length))} at ${grid[n % grid.length]}`;
const body = (schedule: string, petName = 'Bruno') => bookingFor(schedule, { petName, petAge: 3 });
const book = (who: Customer, payload: object, key?: string) => bookSlot(t.app, who.token, payload, key);
const cancel = (who: Customer, id: string) =>
  t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${id}`, headers: t.auth(who.token) });

async function seatsTaken(schedule: string): Promise<number> {
  const [date, time] = schedule.split(' at ') as [string, string];
  return (await slotAt(t.app, (await customerOnce()).token, date, time)).booked;
}
let someone: Customer | undefined;
const customerOnce = async () => (someone ??= await t.buildUser({ role: 'user' }));

async function bookingsOf(userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from slot_bookings where user_id = ${userId}::uuid and status <> 'canceled'`,
    ),
  );
  return Number(row?.n);
}

describe('BOOKING_MAX_OPEN: upcoming bookings per customer', () => {
  it('refuses the seventh upcoming booking with what to do, and takes no seat for it; cancelling one makes room', async () => {
    const me = await t.buildUser({ role: 'user' });
    const made: Booking[] = [];
    for (let i = 0; i < MAX_OPEN; i++) {
      const res = await book(me, body(scheduleNo(i)));
      expect(res.statusCode).toBe(201);
      made.push(json(res, BookingSchema));
    }
    const refused = await book(me, body(scheduleNo(MAX_OPEN)));
    expectError(refused, 409, 'BOOKING_LIMIT', BOOKING_MSG.tooManyOpen(MAX_OPEN));
    expect(errorOf(refused)).toBe(
      'You already have 6 upcoming bookings, the most one account can hold. Cancel one you no longer need, or call the clinic.',
    );
    expect(await seatsTaken(scheduleNo(MAX_OPEN))).toBe(0);

    // Another customer is not held back by this one's bookings.
    expect((await book(await t.buildUser({ role: 'user' }), body(scheduleNo(MAX_OPEN)))).statusCode).toBe(201);

    expect((await cancel(me, made[0]!.id)).statusCode).toBe(200);
    expect((await book(me, body(scheduleNo(MAX_OPEN + 1)))).statusCode).toBe(201);
    expectError(await book(me, body(scheduleNo(MAX_OPEN + 2))), 409, 'BOOKING_LIMIT');
  });

  it('counts only upcoming bookings: visits that already took place leave room', async () => {
    const me = await t.buildUser({ role: 'user' });
    // Visits that already took place (written directly: the API refuses past times).
    await t.database.db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, service_id, pet_name, owner_name, phone, status)
      select ${me.user.id}::uuid, 'Pet Owner', ${me.user.email}, 'earlier', now() - make_interval(days => g), now() - make_interval(days => g) + interval '30 minutes', 30, ${SEEDED_OFFERING_IDS.checkup}::uuid, 'Pet ' || g, 'Pet Owner', '9876543210', 'confirmed'
      from generate_series(1, ${MAX_OPEN}) g`);
    for (let i = 0; i < MAX_OPEN; i++) expect((await book(me, body(scheduleNo(20 + i)))).statusCode).toBe(201);
    expectError(await book(me, body(scheduleNo(30))), 409, 'BOOKING_LIMIT');
  });

  it('holds under 20 simultaneous bookings by one customer: exactly 6 get through', async () => {
    const me = await t.buildUser({ role: 'user' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => book(me, body(scheduleNo(40 + i)))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_OPEN);
    expect(codes.filter((c) => c === 409)).toHaveLength(20 - MAX_OPEN);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(json(r, ApiErrorSchema).code).toBe('BOOKING_LIMIT');
    expect(await bookingsOf(me.user.id)).toBe(MAX_OPEN);
    // Refused requests took no seat.
    let seats = 0;
    for (let i = 0; i < 20; i++) seats += await seatsTaken(scheduleNo(40 + i));
    expect(seats).toBe(MAX_OPEN);
  });
});

describe('BOOKING_RATE_LIMIT: booking attempts per customer', () => {
  it('answers 429 with when to try again once a customer has made 30 attempts in 10 minutes, whatever their outcome', async () => {
    const me = await t.buildUser({ role: 'user' });
    for (let i = 0; i < ATTEMPTS; i++) {
      const res = await book(me, body(scheduleNo(100 + i)));
      expect(res.statusCode).toBe(i < MAX_OPEN ? 201 : 409);
    }
    const limited = await book(me, body(scheduleNo(200)));
    expectError(limited, 429, 'RATE_LIMITED', BOOKING_MSG.tooManyAttempts('10 minutes'));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(540);
    // Others book as usual.
    expect((await book(await t.buildUser({ role: 'user' }), body(scheduleNo(200)))).statusCode).toBe(201);
  });

  it('counts reschedules and cancels too: moving one booking back and forth stops at the limit, staff still can', async () => {
    const me = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const booking = json(await book(me, body(scheduleNo(210))), BookingSchema);
    const move = (who: Customer, n: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/slots/${booking.id}/reschedule`,
        headers: t.auth(who.token),
        payload: { schedule: scheduleNo(n) },
      });
    // The booking was the first of the 30; 29 moves follow.
    for (let i = 1; i < ATTEMPTS; i++) expect((await move(me, 210 + (i % 2))).statusCode).toBe(200);
    expectError(await move(me, 212), 429, 'RATE_LIMITED', BOOKING_MSG.tooManyChanges('10 minutes'));
    expectError(await cancel(me, booking.id), 429, 'RATE_LIMITED', BOOKING_MSG.tooManyChanges('10 minutes'));
    // Refused changes changed nothing: the booking is where the 29th move put it.
    const mine = await t.app.inject({ method: 'GET', url: '/api/slots/mine', headers: t.auth(me.token) });
    expect(json(mine, z.array(BookingSchema)).find((b) => b.id === booking.id)?.schedule).toBe(scheduleNo(211));
    // Staff work on for the customer, and another customer is not held back.
    expect((await move(staff, 213)).statusCode).toBe(200);
    expect((await cancel(staff, booking.id)).statusCode).toBe(200);
    expect((await book(await t.buildUser({ role: 'user' }), body(scheduleNo(214)))).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on POST /api/slots/book', () => {
  it('returns the stored booking to a retry whose first answer was lost, without a second seat', async () => {
    const me = await t.buildUser({ role: 'user' });
    const key = randomUUID();
    const schedule = scheduleNo(300);
    const first = await book(me, body(schedule), key);
    expect(first.statusCode).toBe(201);
    // The answer above never reached the customer; the same attempt is sent again.
    const retry = await book(me, body(schedule), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await seatsTaken(schedule)).toBe(1);
    expect(await bookingsOf(me.user.id)).toBe(1);

    // A new attempt (new key) for the same pet and time is still the duplicate it is.
    expectError(await book(me, body(schedule), randomUUID()), 409, 'CONFLICT', BOOKING_MSG.petBusy);
    // The same key for another booking is a client mistake, told apart.
    expectError(await book(me, body(scheduleNo(301)), key), 409, 'CONFLICT', BOOKING_MSG.keyReused);
    expectError(await book(me, body(schedule, 'Milo'), key), 409, 'CONFLICT', BOOKING_MSG.keyReused);
  });

  it('answers a replay after the booking was moved with the booking as it is now, still telling other uses apart', async () => {
    const me = await t.buildUser({ role: 'user' });
    const key = randomUUID();
    const [asked, movedTo] = [scheduleNo(330), scheduleNo(331)];
    const first = json(await book(me, body(asked), key), BookingSchema);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/${first.id}/reschedule`,
      headers: t.auth(me.token),
      payload: { schedule: movedTo },
    });
    expect(moved.statusCode).toBe(200);
    // The first answer was lost and the client sends the attempt again, as it was.
    const replay = await book(me, body(asked), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(json(replay, BookingSchema)).toMatchObject({ id: first.id, schedule: movedTo });
    expect(await bookingsOf(me.user.id)).toBe(1);
    expect([await seatsTaken(asked), await seatsTaken(movedTo)]).toEqual([0, 1]);
    // The key with the time it was moved to, or with another pet, is not the attempt that made it.
    expectError(await book(me, body(movedTo), key), 409, 'CONFLICT', BOOKING_MSG.keyReused);
    expectError(await book(me, body(asked, 'Milo'), key), 409, 'CONFLICT', BOOKING_MSG.keyReused);
  });

  it('gives two racing requests with one key the same booking and one seat', async () => {
    const me = await t.buildUser({ role: 'user' });
    const key = randomUUID();
    const schedule = scheduleNo(310);
    const results = await Promise.all(Array.from({ length: 5 }, () => book(me, body(schedule), key)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => json(r, BookingSchema).id)).size).toBe(1);
    expect(await seatsTaken(schedule)).toBe(1);
  });

  it('keeps keys per customer, and does not count a retry against the cap or the attempt limit', async () => {
    const me = await t.buildUser({ role: 'user' });
    const other = await t.buildUser({ role: 'user' });
    const key = randomUUID();
    const mine = await book(me, body(scheduleNo(320)), key);
    const theirs = await book(other, body(scheduleNo(320)), key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(json(theirs, BookingSchema).id).not.toBe(json(mine, BookingSchema).id);

    for (let i = 1; i < MAX_OPEN; i++) expect((await book(me, body(scheduleNo(320 + i)))).statusCode).toBe(201);
    for (let i = MAX_OPEN; i < ATTEMPTS; i++) await book(me, body(scheduleNo(320 + i)));
    expect((await book(me, body(scheduleNo(399)))).statusCode).toBe(429);
    // At the cap and out of attempts, the lost answer of the first booking can still be fetched again.
    const retry = await book(me, body(scheduleNo(320)), key);
    expect(retry.statusCode).toBe(200);
    expect(json(retry, BookingSchema).id).toBe(json(mine, BookingSchema).id);
  });

  it('refuses a malformed key with 400, and books as before without one', async () => {
    const me = await t.buildUser({ role: 'user' });
    for (const key of ['', 'short', 'k'.repeat(201), 'caf\u00e9-attempt-1']) {
      expectError(await book(me, body(scheduleNo(400)), key), 400, 'VALIDATION', BOOKING_MSG.keyInvalid);
    }
    expect(await bookingsOf(me.user.id)).toBe(0);
    expect((await book(me, body(scheduleNo(400)))).statusCode).toBe(201);
  });
});
