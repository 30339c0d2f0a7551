import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatWhen } from '#shared/dates';
import { NotificationSchema } from '#shared/notifications';
import { ApiErrorSchema } from '#shared/common';
import { MSG } from '#shared/messages';
import { addDays, todayIn } from '#shared/dates';
import { BookingSchema, BookingStatsSchema, BOOKING_MSG, type Booking } from '#shared/bookings';
import { AvailabilitySchema } from '#shared/availability';
import { rowsOf } from '../db/client.ts';
import { createTestApp, nextCursor, type TestContext } from '../test/app.ts';
import { errorOf, json } from '../test/json.ts';
import { bookSlot, newBooking, slotAt } from '../test/bookings.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';

let t: TestContext;
let customer: { user: { id: string; name: string; email: string }; token: string };
let other: { user: { id: string }; token: string };
let employee: { token: string };
let admin: { token: string };
let tomorrow: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.buildUser({ role: 'user', name: 'Pet Owner', address: '12 Lake Road' });
  other = await t.buildUser({ role: 'user' });
  employee = await t.buildUser({ role: 'employee' });
  admin = await t.buildUser({ role: 'admin' });
  tomorrow = addDays(todayIn(t.config.CLINIC_TZ), 1);
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  userId: customer.user.id,
  userName: customer.user.name,
  userEmail: customer.user.email,
  userAddress: '12 Lake Road',
  schedule: `${tomorrow} at 10:00`,
  petName: 'Bruno',
  ownerName: 'Pet Owner',
  petAge: 3,
  phone: '9876543210',
  ...over,
});

const book = (token: string | undefined, payload: object) => bookSlot(t.app, token, payload);
const booked = (token: string, payload: object) => newBooking(t.app, token, payload);
const seatsAt = (date: string, time: string) => slotAt(t.app, customer.token, date, time);

const BookingListSchema = z.array(BookingSchema);
/** GET /api/slots/bookings with a query string, as staff see it. */
const staffList = async (query: string): Promise<Booking[]> =>
  json(
    await t.app.inject({ method: 'GET', url: `/api/slots/bookings${query}`, headers: t.auth(employee.token) }),
    BookingListSchema,
  );
const stats = async (token: string) =>
  json(await t.app.inject({ method: 'GET', url: '/api/slots/stats', headers: t.auth(token) }), BookingStatsSchema);
const notificationsOf = async (token: string) =>
  json(
    await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(token) }),
    z.array(NotificationSchema),
  );

describe('POST /api/slots/book: who may book', () => {
  it('asks an anonymous visitor to log in, before looking at the fields', async () => {
    for (const payload of [body(), {}]) {
      const res = await book(undefined, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: MSG.loginToBook, code: 'UNAUTHENTICATED' });
    }
    const res = await book('not-a-token', body());
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(MSG.loginToBook);
  });

  it('refuses a booking made in another customer’s name', async () => {
    const res = await book(customer.token, body({ userId: other.user.id, schedule: `${tomorrow} at 09:00` }));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(BOOKING_MSG.otherUser);
  });

  it('refuses staff accounts: bookings belong to customers', async () => {
    const res = await book(employee.token, body({ userId: undefined, schedule: `${tomorrow} at 09:00` }));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(BOOKING_MSG.staffCannotBook);
  });
});

