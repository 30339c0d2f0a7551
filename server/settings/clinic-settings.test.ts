import path from 'node:path';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CLINIC_MSG,
  ClinicSettingsSchema,
  ClinicSettingsShapeSchema,
  OutsideHoursBookingSchema,
  weekdayOf,
  type ClinicSettings,
  type ClinicSettingsInput,
  type Weekday,
} from '#shared/clinic-settings';
import { ApiErrorSchema } from '#shared/common';
import { OfferingSchema } from '#shared/offerings';
import { addDays, todayIn } from '#shared/dates';
import { BookingSchema, BOOKING_MSG, type Booking } from '#shared/bookings';
import { AvailabilitySchema, CalendarSchema } from '#shared/availability';
import { buildApp } from '../app.ts';
import { openDatabase, rowsOf, type Database } from '../db/client.ts';
import { createTestApp, expectError, nextCursor, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { bookingFor, bookSlot, newBooking } from '../test/bookings.ts';
import { defaultClinicSettings, openDaysOf, readClinic, writeClinic } from '../clinic/settings.ts';

let t: TestContext;
let admin: { token: string };
let employee: { token: string };
let customer: { user: { id: string }; token: string };
let today: string;
let baseline: ClinicSettings;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  employee = await t.buildUser({ role: 'employee' });
  customer = await t.buildUser();
  today = todayIn(t.config.CLINIC_TZ);
  baseline = await getSettings(customer.token);
});
afterAll(() => t.close());

const get = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? t.auth(token) : {} });
const put = (token: string | undefined, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: token ? t.auth(token) : {}, payload: payload as object });

async function getSettings(token: string): Promise<ClinicSettings> {
  const res = await get(token, '/api/settings/clinic');
  expect(res.statusCode, res.body).toBe(200);
  return json(res, ClinicSettingsShapeSchema);
}

const SavedSchema = z.object({
  settings: z.unknown(),
  outsideHours: z.array(OutsideHoursBookingSchema),
  outsideHoursTotal: z.number(),
});

/** PUT as the admin; must be accepted. */
async function save(settings: ClinicSettingsInput) {
  const res = await put(admin.token, '/api/settings/clinic', settings);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, SavedSchema);
}

const withChanges = (over: Partial<ClinicSettingsInput>): ClinicSettingsInput => ({ ...baseline, ...over });

