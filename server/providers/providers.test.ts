import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AvailabilitySchema, CalendarSchema } from '#shared/availability';
import { BookingSchema, type Booking } from '#shared/bookings';
import { addDays, todayIn } from '#shared/dates';
import { OfferingSchema } from '#shared/offerings';
import {
  PROVIDER_LIMITS,
  PROVIDER_MSG,
  ProviderSchema,
  TimeOffBookingSchema,
  TimeOffCreatedSchema,
  TimeOffSchema,
  type Provider,
} from '#shared/providers';
import { rowsOf } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { bookingFor, bookSlot } from '../test/bookings.ts';
import { json } from '../test/json.ts';

/* Providers (decision 051): profiles, time off, bookings that name one or take the fairest, never two at once. */

type Person = Awaited<ReturnType<TestContext['buildUser']>>;

let t: TestContext;
let admin: Person;
let employee: Person;
let customer: Person;
/** A 30-minute service with 10 seats a time, so providers, not seats, decide how many are booked. */
let consult: string;
/** A 30-minute service with 2 seats a time and three providers: seats decide. */
let narrow: string;
const vets: { person: Person; provider: Provider }[] = [];

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '09:00', close: '18:00' }));
const day = (n: number) => addDays(todayIn(t.config.CLINIC_TZ), n);
/** A clinic-local instant as the time-off API takes it (the test clinic is in Asia/Kolkata). */
const at = (date: string, time: string) => `${date}T${time}:00+05:30`;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Person, payload?: object) =>
  t.app.inject({ method, url, headers: who ? t.auth(who.token) : {}, ...(payload ? { payload } : {}) });

async function service(name: string, capacity: number): Promise<string> {
  const res = await api('POST', '/api/services', admin, {
    name,
    kind: 'checkup',
    durationMinutes: 30,
    capacity,
    sortOrder: 500,
  });
  return created201(res, OfferingSchema).id;
}

async function addProvider(name: string, serviceIds: string[], over: object = {}) {
  const person = await t.buildUser({ role: 'employee', name });
  const res = await api('POST', '/api/providers', admin, {
    userId: person.user.id,
    displayName: name,
    serviceIds,
    weeklyHours: EVERY_DAY,
    ...over,
  });
  return { person, provider: created201(res, ProviderSchema) };
}

/** A 201 answer's body, checked against its schema. */
function created201<T>(res: Awaited<ReturnType<typeof api>>, schema: z.ZodType<T, T>): T {
  expect(res.statusCode, res.body).toBe(201);
  return json(res, schema);
}

let customers = 0;
/** A fresh customer booking `serviceId` at a time, naming a provider or not. */
async function bookAs(who: Person | undefined, date: string, time: string, serviceId: string, providerId?: string) {
  const person = who ?? (await t.buildUser({ role: 'user' }));
  customers += 1;
  return bookSlot(
    t.app,
    person.token,
    bookingFor(`${date} at ${time}`, { serviceId, petName: `Pet ${customers}`, ...(providerId ? { providerId } : {}) }),
  );
}

/** Bookings of one provider that overlap another of theirs (must be none), and seat counters that differ from a count. */
async function invariants() {
  const [overlaps] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`
      select count(*)::int as n from slot_bookings a join slot_bookings b
        on a.provider_id = b.provider_id and a.id < b.id
       and a.status <> 'canceled' and b.status <> 'canceled'
       and a.starts_at < b.ends_at and b.starts_at < a.ends_at`),
  );
  const [wrongSeats] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`
      select count(*)::int as n from slot_seats s
       where s.booked <> (select count(*) from slot_bookings b
                           where b.service_id = s.service_id and b.status <> 'canceled'
                             and s.starts_at >= b.starts_at and s.starts_at < b.ends_at)`),
  );
  const [oversold] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`
      select count(*)::int as n from slot_seats s join services v on v.id = s.service_id
       where s.booked > coalesce(v.capacity, ${t.config.SLOT_CAPACITY}::int)`),
  );
  return { overlaps: Number(overlaps!.n), wrongSeats: Number(wrongSeats!.n), oversold: Number(oversold!.n) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  employee = await t.buildUser({ role: 'employee' });
  customer = await t.buildUser({ role: 'user' });
  consult = await service('Vet consult', 10);
  narrow = await service('Quick check', 2);
  for (const name of ['Dr. Ananya Mehta', 'Dr. Rohan Iyer', 'Dr. Kavya Sen']) {
    vets.push(await addProvider(name, [consult, narrow]));
  }
});
afterAll(() => t.close());

