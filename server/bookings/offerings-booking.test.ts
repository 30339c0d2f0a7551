import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatDay, formatWhen } from '#shared/dates';
import { NotificationSchema } from '#shared/notifications';
import { addDays, todayIn, zonedTimeToUtc } from '#shared/dates';
import { BOOKING_MSG, BookingSchema, BookingStatsSchema, type Booking } from '#shared/bookings';
import { AvailabilitySchema, CalendarSchema } from '#shared/availability';
import { PET_MSG } from '#shared/pets';
import { OFFERING_MSG } from '#shared/offerings';
import { rowsOf } from '../db/client.ts';
import { pets, services } from '../db/schema/index.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, expectError, nextCursor, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { bookingFor, bookSlot, newBooking } from '../test/bookings.ts';

const { checkup, training, pickup, emergency } = SEEDED_OFFERING_IDS;
const BookingListSchema = z.array(BookingSchema);

let t: TestContext;
let owner: { user: { id: string; name: string }; token: string };
let staff: { user: { id: string }; token: string };
let day: string;
let dayNo = 0;

beforeAll(async () => {
  // Two seats per time (the default), as the issue's race asks.
  t = await createTestApp({ SLOT_CAPACITY: 2 });
  owner = await t.buildUser({ role: 'user', name: 'Pet Owner', address: '12 Lake Road' });
  staff = await t.buildUser({ role: 'employee' });
});
afterAll(() => t.close());

/** Each test takes days of its own, so counters never meet across tests. */
function freshDay(): string {
  dayNo += 1;
  day = addDays(todayIn(t.config.CLINIC_TZ), 1 + dayNo);
  return day;
}

const put = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: t.auth(token), ...(payload ? { payload } : {}) });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });

async function freeAt(token: string, date: string, serviceId: string | undefined, time: string) {
  const q = serviceId ? `&serviceId=${serviceId}` : '';
  const slots = json(await get(token, `/api/slots/availability?date=${date}${q}`), AvailabilitySchema).slots;
  return slots.find((s) => s.time === time)?.available;
}

/** Every seat counter of one service on one day, as 'HH:mm' -> booked (zero counters left out). */
async function countersOn(serviceId: string, date: string): Promise<Record<string, number>> {
  const from = zonedTimeToUtc(date, '00:00', t.config.CLINIC_TZ);
  const rows = rowsOf<{ starts_at: Date | string; booked: number }>(
    await t.database.db.execute(
      sql`select starts_at, booked from slot_seats where service_id = ${serviceId}::uuid and starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${from.toISOString()}::timestamptz + interval '1 day' and booked > 0 order by starts_at`,
    ),
  );
  const out: Record<string, number> = {};
  for (const r of rows) {
    const at = new Date(r.starts_at);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: t.config.CLINIC_TZ,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    out[local] = Number(r.booked);
  }
  return out;
}

/** A pet of the signed-in owner, written directly (the pets API has tests of its own). */
async function addPet(over: Partial<typeof pets.$inferInsert> = {}) {
  const [pet] = await t.database.db
    .insert(pets)
    .values({ ownerId: owner.user.id, name: 'Bruno', species: 'dog', ...over })
    .returning();
  return pet!;
}