/** The first `weekday` at least `minAhead` days from today. */
function next(weekday: Weekday, minAhead = 2): string {
  let d = addDays(today, minAhead);
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

async function auditEntries(kind: string) {
  return rowsOf<{ summary: string; before: unknown; after: unknown; actor_role: string; xmin: string }>(
    await t.database.db.execute(
      sql`select summary, before, after, actor_role, xmin::text as xmin from audit_log where kind = ${kind} order by at`,
    ),
  );
}

let petNo = 0;
/** Books as the customer, each time for another pet, so bookings of different tests never meet. */
const book = (schedule: string, over: Record<string, unknown> = {}) =>
  bookSlot(t.app, customer.token, bookingFor(schedule, { petName: `Pet ${++petNo}`, ...over }));

describe('first settings from the environment', () => {
  it('reads the open weekdays of CLINIC_HOURS', () => {
    expect([...openDaysOf('Mon-Sat 09:00-18:00')!]).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);
    expect([...openDaysOf('Mon-Fri, Sun 10:00-16:00')!]).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'sunday',
    ]);
    expect([...openDaysOf('Sat to Mon 9-5')!]).toEqual(['saturday', 'sunday', 'monday']);
    expect(openDaysOf('Daily 09:00-18:00')!.size).toBe(7);
    expect(openDaysOf('By appointment')).toBeUndefined();
    expect(openDaysOf('09:00-18:00')).toBeUndefined();
  });

  it('start from SLOT_OPEN, SLOT_CLOSE, SLOT_MINUTES, BOOKING_MAX_OPEN and the weekdays CLINIC_HOURS names', () => {
    const s = defaultClinicSettings({
      ...t.config,
      SLOT_OPEN: '10:00',
      SLOT_CLOSE: '16:00',
      SLOT_MINUTES: 20,
      BOOKING_MAX_OPEN: 4,
      CLINIC_HOURS: 'Mon-Fri 10:00-16:00',
    });
    expect(s).toEqual({
      hours: {
        monday: { open: '10:00', close: '16:00' },
        tuesday: { open: '10:00', close: '16:00' },
        wednesday: { open: '10:00', close: '16:00' },
        thursday: { open: '10:00', close: '16:00' },
        friday: { open: '10:00', close: '16:00' },
        saturday: null,
        sunday: null,
      },
      slotMinutes: 20,
      bookingWindowDays: 90,
      bookingNoticeMinutes: 0,
      changeNoticeMinutes: 0,
      maxOpenBookings: 4,
      upiHoldMinutes: 30,
      maxUnpaidOrders: 2,
      maxUnitsPerProduct: 10,
      // Kolkata 700016: West Bengal.
      legalName: 'Pawcare Pet Clinic',
      gstin: null,
      stateCode: '19',
      invoicePrefix: 'PC',
      pricesIncludeTax: true,
      closures: [],
    });
  });

  it('are what GET answers on a database nobody saved settings on', () => {
    expect(baseline).toEqual(defaultClinicSettings(t.config));
  });

  it('stored before the shop limits existed, read with their defaults and keep everything else', async () => {
    const db = t.database.db;
    const [row] = rowsOf<{ value: { settings: Record<string, unknown> } }>(
      await db.execute(sql`select value from site_settings where key = 'clinic'`),
    );
    const { upiHoldMinutes, maxUnpaidOrders, maxUnitsPerProduct, ...older } = row!.value.settings;
    expect([upiHoldMinutes, maxUnpaidOrders, maxUnitsPerProduct]).toEqual([30, 2, 10]);
    const olderValue = { ...row!.value, settings: { ...older, maxOpenBookings: 5 } };
    await db.execute(sql`update site_settings set value = ${JSON.stringify(olderValue)}::jsonb where key = 'clinic'`);
    try {
      const read = await getSettings(customer.token);
      expect(read).toEqual({ ...baseline, maxOpenBookings: 5 });
    } finally {
      await db.execute(sql`update site_settings set value = ${JSON.stringify(row!.value)}::jsonb where key = 'clinic'`);
    }
  });
});