describe('provider profiles', () => {
  it('lists the active providers to anyone, without their staff accounts', async () => {
    const res = await api('GET', '/api/providers');
    const list = json(res, z.array(ProviderSchema));
    expect(list.map((p) => p.displayName)).toEqual(['Dr. Ananya Mehta', 'Dr. Kavya Sen', 'Dr. Rohan Iyer']);
    expect(list[0]?.serviceIds).toContain(consult);
    expect(list[0]?.userId).toBeNull();
    const forService = json(
      await api('GET', `/api/providers?serviceId=${SEEDED_OFFERING_IDS.pickup}`),
      z.array(ProviderSchema),
    );
    expect(forService).toEqual([]);
    const all = json(await api('GET', '/api/providers?all=true', admin), z.array(ProviderSchema));
    expect(all.find((p) => p.displayName === 'Dr. Ananya Mehta')?.userId).toBe(vets[0]!.person.user.id);
    expectError(await api('GET', '/api/providers?all=true', customer), 403);
  });

  it('refuses hours outside the clinic, unknown services, customers as providers and a second profile', async () => {
    const person = await t.buildUser({ role: 'employee' });
    const base = { userId: person.user.id, displayName: 'Dr. New', serviceIds: [consult], weeklyHours: EVERY_DAY };
    expectError(
      await api('POST', '/api/providers', admin, {
        ...base,
        weeklyHours: [{ weekday: 1, open: '08:00', close: '12:00' }],
      }),
      400,
      'VALIDATION',
      PROVIDER_MSG.hoursOutsideClinic('Monday', '09:00-18:00'),
    );
    expectError(
      await api('POST', '/api/providers', admin, {
        ...base,
        weeklyHours: [{ weekday: 8, open: '09:00', close: '12:00' }],
      }),
      400,
    );
    expectError(
      await api('POST', '/api/providers', admin, {
        ...base,
        weeklyHours: [
          { weekday: 2, open: '09:00', close: '12:00' },
          { weekday: 2, open: '11:00', close: '13:00' },
        ],
      }),
      400,
      'VALIDATION',
    );
    expectError(
      await api('POST', '/api/providers', admin, { ...base, serviceIds: [SEEDED_OFFERING_IDS.emergency] }),
      400,
      'VALIDATION',
      PROVIDER_MSG.unknownService,
    );
    expectError(
      await api('POST', '/api/providers', admin, { ...base, userId: customer.user.id }),
      400,
      'VALIDATION',
      PROVIDER_MSG.userNotStaff,
    );
    expectError(
      await api('POST', '/api/providers', admin, { ...base, userId: vets[0]!.person.user.id }),
      409,
      'CONFLICT',
      PROVIDER_MSG.userTaken,
    );
    expectError(
      await api('POST', '/api/providers', admin, { ...base, displayName: 'dr. ananya mehta' }),
      409,
      'CONFLICT',
      PROVIDER_MSG.nameTaken,
    );
  });

  it('lets only admins add and change providers, and records each change in the audit log', async () => {
    const person = await t.buildUser({ role: 'employee' });
    const payload = { userId: person.user.id, displayName: 'Dr. Audit', serviceIds: [], weeklyHours: [] };
    expectError(await api('POST', '/api/providers', undefined, payload), 401);
    expectError(await api('POST', '/api/providers', customer, payload), 403);
    expectError(await api('POST', '/api/providers', employee, payload), 403);
    const created = created201(await api('POST', '/api/providers', admin, payload), ProviderSchema);
    expectError(await api('PUT', `/api/providers/${created.id}`, employee, { bio: 'x' }), 403);
    expectError(await api('PUT', `/api/providers/${created.id}`, admin, {}), 400);
    const changed = json(
      await api('PUT', `/api/providers/${created.id}`, admin, { bio: 'Cats.', languages: ['Bengali'], active: false }),
      ProviderSchema,
    );
    expect(changed).toMatchObject({ bio: 'Cats.', languages: ['Bengali'], active: false });
    expect(json(await api('GET', '/api/providers'), z.array(ProviderSchema)).map((p) => p.id)).not.toContain(
      created.id,
    );
    const log = (await api('GET', '/api/audit?kind=provider.updated', admin)).json<{ summary: string }[]>();
    expect(log[0]?.summary).toMatch(/Changed the provider Dr\. Audit: .*bio/);
    // The same lists sent again change nothing and log nothing.
    const again = await api('PUT', `/api/providers/${created.id}`, admin, { serviceIds: [], weeklyHours: [] });
    expect(again.statusCode).toBe(200);
    const after = (await api('GET', '/api/audit?kind=provider.updated', admin)).json<{ summary: string }[]>();
    expect(after).toHaveLength(log.length);
    expectError(await api('PUT', '/api/providers/00000000-0000-4000-8000-000000000000', admin, { bio: 'x' }), 404);
  });
});