/** A confirmed booking whose time has already started (written directly: the API refuses past times). */
async function pastConfirmed(userId: string, petId: string | null, hoursAgo: number, serviceId = checkup) {
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, service_id, pet_id, pet_name, owner_name, phone, status)
      values (${userId}::uuid, 'Pet Owner', 'owner@example.com', 'earlier', now() - make_interval(hours => ${hoursAgo}::int),
              now() - make_interval(hours => ${hoursAgo}::int) + interval '30 minutes', 30, ${serviceId}::uuid, ${petId}::uuid,
              'Bruno', 'Pet Owner', '9876543210', 'confirmed')
      returning id`),
  );
  return row!.id;
}

describe('booking a service', () => {
  it('books the checkup for a client that sends only the spec fields, exactly as before', async () => {
    const d = freshDay();
    const b = await newBooking(t.app, owner.token, bookingFor(`${d} at 10:00`, { petAge: 4 }));
    expect(b).toMatchObject({
      serviceId: checkup,
      service: { id: checkup, name: 'Pet Health Checkup', kind: 'checkup', durationMinutes: 30 },
      petId: null,
      petName: 'Bruno',
      petAge: 4,
      status: 'pending',
      note: null,
      visit: null,
      needsOutcome: false,
    });
    expect(new Date(b.endsAt).getTime() - new Date(b.startsAt).getTime()).toBe(30 * 60_000);
    expect(await countersOn(checkup, d)).toEqual({ '10:00': 1 });
  });

  it('holds every grid time a 60-minute training covers, and only its own service’s seats', async () => {
    const d = freshDay();
    const b = await newBooking(
      t.app,
      owner.token,
      bookingFor(`${d} at 10:00`, { serviceId: training, note: 'Pulls on the lead' }),
    );
    expect(b).toMatchObject({ service: { kind: 'training', durationMinutes: 60 }, note: 'Pulls on the lead' });
    expect(await countersOn(training, d)).toEqual({ '10:00': 1, '10:30': 1 });
    expect(await countersOn(checkup, d)).toEqual({});
    // A training at 09:30 would overlap 10:00, one at 10:30 would overlap 10:30: each has one seat left.
    expect(await freeAt(owner.token, d, training, '09:30')).toBe(1);
    expect(await freeAt(owner.token, d, training, '10:30')).toBe(1);
    expect(await freeAt(owner.token, d, training, '11:00')).toBe(2);
    expect(await freeAt(owner.token, d, undefined, '10:00')).toBe(2);
    // Cancelling gives both seats back.
    expect((await put(owner.token, `/api/slots/cancel/${b.id}`)).statusCode).toBe(200);
    expect(await countersOn(training, d)).toEqual({});
  });

  it('refuses a training that would end after closing, and lists its last start time', async () => {
    const d = freshDay();
    expectError(
      await bookSlot(t.app, owner.token, bookingFor(`${d} at 17:30`, { serviceId: training })),
      400,
      'BAD_REQUEST',
      /This service takes 60 minutes; the last slot starts at 17:00/,
    );
    const slots = json(
      await get(owner.token, `/api/slots/availability?date=${d}&serviceId=${training}`),
      AvailabilitySchema,
    );
    expect(slots).toMatchObject({ serviceId: training, durationMinutes: 60 });
    expect(slots.slots.at(-1)?.time).toBe('17:00');
  });

  it('lets exactly one of 20 parallel 60-minute bookings through where one of its times has one seat left', async () => {
    const d = freshDay();
    const first = await t.buildUser({ role: 'user' });
    // 10:30-11:30 takes one of the two seats at 10:30 and 11:00.
    await newBooking(t.app, first.token, bookingFor(`${d} at 10:30`, { serviceId: training }));
    const crowd = await Promise.all(Array.from({ length: 20 }, () => t.buildUser({ role: 'user' })));
    const answers = await Promise.all(
      crowd.map((c) => bookSlot(t.app, c.token, bookingFor(`${d} at 10:00`, { serviceId: training }))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toMatchObject({ code: 'SLOT_FULL' });
    // No refused booking left a seat behind at 10:00, where it would have found room.
    expect(await countersOn(training, d)).toEqual({ '10:00': 1, '10:30': 2, '11:00': 1 });
  });

  it('never oversells a 2-seat 60-minute service under 20 parallel bookings spread over overlapping times', async () => {
    const d = freshDay();
    const crowd = await Promise.all(Array.from({ length: 20 }, () => t.buildUser({ role: 'user' })));
    const times = ['09:00', '09:30', '10:00', '10:30'];
    const answers = await Promise.all(
      crowd.map((c, i) => bookSlot(t.app, c.token, bookingFor(`${d} at ${times[i % 4]}`, { serviceId: training }))),
    );
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const counters = await countersOn(training, d);
    for (const n of Object.values(counters)) expect(n).toBeLessThanOrEqual(2);
    // Every counter equals the bookings covering it.
    const won = answers.filter((a) => a.statusCode === 201).map((a) => json(a, BookingSchema));
    const expected: Record<string, number> = {};
    for (const b of won) {
      const [h, m] = b.time.split(':').map(Number) as [number, number];
      for (const minutes of [h * 60 + m, h * 60 + m + 30]) {
        const key = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expected[key] = (expected[key] ?? 0) + 1;
      }
    }
    expect(counters).toEqual(expected);
    expect(won.length).toBeGreaterThanOrEqual(2);
  });

  it('books for one of the customer’s pets with its name and age; refuses another customer’s pet and an archived one', async () => {
    const d = freshDay();
    const pet = await addPet({ name: 'Rocky', ageYears: 5, ageAsOf: todayIn(t.config.CLINIC_TZ) });
    const b = await newBooking(t.app, owner.token, {
      ...bookingFor(`${d} at 11:00`),
      petName: undefined,
      petId: pet.id,
      serviceId: training,
    });
    expect(b).toMatchObject({ petId: pet.id, petName: 'Rocky', petAge: 5 });
    const stranger = await t.buildUser({ role: 'user' });
    expectError(
      await bookSlot(t.app, stranger.token, { ...bookingFor(`${d} at 12:00`), petId: pet.id }),
      404,
      'NOT_FOUND',
    );
    await t.database.db
      .update(pets)
      .set({ archivedAt: new Date() })
      .where(sql`id = ${pet.id}::uuid`);
    expectError(
      await bookSlot(t.app, owner.token, { ...bookingFor(`${d} at 12:00`), petId: pet.id }),
      409,
      'CONFLICT',
      PET_MSG.archived,
    );
  });

  it('refuses a booking for a pet whose other booking overlaps it, across services', async () => {
    const d = freshDay();
    await newBooking(t.app, owner.token, bookingFor(`${d} at 14:00`, { petName: 'Luna', serviceId: training }));
    expectError(
      await bookSlot(t.app, owner.token, bookingFor(`${d} at 14:30`, { petName: 'luna' })),
      409,
      'CONFLICT',
      BOOKING_MSG.petBusy,
    );
    expect(await countersOn(checkup, d)).toEqual({});
    // Right after the training ends is fine.
    await newBooking(t.app, owner.token, bookingFor(`${d} at 15:00`, { petName: 'Luna' }));
  });

  it('needs a pickup address for a ride: the profile’s by default, one typed in, or a clear 400', async () => {
    const d = freshDay();
    const fromProfile = await newBooking(t.app, owner.token, bookingFor(`${d} at 09:00`, { serviceId: pickup }));
    expect(fromProfile).toMatchObject({ pickupAddress: '12 Lake Road', service: { kind: 'pickup' } });
    const typed = await newBooking(
      t.app,
      owner.token,
      bookingFor(`${d} at 09:30`, { serviceId: pickup, petName: 'Milo', pickupAddress: '4 Park Street' }),
    );
    expect(typed.pickupAddress).toBe('4 Park Street');
    const homeless = await t.buildUser({ role: 'user' });
    expectError(
      await bookSlot(t.app, homeless.token, bookingFor(`${d} at 10:00`, { serviceId: pickup })),
      400,
      'BAD_REQUEST',
      BOOKING_MSG.pickupAddressRequired,
    );
    // Other services do not keep an address they do not need.
    const checkupBooking = await newBooking(
      t.app,
      owner.token,
      bookingFor(`${d} at 11:00`, { petName: 'Coco', pickupAddress: '4 Park Street' }),
    );
    expect(checkupBooking.pickupAddress).toBeNull();
  });

  it('refuses emergency care on the grid, an inactive service, an unknown one and a malformed id; caps the note', async () => {
    const d = freshDay();
    expectError(
      await bookSlot(t.app, owner.token, bookingFor(`${d} at 10:00`, { serviceId: emergency })),
      400,
      'BAD_REQUEST',
      OFFERING_MSG.emergencyNotBookable,
    );
    const [inactive] = await t.database.db
      .insert(services)
      .values({ name: 'Grooming (paused)', kind: 'checkup', durationMinutes: 30, active: false })
      .returning();
    expectError(
      await bookSlot(t.app, owner.token, bookingFor(`${d} at 10:00`, { serviceId: inactive!.id })),
      409,
      'CONFLICT',
      OFFERING_MSG.unavailable,
    );
    expectError(
      await bookSlot(
        t.app,
        owner.token,
        bookingFor(`${d} at 10:00`, { serviceId: '00000000-0000-4000-8000-000000000000' }),
      ),
      404,
    );
    expectError(await bookSlot(t.app, owner.token, bookingFor(`${d} at 10:00`, { serviceId: 'checkup' })), 400);
    expectError(await bookSlot(t.app, owner.token, bookingFor(`${d} at 10:00`, { note: 'x'.repeat(1001) })), 400);
    expectError(await bookSlot(t.app, owner.token, bookingFor(`${d} at 10:00`, { note: 'a\u0000b' })), 400);
    const ok = await newBooking(t.app, owner.token, bookingFor(`${d} at 10:00`, { note: 'Limping\nsince Monday' }));
    expect(ok.note).toBe('Limping\nsince Monday');
  });
});

describe('a service changed by another server process', () => {
  it('books by what is stored now, not by the list this process read before', async () => {
    const d = freshDay();
    const [grooming] = await t.database.db
      .insert(services)
      .values({ name: 'Nail Trim', kind: 'checkup', durationMinutes: 30, capacity: 3, sortOrder: 900 })
      .returning();
    // This process reads (and keeps) the services while booking.
    await newBooking(t.app, owner.token, bookingFor(`${d} at 10:00`, { serviceId: grooming!.id, petName: 'One' }));
    // Another process lowers its capacity to 1 and then pauses it, straight in the database.
    await t.database.db
      .update(services)
      .set({ capacity: 1 })
      .where(sql`id = ${grooming!.id}::uuid`);
    expectError(
      await bookSlot(t.app, owner.token, bookingFor(`${d} at 10:00`, { serviceId: grooming!.id, petName: 'Two' })),
      409,
      'SLOT_FULL',
    );
    await t.database.db
      .update(services)
      .set({ active: false })
      .where(sql`id = ${grooming!.id}::uuid`);
    expectError(
      await bookSlot(t.app, owner.token, bookingFor(`${d} at 11:00`, { serviceId: grooming!.id, petName: 'Three' })),
      409,
      'CONFLICT',
      OFFERING_MSG.unavailable,
    );
    expect(await countersOn(grooming!.id, d)).toEqual({ '10:00': 1 });
  });
});

describe('GET /api/slots/calendar', () => {
  it('counts the free start times of each day of the month for the service', async () => {
    const d = freshDay();
    const month = d.slice(0, 7);
    const cal = json(
      await get(owner.token, `/api/slots/calendar?month=${month}&serviceId=${training}`),
      CalendarSchema,
    );
    expect(cal.serviceId).toBe(training);
    const days = Object.fromEntries(cal.days.map((x) => [x.date, x.freeTimes]));
    // 09:00 to 17:00 every 30 minutes: 17 start times for a 60-minute training.
    expect(days[d]).toBe(17);
    const today = todayIn(t.config.CLINIC_TZ);
    if (`${month}-01` < today) expect(days[`${month}-01`]).toBe(0);
    // Two bookings at 10:00 fill 09:30, 10:00 and 10:30 for the training.
    for (let i = 0; i < 2; i++) {
      const c = await t.buildUser({ role: 'user' });
      await newBooking(t.app, c.token, bookingFor(`${d} at 10:00`, { serviceId: training }));
    }
    const after = json(
      await get(owner.token, `/api/slots/calendar?month=${month}&serviceId=${training}`),
      CalendarSchema,
    );
    expect(after.days.find((x) => x.date === d)?.freeTimes).toBe(14);
    // Without a service: the checkup's calendar, untouched by the training.
    const plain = json(await get(owner.token, `/api/slots/calendar?month=${month}`), CalendarSchema);
    expect(plain.serviceId).toBe(checkup);
    expect(plain.days.find((x) => x.date === d)?.freeTimes).toBe(18);
  });

  it('refuses a malformed month and anonymous callers', async () => {
    for (const month of ['2026-13', '2026-1', 'soon', '1999-12']) {
      expect((await get(owner.token, `/api/slots/calendar?month=${month}`)).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/slots/calendar?month=2030-01' })).statusCode).toBe(401);
  });
});

describe('PUT /api/slots/{id}/reschedule', () => {
  it('moves a confirmed booking: new seats taken, old ones freed, back to pending, staff told live', async () => {
    const d = freshDay();
    const b = await newBooking(t.app, owner.token, bookingFor(`${d} at 10:00`, { serviceId: training }));
    expect((await put(staff.token, `/api/slots/confirm/${b.id}`)).statusCode).toBe(200);
    const res = await put(owner.token, `/api/slots/${b.id}/reschedule`, { schedule: `${d} at 10:30` });
    const moved = json(res, BookingSchema);
    expect(moved).toMatchObject({ id: b.id, time: '10:30', schedule: `${d} at 10:30`, status: 'pending' });
    expect(await countersOn(training, d)).toEqual({ '10:30': 1, '11:00': 1 });
  });

  it('keeps the booking exactly as it was when the new time is full', async () => {
    const d = freshDay();
    const b = await newBooking(t.app, owner.token, bookingFor(`${d} at 09:00`, { serviceId: training }));
    expect((await put(staff.token, `/api/slots/confirm/${b.id}`)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const c = await t.buildUser({ role: 'user' });
      await newBooking(t.app, c.token, bookingFor(`${d} at 13:30`, { serviceId: training }));
    }
    // 13:00 covers 13:00 and 13:30, and 13:30 is full.
    expectError(
      await put(owner.token, `/api/slots/${b.id}/reschedule`, { schedule: `${d} at 13:00` }),
      409,
      'SLOT_FULL',
      BOOKING_MSG.slotFull,
    );
    const [still] = json(await get(owner.token, '/api/slots/mine?limit=200'), BookingListSchema).filter(
      (x) => x.id === b.id,
    );
    expect(still).toMatchObject({ schedule: `${d} at 09:00`, status: 'confirmed' });
    expect(await countersOn(training, d)).toEqual({ '09:00': 1, '09:30': 1, '13:30': 2, '14:00': 2 });
  });

  it('moves a booking onto part of its own time even when only its own seat is there', async () => {
    const d = freshDay();
    const b = await newBooking(
      t.app,
      owner.token,
      bookingFor(`${d} at 15:00`, { serviceId: training, petName: 'Max' }),
    );
    const c = await t.buildUser({ role: 'user' });
    await newBooking(t.app, c.token, bookingFor(`${d} at 15:30`, { serviceId: training }));
    // 15:30 now has both seats taken (ours and theirs); moving ours from 15:00 to 15:30 frees our 15:30 seat first.
    const moved = json(
      await put(owner.token, `/api/slots/${b.id}/reschedule`, { schedule: `${d} at 15:30` }),
      BookingSchema,
    );
    expect(moved.time).toBe('15:30');
    expect(await countersOn(training, d)).toEqual({ '15:30': 2, '16:00': 2 });
  });

  it('hides other customers’ bookings, refuses canceled ones and the same time, and tells the customer when staff move it', async () => {
    const d = freshDay();
    const b = await newBooking(t.app, owner.token, bookingFor(`${d} at 11:00`));
    const stranger = await t.buildUser({ role: 'user' });
    expectError(await put(stranger.token, `/api/slots/${b.id}/reschedule`, { schedule: `${d} at 12:00` }), 404);
    expectError(
      await put(owner.token, `/api/slots/${b.id}/reschedule`, { schedule: `${d} at 11:00` }),
      400,
      'BAD_REQUEST',
      BOOKING_MSG.rescheduleSameTime,
    );
    expectError(await put(owner.token, `/api/slots/${b.id}/reschedule`, { schedule: 'tomorrow' }), 400);
    const byStaff = json(
      await put(staff.token, `/api/slots/${b.id}/reschedule`, { schedule: `${d} at 12:00` }),
      BookingSchema,
    );
    expect(byStaff.time).toBe('12:00');
    const notes = json(await get(owner.token, '/api/notifications'), z.array(NotificationSchema));
    expect(notes.find((n) => n.data?.bookingId === b.id)).toMatchObject({
      title: 'Booking moved',
      body: `The clinic moved Bruno's Pet Health Checkup from ${formatWhen(d, '11:00')} to ${formatWhen(d, '12:00')}.`,
    });
    expect((await put(owner.token, `/api/slots/cancel/${b.id}`)).statusCode).toBe(200);
    expectError(
      await put(owner.token, `/api/slots/${b.id}/reschedule`, { schedule: `${d} at 13:00` }),
      409,
      'CONFLICT',
      BOOKING_MSG.rescheduleClosed,
    );
  });
});