describe('GET and PUT /api/settings/clinic: who may', () => {
  it('lets anyone signed in read them, and only admins change them', async () => {
    expectError(await get(undefined, '/api/settings/clinic'), 401, 'UNAUTHENTICATED');
    expect((await get(employee.token, '/api/settings/clinic')).statusCode).toBe(200);
    expectError(await put(undefined, '/api/settings/clinic', baseline), 401, 'UNAUTHENTICATED');
    expectError(await put(customer.token, '/api/settings/clinic', baseline), 403, 'FORBIDDEN');
    expectError(await put(employee.token, '/api/settings/clinic', baseline), 403, 'FORBIDDEN');
    // A bad body from someone who may not send one is still a 403, not a 400 about the body.
    expectError(await put(employee.token, '/api/settings/clinic', { slotMinutes: 'x' }), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/settings/clinic: the whole object', () => {
  beforeEach(async () => {
    await save(baseline);
  });

  it('takes back what GET returns, and GET then returns exactly what was saved (closures by date)', async () => {
    const d1 = addDays(today, 40);
    const d2 = addDays(today, 20);
    const wanted: ClinicSettingsInput = {
      hours: { ...baseline.hours, saturday: { open: '10:00', close: '14:00' }, sunday: null },
      slotMinutes: 30,
      bookingWindowDays: 60,
      bookingNoticeMinutes: 120,
      changeNoticeMinutes: 1440,
      maxOpenBookings: 3,
      upiHoldMinutes: 45,
      maxUnpaidOrders: 3,
      maxUnitsPerProduct: 5,
      closures: [
        { from: d1, to: addDays(d1, 2), reason: 'Clinic renovation' },
        { from: d2, to: d2, reason: 'Staff training' },
      ],
    };
    const saved = await save(wanted);
    // The tax setup, left out, stays as it was.
    const { legalName, gstin, stateCode, invoicePrefix, pricesIncludeTax } = baseline;
    const tax = { legalName, gstin, stateCode, invoicePrefix, pricesIncludeTax };
    const expected = { ...wanted, ...tax, closures: [wanted.closures[1], wanted.closures[0]] };
    expect(saved.settings).toEqual(expected);
    const read = await getSettings(customer.token);
    expect(read).toEqual(expected);
    const entries = (await auditEntries('settings.clinic_changed')).length;
    // Sending GET's answer back changes nothing, and is not a change in the audit log.
    expect((await save(read)).settings).toEqual(expected);
    expect(await auditEntries('settings.clinic_changed')).toHaveLength(entries);
  });

  it('refuses what does not make sense, naming the field, and stores nothing of it (no audit entry either)', async () => {
    const entries = (await auditEntries('settings.clinic_changed')).length;
    const d = addDays(today, 10);
    const cases: [ClinicSettingsInput | Record<string, unknown>, string, string | RegExp][] = [
      [
        withChanges({ hours: { ...baseline.hours, monday: { open: '18:00', close: '09:00' } } }),
        'hours.monday.close',
        'Closing time must be after the opening time.',
      ],
      [
        withChanges({ hours: { ...baseline.hours, tuesday: { open: '9am', close: '18:00' } } }),
        'hours.tuesday.open',
        'Opening time must be a time like 09:00',
      ],
      [
        withChanges({ hours: { ...baseline.hours, friday: { open: '09:00', close: '09:20' } } }),
        'hours.friday.close',
        "Friday's hours are shorter than one 30-minute slot.",
      ],
      [
        withChanges({ closures: [{ from: d, to: addDays(d, -1), reason: 'Holiday' }] }),
        'closures.0.to',
        'The last closed day cannot be before the first.',
      ],
      [
        withChanges({ closures: [{ from: d, to: d, reason: '  ' }] }),
        'closures.0.reason',
        'Please give the reason customers will see.',
      ],
      [
        withChanges({ closures: [{ from: d, to: d, reason: 'x'.repeat(121) }] }),
        'closures.0.reason',
        'The reason must be at most 120 characters.',
      ],
      [
        withChanges({
          closures: [
            { from: addDays(d, 1), to: addDays(d, 1), reason: 'Training' },
            { from: d, to: addDays(d, 3), reason: 'Holiday' },
          ],
        }),
        'closures.0.from',
        /^This closure overlaps the one from /,
      ],
      [withChanges({ slotMinutes: 7.5 }), 'slotMinutes', 'Slot length must be a whole number of minutes.'],
      [withChanges({ slotMinutes: 300 }), 'slotMinutes', 'Slot length must be from 5 to 240 minutes.'],
      [withChanges({ bookingWindowDays: 0 }), 'bookingWindowDays', 'Booking window must be from 1 to 365 days.'],
      [
        withChanges({ maxOpenBookings: 0 }),
        'maxOpenBookings',
        'Upcoming bookings per customer must be from 1 to 1000 bookings.',
      ],
      [withChanges({ upiHoldMinutes: 2 }), 'upiHoldMinutes', 'UPI payment wait must be from 5 to 2880 minutes.'],
      [withChanges({ upiHoldMinutes: 12.5 }), 'upiHoldMinutes', 'UPI payment wait must be a whole number of minutes.'],
      [
        withChanges({ maxUnpaidOrders: 0 }),
        'maxUnpaidOrders',
        'Unpaid orders per customer must be from 1 to 100 orders.',
      ],
      [
        withChanges({ maxUnitsPerProduct: 1001 }),
        'maxUnitsPerProduct',
        'Units of a product per order must be from 1 to 1000 units.',
      ],
      [{ ...baseline, maxUnitsPerProduct: undefined }, 'maxUnitsPerProduct', /./],
      [{ ...baseline, hours: { monday: null } }, 'hours.tuesday', /./],
      [{ ...baseline, closures: undefined }, 'closures', /./],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(admin.token, '/api/settings/clinic', body);
      expectError(res, 400, 'VALIDATION');
      const details = json(res, ApiErrorSchema).details ?? [];
      const detail = details.find((x) => x.path === field);
      expect(detail, `${field} in ${JSON.stringify(details)}`).toBeDefined();
      if (typeof message === 'string') expect(detail!.message).toBe(message);
      else expect(detail!.message).toMatch(message);
    }
    expect(await getSettings(customer.token)).toEqual(baseline);
    expect(await auditEntries('settings.clinic_changed')).toHaveLength(entries);
  });

  it('writes one audit entry with the change, in the same transaction as the settings', async () => {
    const saturday = next('saturday');
    await save(
      withChanges({
        hours: { ...baseline.hours, saturday: { open: '10:00', close: '14:00' } },
        closures: [{ from: saturday, to: saturday, reason: 'Staff training' }],
      }),
    );
    const entry = (await auditEntries('settings.clinic_changed')).at(-1)!;
    expect(entry.actor_role).toBe('admin');
    expect(entry.summary).toMatch(/^Changed the clinic settings: Saturday 10:00-14:00; closed .+ \(Staff training\)$/);
    expect(entry.before).toEqual(baseline);
    expect((entry.after as ClinicSettings).hours.saturday).toEqual({ open: '10:00', close: '14:00' });
    // The same transaction wrote both rows.
    const [row] = rowsOf<{ xmin: string }>(
      await t.database.db.execute(sql`select xmin::text as xmin from site_settings where key = 'clinic'`),
    );
    expect(row!.xmin).toBe(entry.xmin);
  });
});

describe('PUT /api/settings/theme', () => {
  it('writes a settings.theme_changed audit entry in the same transaction as the theme', async () => {
    const res = await put(admin.token, '/api/settings/theme', { theme: 'violet' });
    expect(res.statusCode).toBe(200);
    const [entry] = await auditEntries('settings.theme_changed');
    expect(entry).toMatchObject({
      summary: 'Changed the site theme from white to violet',
      before: { theme: 'white' },
      after: { theme: 'violet' },
    });
    const [row] = rowsOf<{ xmin: string }>(
      await t.database.db.execute(sql`select xmin::text as xmin from site_settings where key = 'theme'`),
    );
    expect(row!.xmin).toBe(entry!.xmin);
    // The same theme again is no change.
    await put(admin.token, '/api/settings/theme', { theme: 'violet' });
    expect(await auditEntries('settings.theme_changed')).toHaveLength(1);
  });
});

describe('bookings follow the settings at once', () => {
  beforeEach(async () => {
    await save(baseline);
  });

  it('refuses a closed day with the reason, and the calendar and the day show it closed', async () => {
    const day = next('monday');
    await save(withChanges({ closures: [{ from: day, to: day, reason: 'Staff training' }] }));
    const res = await book(`${day} at 10:00`);
    expectError(res, 400, 'CLINIC_CLOSED', CLINIC_MSG.closedOn(day, 'Staff training'));
    expect(CLINIC_MSG.closedOn('2026-11-30', 'Staff training')).toBe(
      'The clinic is closed on Mon, 30 Nov 2026: Staff training.',
    );
    const cal = json(await get(customer.token, `/api/slots/calendar?month=${day.slice(0, 7)}`), CalendarSchema);
    expect(cal.days.find((d) => d.date === day)).toEqual({
      date: day,
      freeTimes: 0,
      closed: true,
      closedReason: 'Staff training',
      hours: null,
    });
    expect(cal.days.filter((d) => d.closed).map((d) => d.date)).toEqual([day]);
    const avail = json(await get(customer.token, `/api/slots/availability?date=${day}`), AvailabilitySchema);
    expect(avail).toMatchObject({ slots: [], closed: true, closedReason: 'Staff training', hours: null });
    // Reopened: the same booking goes through.
    await save(baseline);
    expect((await book(`${day} at 10:00`)).statusCode).toBe(201);
  });

  it("follows each weekday's hours, and refuses closed weekdays", async () => {
    const saturday = next('saturday');
    const sunday = next('sunday');
    await save(
      withChanges({ hours: { ...baseline.hours, saturday: { open: '10:00', close: '14:00' }, sunday: null } }),
    );
    const avail = json(await get(customer.token, `/api/slots/availability?date=${saturday}`), AvailabilitySchema);
    expect(avail.slots.map((s) => s.time)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
    ]);
    expect(avail.hours).toEqual({ open: '10:00', close: '14:00' });
    expectError(
      await book(`${saturday} at 09:00`),
      400,
      'BAD_REQUEST',
      'On Saturdays we take bookings from 10:00 to 14:00; the last slot starts at 13:30.',
    );
    expectError(await book(`${sunday} at 10:00`), 400, 'CLINIC_CLOSED', CLINIC_MSG.closedWeekday('sunday'));
    const cal = json(await get(customer.token, `/api/slots/calendar?month=${sunday.slice(0, 7)}`), CalendarSchema);
    expect(cal.days.find((d) => d.date === sunday)).toMatchObject({ closed: true, closedReason: null, freeTimes: 0 });
    expect((await book(`${saturday} at 13:30`)).statusCode).toBe(201);
  });

  it('takes the booking window from the settings', async () => {
    await save(withChanges({ bookingWindowDays: 10 }));
    expectError(await book(`${addDays(today, 11)} at 10:00`), 400, 'BAD_REQUEST', CLINIC_MSG.tooFarAhead(10));
    const month = addDays(today, 11).slice(0, 7);
    const cal = json(await get(customer.token, `/api/slots/calendar?month=${month}`), CalendarSchema);
    expect(cal.lastDate).toBe(addDays(today, 10));
    expect(cal.days.find((d) => d.date === addDays(today, 11))?.freeTimes).toBe(0);
    await save(baseline);
    expect(CLINIC_MSG.tooFarAhead(baseline.bookingWindowDays)).toBe(BOOKING_MSG.tooFarAhead);
  });

  it('holds customers, not staff, to the booking notice', async () => {
    const soon = addDays(today, 2);
    await save(withChanges({ bookingNoticeMinutes: 4 * 1440 }));
    expectError(await book(`${soon} at 10:00`), 400, 'BAD_REQUEST', CLINIC_MSG.tooSoon(4 * 1440));
    expect(CLINIC_MSG.tooSoon(4 * 1440)).toBe('Bookings need at least 4 days notice. Please pick a later time.');
    const mine = json(await get(customer.token, `/api/slots/availability?date=${soon}`), AvailabilitySchema);
    expect(mine.slots.every((s) => s.tooSoon)).toBe(true);
    const cal = json(await get(customer.token, `/api/slots/calendar?month=${soon.slice(0, 7)}`), CalendarSchema);
    expect(cal.days.find((d) => d.date === soon)?.freeTimes).toBe(0);
    const staffView = json(await get(employee.token, `/api/slots/availability?date=${soon}`), AvailabilitySchema);
    expect(staffView.slots.some((s) => s.tooSoon)).toBe(false);
    expect((await book(`${addDays(today, 6)} at 10:00`)).statusCode).toBe(201);
  });

  it('refuses a customer’s cancel or move inside the change notice; staff may still do both', async () => {
    const soon = addDays(today, 1);
    const a = await newBooking(t.app, customer.token, bookingFor(`${soon} at 11:00`, { petName: 'Nova' }));
    const b = await newBooking(t.app, customer.token, bookingFor(`${soon} at 11:30`, { petName: 'Nova' }));
    await save(withChanges({ changeNoticeMinutes: 3 * 1440 }));
    const message = CLINIC_MSG.changeTooLate(3 * 1440);
    expectError(await put(customer.token, `/api/slots/cancel/${a.id}`, undefined), 409, 'CONFLICT', message);
    expectError(
      await put(customer.token, `/api/slots/${a.id}/reschedule`, { schedule: `${addDays(today, 9)} at 10:00` }),
      409,
      'CONFLICT',
      message,
    );
    const canceled = await put(employee.token, `/api/slots/cancel/${a.id}`, undefined);
    expect(json(canceled, BookingSchema).status).toBe('canceled');
    const moved = await put(employee.token, `/api/slots/${b.id}/reschedule`, {
      schedule: `${addDays(today, 9)} at 10:00`,
    });
    expect(json(moved, BookingSchema).date).toBe(addDays(today, 9));
    // Far enough ahead, the customer moves and cancels as before.
    const c = await newBooking(t.app, customer.token, bookingFor(`${addDays(today, 8)} at 11:00`, { petName: 'Nova' }));
    expect((await put(customer.token, `/api/slots/cancel/${c.id}`, undefined)).statusCode).toBe(200);
  });

  it('caps upcoming bookings per customer at the settings’ number', async () => {
    const me = await t.buildUser();
    await save(withChanges({ maxOpenBookings: 2 }));
    const day = addDays(today, 12);
    for (const time of ['09:00', '09:30'])
      expect((await bookSlot(t.app, me.token, bookingFor(`${day} at ${time}`))).statusCode).toBe(201);
    expectError(
      await bookSlot(t.app, me.token, bookingFor(`${day} at 10:00`)),
      409,
      'BOOKING_LIMIT',
      BOOKING_MSG.tooManyOpen(2),
    );
  });
});

describe('bookings outside new hours', () => {
  beforeEach(async () => {
    await save(baseline);
  });

  it('are listed for staff after a change of hours or a closure, and none is canceled', async () => {
    const saturday = next('saturday', 14);
    const monday = next('monday', 14);
    const early = await newBooking(t.app, customer.token, bookingFor(`${saturday} at 09:00`, { petName: 'Early' }));
    const late = await newBooking(t.app, customer.token, bookingFor(`${saturday} at 13:30`, { petName: 'Late' }));
    const inside = await newBooking(t.app, customer.token, bookingFor(`${saturday} at 11:00`, { petName: 'Inside' }));
    const closed = await newBooking(t.app, customer.token, bookingFor(`${monday} at 10:00`, { petName: 'Closed' }));
    const saved = await save(
      withChanges({
        hours: { ...baseline.hours, saturday: { open: '10:00', close: '14:00' } },
        closures: [{ from: monday, to: monday, reason: 'Staff training' }],
      }),
    );
    const listed = new Map(saved.outsideHours.map((o) => [o.booking.id, o.reason]));
    expect(listed.get(early.id)).toBe("Outside Saturday's hours (10:00-14:00).");
    expect(listed.get(closed.id)).toMatch(/^Closed on Mon, \d+ \w+ \d{4}: Staff training\.$/);
    expect(listed.has(late.id)).toBe(false);
    expect(listed.has(inside.id)).toBe(false);
    expect(saved.outsideHoursTotal).toBe(saved.outsideHours.length);

    // Staff see the same list, page by page; customers may not.
    const first = await get(employee.token, '/api/bookings/outside-hours?limit=1');
    const page1 = json(first, z.array(OutsideHoursBookingSchema));
    expect(page1).toHaveLength(1);
    const cursor = nextCursor(first);
    expect(cursor).toBeDefined();
    const page2 = json(
      await get(admin.token, `/api/bookings/outside-hours?limit=50&cursor=${cursor}`),
      z.array(OutsideHoursBookingSchema),
    );
    expect([...page1, ...page2].map((o) => o.booking.id)).toEqual(saved.outsideHours.map((o) => o.booking.id));
    expectError(await get(customer.token, '/api/bookings/outside-hours'), 403, 'FORBIDDEN');

    // Nothing was canceled.
    const mine = json(await get(customer.token, '/api/slots/mine?limit=100'), z.array(BookingSchema));
    for (const b of [early, closed]) expect(mine.find((m: Booking) => m.id === b.id)?.status).toBe('pending');

    // Once staff move a booking into the hours, it leaves the list.
    await put(employee.token, `/api/slots/${early.id}/reschedule`, { schedule: `${saturday} at 12:00` });
    const after = json(await get(employee.token, '/api/bookings/outside-hours'), z.array(OutsideHoursBookingSchema));
    expect(after.map((o) => o.booking.id)).not.toContain(early.id);
    expect(after.map((o) => o.booking.id)).toContain(closed.id);
  });
});

describe('the slot length and opening times change under existing bookings', () => {
  let single: string;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: t.auth(admin.token),
      payload: { name: 'Dental check', kind: 'checkup', durationMinutes: 30, capacity: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    single = json(res, OfferingSchema).id;
  });
  beforeEach(async () => {
    await save(baseline);
  });

  /** Every counter next to the bookings covering its time (each booking on its own seat step); most overlapping. */
  async function seatsAreRight() {
    const rows = rowsOf<{ counter: number; count: number }>(
      await t.database.db.execute(sql`
        with counts as (
          select service_id, t as starts_at, count(*)::int as n
          from slot_bookings, generate_series(starts_at, ends_at - interval '1 microsecond', make_interval(mins => seat_step_minutes)) as t
          where status <> 'canceled' group by service_id, t
        )
        select coalesce(s.booked, 0) as counter, coalesce(c.n, 0) as count
        from slot_seats s full join counts c on c.service_id = s.service_id and c.starts_at = s.starts_at`),
    );
    for (const r of rows) expect(Number(r.counter)).toBe(Number(r.count));
    const [most] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select coalesce(max(n), 0)::int as n from (
          select count(*) as n from slot_bookings a join slot_bookings b
            on a.service_id = b.service_id and b.starts_at <= a.starts_at and b.ends_at > a.starts_at
          where a.status <> 'canceled' and b.status <> 'canceled' and a.service_id = ${single}::uuid
          group by a.id) x`),
    );
    expect(Number(most!.n)).toBeLessThanOrEqual(1);
  }

  let pets = 0;
  const bookSingle = (schedule: string) =>
    bookSlot(t.app, customer.token, bookingFor(schedule, { serviceId: single, petName: `Pet ${++pets}` }));

  it('a new 20-minute grid next to 30-minute bookings never puts two on one seat of a 1-seat service', async () => {
    const day = addDays(today, 25);
    expect((await bookSingle(`${day} at 09:00`)).statusCode).toBe(201);
    expect((await bookSingle(`${day} at 09:30`)).statusCode).toBe(201);
    await save(withChanges({ slotMinutes: 20 }));
    const avail = json(
      await get(customer.token, `/api/slots/availability?date=${day}&serviceId=${single}`),
      AvailabilitySchema,
    );
    const free = Object.fromEntries(avail.slots.map((s) => [s.time, s.available]));
    expect(free).toMatchObject({ '09:00': 0, '09:20': 0, '09:40': 0, '10:00': 1 });
    for (const time of ['09:20', '09:40']) expectError(await bookSingle(`${day} at ${time}`), 409, 'SLOT_FULL');
    expect((await bookSingle(`${day} at 10:00`)).statusCode).toBe(201);
    await seatsAreRight();
    // And back to 30 minutes: 10:00 (20-minute step) and 10:30 do not overlap; 10:15 would not be on the grid.
    await save(baseline);
    expectError(await bookSingle(`${day} at 10:00`), 409, 'SLOT_FULL');
    expect((await bookSingle(`${day} at 10:30`)).statusCode).toBe(201);
    await seatsAreRight();
  });

  it('a weekday that opens at another minute does not share seats wrongly with bookings on the old grid', async () => {
    const saturday = next('saturday', 30);
    expect((await bookSingle(`${saturday} at 10:00`)).statusCode).toBe(201);
    await save(withChanges({ hours: { ...baseline.hours, saturday: { open: '09:15', close: '17:15' } } }));
    for (const time of ['09:45', '10:15']) expectError(await bookSingle(`${saturday} at ${time}`), 409, 'SLOT_FULL');
    expect((await bookSingle(`${saturday} at 10:45`)).statusCode).toBe(201);
    await seatsAreRight();
  });
});

describe('bookings racing a save', () => {
  it('never hold more than the capacity at any moment, and every counter stays equal to its bookings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: t.auth(admin.token),
      payload: { name: 'Nail trim', kind: 'checkup', durationMinutes: 30, capacity: 1 },
    });
    const single = json(res, OfferingSchema).id;
    const day = addDays(today, 50);
    const times = ['09:00', '09:20', '09:30', '09:40', '10:00', '10:20', '10:30', '10:40', '11:00', '11:20', '11:30'];
    const customers = await Promise.all(times.map(() => t.buildUser()));
    const twenty = withChanges({ slotMinutes: 20 });
    const answers = await Promise.all([
      ...times.map((time, i) =>
        bookSlot(t.app, customers[i]!.token, bookingFor(`${day} at ${time}`, { serviceId: single })),
      ),
      put(admin.token, '/api/settings/clinic', twenty),
      put(admin.token, '/api/settings/clinic', baseline),
      put(admin.token, '/api/settings/clinic', twenty),
    ]);
    for (const a of answers) expect([200, 201, 400, 409], a.body).toContain(a.statusCode);
    const [most] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select coalesce(max(n), 0)::int as n from (
          select count(*) as n from slot_bookings a join slot_bookings b
            on a.service_id = b.service_id and b.starts_at <= a.starts_at and b.ends_at > a.starts_at
          where a.status <> 'canceled' and b.status <> 'canceled' and a.service_id = ${single}::uuid
          group by a.id) x`),
    );
    expect(Number(most!.n)).toBe(1);
    const wrong = rowsOf(
      await t.database.db.execute(sql`
        with counts as (
          select service_id, t as starts_at, count(*)::int as n
          from slot_bookings, generate_series(starts_at, ends_at - interval '1 microsecond', make_interval(mins => seat_step_minutes)) as t
          where status <> 'canceled' group by service_id, t
        )
        select s.booked, c.n from slot_seats s full join counts c on c.service_id = s.service_id and c.starts_at = s.starts_at
        where coalesce(s.booked, 0) <> coalesce(c.n, 0)`),
    );
    expect(wrong).toEqual([]);
    await save(baseline);
  });
});