describe('POST /api/slots/book: validation', () => {
  it.each(['schedule', 'petName', 'ownerName', 'phone'])(
    'says "Please fill all required fields!" when %s is missing or blank',
    async (field) => {
      for (const value of [undefined, '', '   ']) {
        const res = await book(customer.token, body({ [field]: value }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: MSG.fillAllFields, code: 'VALIDATION' });
      }
    },
  );

  it('says "Please fill all required fields!" for an empty body', async () => {
    const res = await book(customer.token, {});
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(MSG.fillAllFields);
  });

  it('refuses a phone number that is not 10 digits', async () => {
    for (const phone of ['12345', '98765432101', '98765abcde']) {
      const res = await book(customer.token, body({ phone }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(MSG.phoneInvalid);
    }
  });

  it('refuses a pet age that is not a whole number of years', async () => {
    for (const petAge of ['abc', -1, 2.5, 200]) {
      const res = await book(customer.token, body({ petAge }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(BOOKING_MSG.petAgeInvalid);
    }
  });

  it('refuses a date earlier than today', async () => {
    const yesterday = addDays(todayIn(t.config.CLINIC_TZ), -1);
    const res = await book(customer.token, body({ schedule: `${yesterday} at 10:00` }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(BOOKING_MSG.pastDate);
  });

  it('refuses a date beyond the booking horizon', async () => {
    const res = await book(customer.token, body({ schedule: `${addDays(tomorrow, 400)} at 10:00` }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(BOOKING_MSG.tooFarAhead);
  });

  it('refuses a time that is not on the grid', async () => {
    const res = await book(customer.token, body({ schedule: `${tomorrow} at 10:15` }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain(BOOKING_MSG.offGrid);
  });

  it('refuses a time outside opening hours, including one whose slot would end after closing', async () => {
    for (const time of ['08:30', '17:45', '18:00', '22:00']) {
      const res = await book(customer.token, body({ schedule: `${tomorrow} at ${time}` }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('We take bookings from 09:00 to 18:00; the last slot starts at 17:30.');
    }
  });

  it('refuses a schedule that is not "date at time" or names a day that does not exist', async () => {
    for (const schedule of ['tomorrow morning', `${tomorrow} 10:00`, '2031-02-30 at 10:00', `${tomorrow} at 25:00`]) {
      const res = await book(customer.token, body({ schedule }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(BOOKING_MSG.scheduleInvalid);
    }
  });

  it('answers a body that is not JSON with 400, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slots/book',
      headers: { ...t.auth(customer.token), 'content-type': 'application/json' },
      payload: '{"petName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, ApiErrorSchema).code).toBe('BAD_REQUEST');
  });
});

describe('POST /api/slots/book: success and capacity', () => {
  it('answers 201 with the pending booking, owned by the signed-in customer', async () => {
    const res = await book(
      customer.token,
      body({ schedule: `${tomorrow} at 11:00`, userName: 'Someone Else', userEmail: 'x@evil.test', petAge: '4' }),
    );
    expect(res.statusCode).toBe(201);
    const b = json(res, BookingSchema);
    expect(b._id).toBe(b.id);
    expect(b).toMatchObject({
      userId: customer.user.id,
      userName: 'Pet Owner',
      userEmail: customer.user.email,
      userAddress: '12 Lake Road',
      schedule: `${tomorrow} at 11:00`,
      date: tomorrow,
      time: '11:00',
      petName: 'Bruno',
      ownerName: 'Pet Owner',
      petAge: 4,
      phone: '9876543210',
      status: 'pending',
      hospitalInfo: null,
    });
    // 11:00 in Asia/Kolkata is 05:30 UTC.
    expect(b.startsAt).toBe(`${tomorrow}T05:30:00.000Z`);
    expect(await seatsAt(tomorrow, '11:00')).toMatchObject({ capacity: 2, booked: 1, available: 1, past: false });
  });

  it('accepts a booking without a pet age', async () => {
    const res = await book(customer.token, body({ schedule: `${tomorrow} at 11:30`, petAge: '' }));
    expect(res.statusCode).toBe(201);
    expect(json(res, BookingSchema).petAge).toBeNull();
  });

  it('refuses the same pet of the same customer twice at one time (any letter case) without using a seat', async () => {
    const first = await book(customer.token, body({ schedule: `${tomorrow} at 12:00`, petName: 'Milo' }));
    expect(first.statusCode).toBe(201);
    const again = await book(customer.token, body({ schedule: `${tomorrow} at 12:00`, petName: ' MILO ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: BOOKING_MSG.petBusy, code: 'CONFLICT' });
    expect(await seatsAt(tomorrow, '12:00')).toMatchObject({ booked: 1, available: 1 });
    const otherPet = await book(customer.token, body({ schedule: `${tomorrow} at 12:00`, petName: 'Luna' }));
    expect(otherPet.statusCode).toBe(201);
  });

  it('answers 409 with a clear text when the time is full', async () => {
    const time = '12:30';
    expect((await book(customer.token, body({ schedule: `${tomorrow} at ${time}`, petName: 'A' }))).statusCode).toBe(
      201,
    );
    expect((await book(customer.token, body({ schedule: `${tomorrow} at ${time}`, petName: 'B' }))).statusCode).toBe(
      201,
    );
    const res = await book(
      other.token,
      body({ userId: other.user.id, schedule: `${tomorrow} at ${time}`, petName: 'C' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: BOOKING_MSG.slotFull, message: BOOKING_MSG.slotFull, code: 'SLOT_FULL' });
    expect(await seatsAt(tomorrow, time)).toMatchObject({ booked: 2, available: 0 });
  });

  it('lets exactly 2 of 20 simultaneous bookings of a 2-seat time through; cancelling frees a seat', async () => {
    const time = '13:00';
    const people = await Promise.all(Array.from({ length: 20 }, () => t.buildUser({ role: 'user' })));
    const results = await Promise.all(
      people.map((p, i) =>
        book(p.token, body({ userId: p.user.id, schedule: `${tomorrow} at ${time}`, petName: `Pet ${i}` })),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(json(r, ApiErrorSchema).code).toBe('SLOT_FULL');
    expect(await seatsAt(tomorrow, time)).toMatchObject({ booked: 2, available: 0 });

    const winnerIndex = codes.indexOf(201);
    const winner = json(results[winnerIndex]!, BookingSchema);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/cancel/${winner.id}`,
      headers: t.auth(people[winnerIndex]!.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await seatsAt(tomorrow, time)).toMatchObject({ booked: 1, available: 1 });
    const loser = people[codes.indexOf(409)]!;
    const retry = await book(
      loser.token,
      body({ userId: loser.user.id, schedule: `${tomorrow} at ${time}`, petName: 'Second chance' }),
    );
    expect(retry.statusCode).toBe(201);
  });

  it('holds under 20 simultaneous bookings by one customer for 20 different pets', async () => {
    const time = '13:30';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(customer.token, body({ schedule: `${tomorrow} at ${time}`, petName: `Twin ${i}` })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(18);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from slot_bookings where schedule = ${`${tomorrow} at ${time}`} and status <> 'canceled'`,
      ),
    ) as [{ n: number }];
    expect(Number(n)).toBe(2);
  });
});

describe('GET /api/slots/availability', () => {
  it('lists every grid time of the day with capacity, booked and free seats', async () => {
    const date = addDays(tomorrow, 1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/slots/availability?date=${date}`,
      headers: t.auth(customer.token),
    });
    expect(res.statusCode).toBe(200);
    const a = json(res, AvailabilitySchema);
    expect(a).toMatchObject({ date, timeZone: 'Asia/Kolkata', slotMinutes: 30 });
    expect(a.slots).toHaveLength(18);
    expect(a.slots[0]).toEqual({ time: '09:00', capacity: 2, booked: 0, available: 2, past: false });
    expect(a.slots.at(-1)?.time).toBe('17:30');
  });

  it('marks the times of a past day as past', async () => {
    const yesterday = addDays(todayIn(t.config.CLINIC_TZ), -1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/slots/availability?date=${yesterday}`,
      headers: t.auth(customer.token),
    });
    expect(json(res, AvailabilitySchema).slots.every((s) => s.past)).toBe(true);
  });

  it('refuses a malformed date and anonymous callers', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/slots/availability?date=2026-13-40',
      headers: t.auth(customer.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe(BOOKING_MSG.dateInvalid);
    const anon = await t.app.inject({ method: 'GET', url: `/api/slots/availability?date=${tomorrow}` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /api/slots/mine and /api/slots/bookings', () => {
  it('shows customers only their own bookings, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/slots/mine', headers: t.auth(customer.token) });
    expect(res.statusCode).toBe(200);
    const mine = json(res, BookingListSchema);
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.every((b) => b.userId === customer.user.id)).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/slots/mine', headers: t.auth(other.token) });
    expect(theirs.json()).toEqual([]);
    const created = mine.map((b) => b.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('keeps the list of all bookings to staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/slots/bookings' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/slots/bookings', headers: t.auth(customer.token) })).statusCode,
    ).toBe(403);
    for (const who of [employee, admin]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/slots/bookings', headers: t.auth(who.token) });
      expect(res.statusCode).toBe(200);
      expect(json(res, BookingListSchema).length).toBeGreaterThan(2);
    }
  });

  it('filters by status and by day, and pages with the X-Next-Cursor header', async () => {
    expect((await staffList('?status=pending&limit=200')).every((b) => b.status === 'pending')).toBe(true);
    const canceled = await staffList('?status=canceled');
    expect(canceled.length).toBeGreaterThan(0);
    expect(canceled.every((b) => b.status === 'canceled')).toBe(true);
    expect((await staffList('?status=active&limit=200')).some((b) => b.status === 'canceled')).toBe(false);
    expect(await staffList(`?date=${addDays(tomorrow, 2)}`)).toEqual([]);
    const day = await staffList(`?date=${tomorrow}&limit=200`);
    expect(day.length).toBeGreaterThan(5);
    expect(day.every((b) => b.date === tomorrow)).toBe(true);

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/slots/bookings?limit=2',
      headers: t.auth(employee.token),
    });
    expect(first.json()).toHaveLength(2);
    const cursor = nextCursor(first);
    expect(cursor).toMatch(/^[\w-]+$/);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/slots/bookings?limit=2&cursor=${cursor}`,
      headers: t.auth(employee.token),
    });
    const ids = new Set([...json(first, BookingListSchema), ...json(second, BookingListSchema)].map((b) => b.id));
    expect(ids.size).toBe(4);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/slots/bookings?status=lost',
      headers: t.auth(employee.token),
    });
    expect(bad.statusCode).toBe(400);
    const badCursor = await t.app.inject({
      method: 'GET',
      url: '/api/slots/bookings?cursor=zzz',
      headers: t.auth(employee.token),
    });
    expect(badCursor.statusCode).toBe(400);
  });
});

describe('PUT /api/slots/cancel/{id}', () => {
  it('lets a customer cancel their own booking once; the seat is freed exactly once', async () => {
    const time = '14:00';
    const b = await booked(customer.token, body({ schedule: `${tomorrow} at ${time}` }));
    expect(await seatsAt(tomorrow, time)).toMatchObject({ booked: 1 });
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/cancel/${b.id}`,
      headers: t.auth(customer.token),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: b.id, status: 'canceled' });
    const twice = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${b.id}`, headers: t.auth(customer.token) }),
      ),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await seatsAt(tomorrow, time)).toMatchObject({ booked: 0, available: 2 });
    // Booking the same pet at the same time again is allowed once the earlier booking is canceled.
    expect((await book(customer.token, body({ schedule: `${tomorrow} at ${time}` }))).statusCode).toBe(201);
  });

  it('hides other customers’ bookings (404) and refuses anonymous callers (401)', async () => {
    const b = await booked(customer.token, body({ schedule: `${tomorrow} at 14:30` }));
    const res = await t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${b.id}`, headers: t.auth(other.token) });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(BOOKING_MSG.bookingNotFound);
    expect((await t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${b.id}` })).statusCode).toBe(401);
    expect((await seatsAt(tomorrow, '14:30')).booked).toBe(1);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect(
        (await t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${id}`, headers: t.auth(employee.token) }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('lets staff cancel any booking and tells the customer', async () => {
    const b = await booked(other.token, body({ userId: other.user.id, schedule: `${tomorrow} at 15:00` }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/cancel/${b.id}`,
      headers: t.auth(employee.token),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res, BookingSchema).status).toBe('canceled');
    expect((await seatsAt(tomorrow, '15:00')).booked).toBe(0);
    const [latest] = await notificationsOf(other.token);
    expect(latest).toMatchObject({ type: 'booking_canceled', title: 'Booking canceled', read: false });
    expect(latest?.body).toBe(
      `The clinic canceled Bruno's appointment on ${formatWhen(tomorrow, '15:00')}. Please book another time.`,
    );
  });
});

describe('PUT /api/slots/confirm/{id}', () => {
  it('is for staff only', async () => {
    const b = await booked(customer.token, body({ schedule: `${tomorrow} at 15:30` }));
    expect((await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${b.id}` })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/confirm/${b.id}`,
      headers: t.auth(customer.token),
    });
    expect(res.statusCode).toBe(403);
    expect(json(res, ApiErrorSchema).code).toBe('FORBIDDEN');
  });

  it('confirms without a body using the clinic defaults, notifies the customer and queues the mail with an invite', async () => {
    const b = await booked(customer.token, body({ schedule: `${tomorrow} at 16:00`, petName: '<b>Rex</b> & "Co"' }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/confirm/${b.id}`,
      headers: { ...t.auth(employee.token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: b.id,
      status: 'confirmed',
      hospitalInfo: {
        name: t.config.CLINIC_NAME,
        address: t.config.CLINIC_ADDRESS,
        phone: t.config.CLINIC_PHONE,
        email: t.config.CLINIC_EMAIL,
        hours: t.config.CLINIC_HOURS,
      },
    });

    expect((await notificationsOf(customer.token))[0]).toMatchObject({
      type: 'booking_confirmed',
      title: 'Booking confirmed',
      read: false,
      data: { bookingId: b.id, status: 'confirmed' },
    });

    const mails = rowsOf<{
      to: string;
      subject: string;
      html: string;
      attachments: { filename: string; contentType: string; content: string }[];
      sent_at: Date | null;
    }>(
      await t.database.db.execute(
        sql`select "to", subject, html, attachments, sent_at from outbox where kind = 'booking_confirmed' order by created_at desc limit 1`,
      ),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(customer.user.email);
    expect(mail.subject).toBe(`Your appointment for <b>Rex</b> & "Co" is confirmed (${formatWhen(tomorrow, '16:00')})`);
    expect(mail.html).toContain('&lt;b&gt;Rex&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<b>Rex</b>');
    const ics = mail.attachments[0]!;
    expect(ics.filename).toBe('appointment.ics');
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain('BEGIN:VEVENT');
    expect(ics.content).toContain(`DTSTART:${tomorrow.replaceAll('-', '')}T103000Z`);
    expect(ics.content).toContain(`UID:booking-${b.id}@pawcare`);
  });

  it('stores the hospital info staff typed, filling blanks from the defaults', async () => {
    const b = await booked(customer.token, body({ schedule: `${tomorrow} at 16:30` }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/confirm/${b.id}`,
      headers: t.auth(admin.token),
      payload: {
        hospitalInfo: {
          name: 'Pawcare Salt Lake',
          address: '',
          phone: '033 4000 1234',
          email: 'saltlake@pawcare.local',
          hours: '',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res, BookingSchema).hospitalInfo).toEqual({
      name: 'Pawcare Salt Lake',
      address: t.config.CLINIC_ADDRESS,
      phone: '033 4000 1234',
      email: 'saltlake@pawcare.local',
      hours: t.config.CLINIC_HOURS,
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/slots/mine', headers: t.auth(customer.token) });
    expect(json(mine, BookingListSchema).find((x) => x.id === b.id)).toMatchObject({
      status: 'confirmed',
      hospitalInfo: { name: 'Pawcare Salt Lake' },
    });
  });

  it('refuses bad hospital info, a second confirm, a canceled booking and unknown ids', async () => {
    const b = await booked(customer.token, body({ schedule: `${tomorrow} at 17:00` }));
    const badEmail = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/confirm/${b.id}`,
      headers: t.auth(employee.token),
      payload: { hospitalInfo: { email: 'nope' } },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail)).toBe('Hospital email is not a valid address');

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${b.id}`, headers: t.auth(employee.token) }))
        .statusCode,
    ).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/confirm/${b.id}`,
      headers: t.auth(employee.token),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(BOOKING_MSG.alreadyConfirmed);

    const c = await booked(customer.token, body({ schedule: `${tomorrow} at 17:30` }));
    await t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${c.id}`, headers: t.auth(customer.token) });
    const canceled = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/confirm/${c.id}`,
      headers: t.auth(employee.token),
    });
    expect(canceled.statusCode).toBe(409);
    expect(errorOf(canceled)).toBe(BOOKING_MSG.confirmCanceled);

    for (const id of ['42', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/slots/confirm/${id}`,
        headers: t.auth(employee.token),
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('a confirmed booking can still be canceled, which frees its seat', async () => {
    const date = addDays(tomorrow, 1);
    const b = await booked(customer.token, body({ schedule: `${date} at 09:00` }));
    await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${b.id}`, headers: t.auth(employee.token) });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/cancel/${b.id}`,
      headers: t.auth(customer.token),
    });
    expect(json(res, BookingSchema).status).toBe('canceled');
    expect((await seatsAt(date, '09:00')).booked).toBe(0);
  });
});

describe('GET /api/slots/stats', () => {
  it('counts upcoming pending and confirmed bookings in SQL, for staff only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/slots/stats', headers: t.auth(customer.token) })).statusCode,
    ).toBe(403);
    const before = await stats(employee.token);
    const date = addDays(tomorrow, 3);
    const a = await booked(customer.token, body({ schedule: `${date} at 09:00` }));
    const b = await booked(customer.token, body({ schedule: `${date} at 09:30` }));
    const c = await booked(customer.token, body({ schedule: `${date} at 10:00` }));
    await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${a.id}`, headers: t.auth(employee.token) });
    await t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${b.id}`, headers: t.auth(employee.token) });
    expect(c.status).toBe('pending');
    const after = await stats(admin.token);
    expect(after).toEqual({
      pending: before.pending + 1,
      confirmed: before.confirmed + 1,
      confirmedToday: before.confirmedToday,
      total: before.total + 2,
      completedThisWeek: before.completedThisWeek,
      noShowRate: before.noShowRate,
    });
  });

  it("counts today's confirmed bookings in the clinic's time zone", async () => {
    // A booking for later today cannot always be made (the day may be nearly over), so write one directly.
    const today = todayIn(t.config.CLINIC_TZ);
    const before = await stats(employee.token);
    await t.database.db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, service_id, pet_name, owner_name, phone, status)
      values (${customer.user.id}, 'Pet Owner', ${customer.user.email}, ${`${today} at 23:59`},
              (${`${today} 23:59`}::timestamp at time zone 'Asia/Kolkata'), (${`${today} 23:59`}::timestamp at time zone 'Asia/Kolkata') + interval '30 minutes', 30,
              ${SEEDED_OFFERING_IDS.checkup}::uuid, 'Late', 'Pet Owner', '9876543210', 'confirmed')`);
    const after = await stats(employee.token);
    expect(after.confirmedToday).toBe(before.confirmedToday + 1);
    expect(after.confirmed).toBe(before.confirmed + 1);
  });
});