describe('booking a provider', () => {
  it('books a named provider, or any free one; every answer carries providerId and providerName', async () => {
    const named = await bookAs(customer, day(1), '09:00', consult, vets[1]!.provider.id);
    const booking = created201(named, BookingSchema);
    expect(booking).toMatchObject({ providerId: vets[1]!.provider.id, providerName: 'Dr. Rohan Iyer' });
    const any = created201(await bookAs(undefined, day(1), '09:00', consult), BookingSchema);
    expect(any.providerId).not.toBe(vets[1]!.provider.id);
    expect(any.providerName).toMatch(/^Dr\. /);
    const mine = (await api('GET', '/api/slots/mine', customer)).json<Booking[]>();
    expect(mine.find((b) => b.id === booking.id)?.providerName).toBe('Dr. Rohan Iyer');
    // The named provider is busy then: a second booking naming them is refused, with their name.
    expectError(
      await bookAs(undefined, day(1), '09:00', consult, vets[1]!.provider.id),
      409,
      'SLOT_FULL',
      PROVIDER_MSG.busy('Dr. Rohan Iyer'),
    );
    // A provider who does not do the service.
    expectError(
      await bookAs(undefined, day(1), '10:00', SEEDED_OFFERING_IDS.checkup, vets[1]!.provider.id),
      400,
      'BAD_REQUEST',
      PROVIDER_MSG.notForService,
    );
  });

  it('books a service without providers as before: no provider, and clients that never send providerId', async () => {
    const res = await bookSlot(t.app, customer.token, bookingFor(`${day(1)} at 11:00`, { petName: 'Spec pet' }));
    expect(created201(res, BookingSchema)).toMatchObject({ providerId: null, providerName: null });
  });

  it('counts free providers in availability and the calendar, for all or the one named', async () => {
    const date = day(2);
    await bookAs(undefined, date, '10:00', consult, vets[0]!.provider.id);
    const all = json(
      await api('GET', `/api/slots/availability?date=${date}&serviceId=${consult}`, customer),
      AvailabilitySchema,
    );
    expect(all.slots.find((s) => s.time === '10:00')).toMatchObject({ available: 2, freeProviders: 2, booked: 1 });
    expect(all.slots.find((s) => s.time === '10:30')).toMatchObject({ available: 3, freeProviders: 3 });
    const hers = json(
      await api(
        'GET',
        `/api/slots/availability?date=${date}&serviceId=${consult}&providerId=${vets[0]!.provider.id}`,
        customer,
      ),
      AvailabilitySchema,
    );
    expect(hers.slots.find((s) => s.time === '10:00')).toMatchObject({ available: 0, freeProviders: 0 });
    const plain = json(await api('GET', `/api/slots/availability?date=${date}`, customer), AvailabilitySchema);
    expect(plain.slots[0]).not.toHaveProperty('freeProviders');
    const month = date.slice(0, 7);
    const cal = json(
      await api(
        'GET',
        `/api/slots/calendar?month=${month}&serviceId=${consult}&providerId=${vets[0]!.provider.id}`,
        customer,
      ),
      CalendarSchema,
    );
    expect(cal.days.find((d) => d.date === date)?.freeTimes).toBe(17);
  });

  it('never double-books a provider nor oversells a seat when bookings race', async () => {
    const date = day(3);
    // Any provider: 3 vets, 10 seats: exactly 3 of 12.
    const anyResults = await Promise.all(Array.from({ length: 12 }, () => bookAs(undefined, date, '12:00', consult)));
    expect(anyResults.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of anyResults.filter((x) => x.statusCode !== 201)) expect(r.statusCode).toBe(409);
    const winners = anyResults.filter((r) => r.statusCode === 201).map((r) => created201(r, BookingSchema));
    expect(new Set(winners.map((b) => b.providerId)).size).toBe(3);
    // One named provider: exactly 1 of 8.
    const named = await Promise.all(
      Array.from({ length: 8 }, () => bookAs(undefined, date, '13:00', consult, vets[2]!.provider.id)),
    );
    expect(named.filter((r) => r.statusCode === 201)).toHaveLength(1);
    // Seats decide: 2 seats, 3 vets: exactly 2 of 10.
    const seats = await Promise.all(Array.from({ length: 10 }, () => bookAs(undefined, date, '14:00', narrow)));
    expect(seats.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(await invariants()).toEqual({ overlaps: 0, wrongSeats: 0, oversold: 0 });
  });

  it('refuses, in the database, a second open booking of a provider at an overlapping time', async () => {
    const [first] = rowsOf<{ id: string; provider_id: string; starts_at: string }>(
      await t.database.db.execute(
        sql`select id, provider_id, starts_at from slot_bookings where provider_id is not null limit 1`,
      ),
    );
    await expect(
      t.database.db.execute(sql`
        insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                                   service_id, pet_name, owner_name, phone, provider_id)
        values (${customer.user.id}::uuid, 'x', 'x@example.com', 'x', ${first!.starts_at}::timestamptz,
                ${first!.starts_at}::timestamptz + interval '30 minutes', 30, ${consult}::uuid, 'Sneaky', 'x', '9876543210',
                ${first!.provider_id}::uuid)`),
    ).rejects.toThrow();
  });

  it('gives "any" to the provider with the fewest bookings that day, ties to the one free longest', async () => {
    const date = day(4);
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00'];
    const got: string[] = [];
    for (const time of times)
      got.push(created201(await bookAs(undefined, date, time, consult), BookingSchema).providerId!);
    const perVet = vets.map((v) => got.filter((id) => id === v.provider.id).length);
    expect(perVet).toEqual([3, 3, 3]);
    // Round robin: each of the first three went to a different vet, and the fourth to the one whose booking ended first.
    expect(new Set(got.slice(0, 3)).size).toBe(3);
    expect(got[3]).toBe(got[0]);
    // One vet ahead by a booking: the next two go to the others.
    created201(await bookAs(undefined, date, '15:00', consult, vets[0]!.provider.id), BookingSchema);
    const next = [
      created201(await bookAs(undefined, date, '16:00', consult), BookingSchema).providerId,
      created201(await bookAs(undefined, date, '16:30', consult), BookingSchema).providerId,
    ];
    expect(next).not.toContain(vets[0]!.provider.id);
  });
});

describe('moving a booking', () => {
  it('keeps its provider when they are free at the new time, else gives it to a free one, else refuses', async () => {
    const date = day(7);
    const who = await t.buildUser({ role: 'user' });
    const booking = created201(await bookAs(who, date, '09:00', consult, vets[0]!.provider.id), BookingSchema);
    const move = (time: string) =>
      api('PUT', `/api/slots/${booking.id}/reschedule`, who, { schedule: `${date} at ${time}` });
    expect(json(await move('09:30'), BookingSchema).providerId).toBe(vets[0]!.provider.id);
    // She is busy at 11:00: the booking goes to a free colleague rather than failing.
    created201(await bookAs(undefined, date, '11:00', consult, vets[0]!.provider.id), BookingSchema);
    const moved = json(await move('11:00'), BookingSchema);
    expect(moved.providerId).not.toBe(vets[0]!.provider.id);
    expect(moved.providerName).toMatch(/^Dr\. /);
    // Everyone busy at 12:00: refused, and the booking stays where it was.
    for (const v of vets) created201(await bookAs(undefined, date, '12:00', consult, v.provider.id), BookingSchema);
    expectError(await move('12:00'), 409, 'SLOT_FULL', PROVIDER_MSG.noneFree);
    const mine = (await api('GET', '/api/slots/mine', who)).json<Booking[]>();
    expect(mine.find((b) => b.id === booking.id)).toMatchObject({ time: '11:00', providerId: moved.providerId });
    expect(await invariants()).toEqual({ overlaps: 0, wrongSeats: 0, oversold: 0 });
  });
});

describe('time off', () => {
  it('keeps the bookings it covers, lists them for staff, and reassigns one in one step', async () => {
    const date = day(5);
    const kept = created201(await bookAs(customer, date, '10:00', consult, vets[0]!.provider.id), BookingSchema);
    const vet = vets[0]!.person;
    const res = await api('POST', `/api/providers/${vets[0]!.provider.id}/time-off`, vet, {
      from: at(date, '09:00'),
      to: at(date, '13:00'),
      reason: 'Half day',
    });
    const created = created201(res, TimeOffCreatedSchema);
    expect(created.affectedCount).toBe(1);
    expect(created.affectedBookings.map((b) => b.id)).toEqual([kept.id]);
    expect(created.affectedBookings[0]?.status).toBe('pending');
    // No new booking for her then; the others still take bookings.
    expectError(
      await bookAs(undefined, date, '11:00', consult, vets[0]!.provider.id),
      409,
      'SLOT_FULL',
      PROVIDER_MSG.busy('Dr. Ananya Mehta'),
    );
    const list = json(await api('GET', '/api/bookings/provider-time-off', employee), z.array(TimeOffBookingSchema));
    expect(list.map((r) => r.booking.id)).toContain(kept.id);
    expect(list.find((r) => r.booking.id === kept.id)?.timeOff.reason).toBe('Half day');
    // Reassign to a named provider who is busy then: refused, nothing changes.
    created201(await bookAs(undefined, date, '10:00', consult, vets[1]!.provider.id), BookingSchema);
    expectError(
      await api('PUT', `/api/slots/${kept.id}/reassign`, employee, { providerId: vets[1]!.provider.id }),
      409,
      'SLOT_FULL',
      PROVIDER_MSG.busy('Dr. Rohan Iyer'),
    );
    expectError(await api('PUT', `/api/slots/${kept.id}/reassign`, customer, {}), 403);
    // Any other free provider: the only one left is Dr. Sen.
    const moved = json(await api('PUT', `/api/slots/${kept.id}/reassign`, employee, {}), BookingSchema);
    expect(moved).toMatchObject({ id: kept.id, providerName: 'Dr. Kavya Sen', status: 'pending', time: '10:00' });
    const after = json(await api('GET', '/api/bookings/provider-time-off', employee), z.array(TimeOffBookingSchema));
    expect(after.map((r) => r.booking.id)).not.toContain(kept.id);
    const log = (await api('GET', '/api/audit?kind=booking.reassigned', admin)).json<{ summary: string }[]>();
    expect(log[0]?.summary).toMatch(/to Dr\. Kavya Sen \(was Dr\. Ananya Mehta\)/);
    // The customer is told.
    const notes = (await api('GET', '/api/notifications', customer)).json<{ type: string }[]>();
    expect(notes.map((n) => n.type)).toContain('booking_reassigned');
    expect(await invariants()).toEqual({ overlaps: 0, wrongSeats: 0, oversold: 0 });
  });

  it('reassigns racing bookings to one free provider only once', async () => {
    const date = day(6);
    const a = created201(await bookAs(undefined, date, '15:00', consult, vets[0]!.provider.id), BookingSchema);
    const b = created201(await bookAs(undefined, date, '15:00', consult, vets[1]!.provider.id), BookingSchema);
    const results = await Promise.all([
      api('PUT', `/api/slots/${a.id}/reassign`, employee, { providerId: vets[2]!.provider.id }),
      api('PUT', `/api/slots/${b.id}/reassign`, employee, { providerId: vets[2]!.provider.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await invariants()).toEqual({ overlaps: 0, wrongSeats: 0, oversold: 0 });
  });

  it('lets only an admin or the provider list, add and remove their time off', async () => {
    const id = vets[1]!.provider.id;
    const url = `/api/providers/${id}/time-off`;
    const payload = { from: at(day(20), '09:00'), to: at(day(20), '18:00') };
    expectError(await api('POST', url, undefined, payload), 401);
    expectError(await api('POST', url, customer, payload), 403);
    expectError(await api('POST', url, employee, payload), 403, 'FORBIDDEN', PROVIDER_MSG.notYours);
    expectError(await api('POST', url, vets[0]!.person, payload), 403);
    expectError(await api('GET', url, undefined), 401);
    expectError(await api('GET', url, customer), 403);
    expectError(await api('GET', url, employee), 403);
    const own = created201(await api('POST', url, vets[1]!.person, payload), TimeOffCreatedSchema);
    const byAdmin = created201(
      await api('POST', url, admin, { ...payload, reason: 'Conference' }),
      TimeOffCreatedSchema,
    );
    const listed = json(await api('GET', url, vets[1]!.person), z.array(TimeOffSchema));
    expect(listed.map((o) => o.id)).toEqual(expect.arrayContaining([own.id, byAdmin.id]));
    expect(json(await api('GET', url, admin), z.array(TimeOffSchema))).toHaveLength(listed.length);
    expectError(await api('DELETE', `${url}/${own.id}`, employee), 403);
    expectError(await api('DELETE', `${url}/${own.id}`, customer), 403);
    expectError(await api('DELETE', `/api/providers/${vets[0]!.provider.id}/time-off/${own.id}`, admin), 404);
    expect((await api('DELETE', `${url}/${own.id}`, vets[1]!.person)).statusCode).toBe(200);
    expect((await api('DELETE', `${url}/${byAdmin.id}`, admin)).statusCode).toBe(200);
    expectError(await api('DELETE', `${url}/${byAdmin.id}`, admin), 404);
    expectError(await api('GET', '/api/bookings/provider-time-off', customer), 403);
    expectError(await api('GET', '/api/providers/mine', customer), 403);
    expect(json(await api('GET', '/api/providers/mine', vets[1]!.person), ProviderSchema).id).toBe(id);
    expectError(await api('GET', '/api/providers/mine', employee), 404);
  });

  it('caps what one provider can add: entries, length, how far ahead, and refuses what is over', async () => {
    const vet = vets[2]!;
    const url = `/api/providers/${vet.provider.id}/time-off`;
    expectError(
      await api('POST', url, vet.person, {
        from: at(day(30), '09:00'),
        to: at(day(30 + PROVIDER_LIMITS.timeOffDays + 1), '09:00'),
      }),
      400,
      'BAD_REQUEST',
      PROVIDER_MSG.timeOffTooLong,
    );
    expectError(
      await api('POST', url, vet.person, {
        from: at(day(PROVIDER_LIMITS.timeOffAheadDays + 2), '09:00'),
        to: at(day(PROVIDER_LIMITS.timeOffAheadDays + 2), '10:00'),
      }),
      400,
      'BAD_REQUEST',
      PROVIDER_MSG.timeOffTooFar,
    );
    expectError(
      await api('POST', url, vet.person, { from: at(day(-2), '09:00'), to: at(day(-1), '09:00') }),
      400,
      'BAD_REQUEST',
      PROVIDER_MSG.timeOffPast,
    );
    expectError(
      await api('POST', url, vet.person, { from: at(day(9), '10:00'), to: at(day(9), '09:00') }),
      400,
      'VALIDATION',
    );
    expectError(await api('POST', url, vet.person, { from: 'tomorrow', to: at(day(9), '09:00') }), 400, 'VALIDATION');
    expectError(
      await api('POST', url, vet.person, {
        from: at(day(9), '09:00'),
        to: at(day(9), '10:00'),
        reason: 'x'.repeat(201),
      }),
      400,
    );
    // One provider filling their list, partly at once: the cap holds exactly.
    const entry = (i: number) => ({ from: at(day(40 + i), '09:00'), to: at(day(40 + i), '10:00') });
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => api('POST', url, vet.person, entry(i))));
    expect(first.every((r) => r.statusCode === 201)).toBe(true);
    for (let i = 20; i < PROVIDER_LIMITS.upcomingTimeOff; i++)
      expect((await api('POST', url, vet.person, entry(i))).statusCode).toBe(201);
    const over = await Promise.all(Array.from({ length: 5 }, (_, i) => api('POST', url, vet.person, entry(100 + i))));
    for (const r of over) expectError(r, 409, 'CONFLICT', PROVIDER_MSG.timeOffTooMany);
    expect(json(await api('GET', url, vet.person), z.array(TimeOffSchema))).toHaveLength(
      PROVIDER_LIMITS.upcomingTimeOff,
    );
  });
});