/** A confirmed booking later today (written directly: the day may have no bookable time left). */
async function laterToday(userId: string) {
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, service_id, pet_name, owner_name, phone, status)
      values (${userId}::uuid, 'Pet Owner', 'owner@example.com', 'later today', now() + interval '1 minute', now() + interval '31 minutes', 30,
              ${checkup}::uuid, 'Early Bird', 'Pet Owner', '9876543210', 'confirmed')
      returning id`),
  );
  return row!.id;
}

describe('visit outcomes', () => {
  it('completes a visit earlier on its own day (the pet came in early), but records no no-show before its time', async () => {
    const now = new Date();
    const endOfDay = zonedTimeToUtc(addDays(todayIn(t.config.CLINIC_TZ, now), 1), '00:00', t.config.CLINIC_TZ);
    // Within the last minute of the clinic's day, "a minute from now" is tomorrow: nothing to show then.
    if (endOfDay.getTime() - now.getTime() < 2 * 60_000) return;
    const id = await laterToday(owner.user.id);
    expectError(await put(staff.token, `/api/slots/${id}/no-show`), 409, 'CONFLICT', BOOKING_MSG.noShowTooEarly);
    const done = json(await put(staff.token, `/api/slots/${id}/complete`, { findings: 'Seen early' }), BookingSchema);
    expect(done).toMatchObject({ status: 'completed', visit: { findings: 'Seen early' } });
  });

  it('completes a confirmed visit that has started, with notes and a next-due date; the pet’s weight follows', async () => {
    const pet = await addPet({ name: 'Bella', weightKg: '20.00' });
    const id = await pastConfirmed(owner.user.id, pet.id, 1);
    const today = todayIn(t.config.CLINIC_TZ);
    const visit = {
      findings: 'Healthy, mild tartar',
      treatment: 'Dental cleaning advised',
      medicines: 'None',
      weightKg: 21.456,
      nextDueDate: addDays(today, 30),
      nextDueReason: 'Rabies booster',
    };
    expect((await put(owner.token, `/api/slots/${id}/complete`, visit)).statusCode).toBe(403);
    const done = json(await put(staff.token, `/api/slots/${id}/complete`, visit), BookingSchema);
    expect(done).toMatchObject({
      status: 'completed',
      needsOutcome: false,
      visit: {
        findings: 'Healthy, mild tartar',
        weightKg: 21.46,
        nextDueDate: addDays(today, 30),
        nextDueReason: 'Rabies booster',
      },
    });
    const [stored] = await t.database.db
      .select()
      .from(pets)
      .where(sql`id = ${pet.id}::uuid`);
    expect(stored?.weightKg).toBe('21.46');
    // The customer sees the visit on the booking and is told.
    const mine = json(await get(owner.token, '/api/slots/mine?limit=200'), BookingListSchema).find((b) => b.id === id);
    expect(mine?.visit?.treatment).toBe('Dental cleaning advised');
    const notes = json(await get(owner.token, '/api/notifications'), z.array(NotificationSchema));
    const summary = notes.find((n) => n.data?.bookingId === id);
    expect(summary).toMatchObject({ title: 'Visit summary ready' });
    expect(summary?.body).toMatch(
      /^Bruno's Pet Health Checkup on [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} at \d\d:\d\d is complete\./,
    );
    expect(summary?.body).toContain(`Next due: Rabies booster on ${formatDay(addDays(today, 30))}.`);
    // ... and e-mailed the summary, with the next due date and a link that books it.
    const mails = rowsOf<{ subject: string; text: string }>(
      await t.database.db.execute(
        sql`select subject, text from outbox where kind = 'visit_summary' and text like ${`%${pet.id}%`}`,
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Bruno's visit summary: Pet Health Checkup");
    expect(mails[0]!.text).toContain('Findings: Healthy, mild tartar');
    expect(mails[0]!.text).toContain('Weight: 21.46 kg');
    expect(mails[0]!.text).toContain(`Bruno is next due for Rabies booster on ${formatDay(addDays(today, 30))}.`);
    expect(mails[0]!.text).toContain(`/slots?serviceId=`);
    expect(mails[0]!.text).toContain(`/customer/pets/${pet.id}`);
    // Once recorded, the outcome stays, and the visit can no longer be canceled.
    expectError(await put(staff.token, `/api/slots/${id}/complete`, {}), 409, 'CONFLICT', BOOKING_MSG.outcomeRecorded);
    expectError(await put(staff.token, `/api/slots/${id}/no-show`), 409, 'CONFLICT', BOOKING_MSG.outcomeRecorded);
    expectError(await put(staff.token, `/api/slots/cancel/${id}`), 409, 'CONFLICT', BOOKING_MSG.cancelClosed);
  });

  it('refuses an outcome before the visit starts or before it is confirmed, and bad visit notes', async () => {
    const d = freshDay();
    const future = await newBooking(t.app, owner.token, bookingFor(`${d} at 16:00`, { petName: 'Kiwi' }));
    expectError(
      await put(staff.token, `/api/slots/${future.id}/no-show`),
      409,
      'CONFLICT',
      BOOKING_MSG.outcomeNeedsConfirmed,
    );
    expect((await put(staff.token, `/api/slots/confirm/${future.id}`)).statusCode).toBe(200);
    expectError(
      await put(staff.token, `/api/slots/${future.id}/complete`, {}),
      409,
      'CONFLICT',
      BOOKING_MSG.outcomeTooEarly,
    );
    const started = await pastConfirmed(owner.user.id, null, 2);
    expectError(
      await put(staff.token, `/api/slots/${started}/complete`, { nextDueReason: 'Booster' }),
      400,
      undefined,
      /next-due date/,
    );
    expectError(
      await put(staff.token, `/api/slots/${started}/complete`, {
        nextDueDate: addDays(todayIn(t.config.CLINIC_TZ), -400),
        nextDueReason: 'Booster',
      }),
      400,
      'BAD_REQUEST',
      BOOKING_MSG.nextDueBeforeVisit,
    );
    expectError(await put(staff.token, `/api/slots/${started}/complete`, { weightKg: 0 }), 400);
    // 0.001 kg passes "above 0" but rounds to 0.00, which the column's check refuses: a 400, not a 500.
    expectError(await put(staff.token, `/api/slots/${started}/complete`, { weightKg: 0.001 }), 400);
    expectError(await put(staff.token, `/api/slots/${started}/complete`, { findings: 'x'.repeat(2001) }), 400);
    expectError(await put(staff.token, '/api/slots/not-a-uuid/complete', {}), 404);
    // A visit with no notes at all may still be completed.
    const bare = json(await put(staff.token, `/api/slots/${started}/complete`), BookingSchema);
    expect(bare.visit).toMatchObject({ findings: null, nextDueDate: null });
  });

  it('marks a no-show, flags visits past their time without an outcome, and counts both on the dashboard', async () => {
    const before = json(await get(staff.token, '/api/slots/stats'), BookingStatsSchema);
    const missed = await pastConfirmed(owner.user.id, null, 3);
    const overdue = json(await get(staff.token, '/api/slots/bookings?status=overdue&limit=200'), BookingListSchema);
    expect(overdue.find((b) => b.id === missed)).toMatchObject({ needsOutcome: true, status: 'confirmed' });
    const noShow = json(await put(staff.token, `/api/slots/${missed}/no-show`), BookingSchema);
    expect(noShow).toMatchObject({ status: 'no_show', needsOutcome: false, visit: null });
    const again = json(await get(staff.token, '/api/slots/bookings?status=overdue&limit=200'), BookingListSchema);
    expect(again.find((b) => b.id === missed)).toBeUndefined();
    const after = json(await get(staff.token, '/api/slots/stats'), BookingStatsSchema);
    expect(after.noShowRate).not.toBeNull();
    expect(after.noShowRate!).toBeGreaterThan(before.noShowRate ?? 0);
    const completed = await pastConfirmed(owner.user.id, null, 1);
    expect((await put(staff.token, `/api/slots/${completed}/complete`, { findings: 'Fine' })).statusCode).toBe(200);
    const last = json(await get(staff.token, '/api/slots/stats'), BookingStatsSchema);
    expect(last.completedThisWeek).toBe(after.completedThisWeek + 1);
  });
});

describe('the staff agenda', () => {
  it('lists by appointment time from a day on, filters by service, and pages in that order', async () => {
    const d = freshDay();
    const made: Booking[] = [];
    // Made out of time order on purpose.
    for (const [time, serviceId] of [
      ['15:00', checkup],
      ['09:00', training],
      ['12:30', checkup],
      ['10:00', training],
      ['09:30', checkup],
    ] as const) {
      const c = await t.buildUser({ role: 'user' });
      made.push(await newBooking(t.app, c.token, bookingFor(`${d} at ${time}`, { serviceId })));
    }
    const seen: Booking[] = [];
    let cursor: string | undefined;
    do {
      const res = await get(
        staff.token,
        `/api/slots/bookings?sort=appointment&from=${d}&date=${d}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...json(res, BookingListSchema));
      cursor = nextCursor(res);
    } while (cursor);
    expect(seen.map((b) => b.time)).toEqual(['09:00', '09:30', '10:00', '12:30', '15:00']);
    const trainings = json(
      await get(staff.token, `/api/slots/bookings?sort=appointment&date=${d}&serviceId=${training}`),
      BookingListSchema,
    );
    expect(trainings.map((b) => b.time)).toEqual(['09:00', '10:00']);
    // From a later day on, earlier days are left out.
    const later = json(
      await get(staff.token, `/api/slots/bookings?sort=appointment&from=${addDays(d, 1)}`),
      BookingListSchema,
    );
    expect(later.some((b) => b.date === d)).toBe(false);
    expect((await get(staff.token, '/api/slots/bookings?sort=time')).statusCode).toBe(400);
    expect((await get(owner.token, '/api/slots/bookings?sort=appointment')).statusCode).toBe(403);
  });
});