describe('a save while a booking is on its way', () => {
  it('the booking waits for the save, then is decided on the saved settings', async () => {
    const day = next('wednesday', 40);
    const url = (t.database as Database & { url?: string }).url;
    const second: Database = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : t.database;
    const closed = ClinicSettingsSchema.parse(withChanges({ closures: [{ from: day, to: day, reason: 'Power cut' }] }));
    let booking: ReturnType<typeof book> | undefined;
    try {
      await second.db.transaction(async (tx) => {
        // A save holds the settings row; the booking has read the settings still open and now comes to book.
        const current = await readClinic(tx, t.config, { lock: 'update' });
        booking = book(`${day} at 10:00`);
        let settled = false;
        void booking.finally(() => (settled = true));
        // On PostgreSQL, wait until the booking's statement waits for the settings row (or, were it not to wait, has
        // been answered); PGlite runs one statement at a time, so there the booking starts after the save.
        while (url && !settled) {
          const [w] = rowsOf<{ n: number }>(
            await tx.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          );
          if (Number(w!.n) > 0) break;
        }
        await writeClinic(tx, t.config.CLINIC_TZ, closed, current.revision + 1);
      });
      expectError(await booking!, 400, 'CLINIC_CLOSED', CLINIC_MSG.closedOn(day, 'Power cut'));
    } finally {
      if (second !== t.database) await second.close();
      await save(baseline);
    }
  });
});

describe('several processes', () => {
  it('another server on the same database applies a saved change at once', async () => {
    const url = (t.database as Database & { url?: string }).url;
    const second: Database = url ? await openDatabase({ databaseUrl: url, poolSize: 4 }) : t.database;
    const other = await buildApp({
      config: t.config,
      database: second,
      webDir: path.join(os.tmpdir(), 'pawcare-no-web'),
    });
    await other.ready();
    try {
      const day = next('tuesday', 35);
      const ask = () =>
        other.inject({
          method: 'POST',
          url: '/api/slots/book',
          headers: t.auth(customer.token),
          payload: bookingFor(`${day} at 10:00`, { petName: 'Otto' }),
        });
      await save(withChanges({ closures: [{ from: day, to: day, reason: 'Vaccination camp' }] }));
      expectError(await ask(), 400, 'CLINIC_CLOSED', CLINIC_MSG.closedOn(day, 'Vaccination camp'));
      await save(baseline);
      expect((await ask()).statusCode).toBe(201);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
