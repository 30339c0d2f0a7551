import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserSchema } from '#shared/auth';
import { formatDay, formatWhen } from '#shared/dates';
import { NotificationSchema } from '#shared/notifications';
import { UNSUBSCRIBE_MSG, UnsubscribeResultSchema } from '#shared/reminders';
import { addDays, todayIn, zonedTimeToUtc } from '#shared/dates';
import { BookingSchema, type Booking } from '#shared/bookings';
import { rowsOf } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';
import { unsubscribeToken } from './unsubscribe.ts';
import { startReminderWorker } from './worker.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestContext['buildUser']>>;
const HOUR = 3_600_000;

const worker = () => startReminderWorker({ db: t.database.db, config: t.config, log: t.app.log, autoStart: false });

async function confirmedBooking(customer: Person, staff: Person, daysAhead: number, time: string): Promise<Booking> {
  const date = addDays(todayIn(t.config.CLINIC_TZ), daysAhead);
  const booking = await newBooking(t.app, customer.token, bookingFor(`${date} at ${time}`));
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/slots/confirm/${booking.id}`,
    headers: t.auth(staff.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, BookingSchema);
}

async function mailsTo(email: string, kind: string) {
  return rowsOf<{ subject: string; text: string; html: string; attachments: unknown }>(
    await t.database.db.execute(
      sql`select subject, text, html, attachments from outbox where "to" = ${email} and kind = ${kind} order by created_at`,
    ),
  );
}

async function notificationsOf(who: Person, type: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(who.token) });
  return json(res, z.array(NotificationSchema)).filter((n) => n.type === type);
}

const unsubscribeLink = (text: string) => /Turn them off: (\S+)/.exec(text)?.[1];

describe('appointment reminders', () => {
  it('reminds 24 hours before a confirmed booking, in the app and by e-mail with the invite, exactly once', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const booking = await confirmedBooking(customer, staff, 3, '10:00');
    const due = new Date(Date.parse(booking.startsAt) - 24 * HOUR);
    const w = worker();
    expect(await w.runOnce(new Date(due.getTime() - 60_000))).toBe(0);
    expect(await w.runOnce(new Date(due.getTime() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await w.runOnce(new Date(due.getTime() + 2 * HOUR))).toBe(0);
    const notes = await notificationsOf(customer, 'appointment_reminder');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toBe(`Reminder: Bruno's Pet Health Checkup on ${formatWhen(booking.date, '10:00')}.`);
    const mails = await mailsTo(customer.user.email, 'appointment_reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Reminder: Bruno's Pet Health Checkup on ${formatWhen(booking.date, '10:00')}`);
    expect(JSON.stringify(mails[0]!.attachments)).toContain('BEGIN:VCALENDAR');
    expect(unsubscribeLink(mails[0]!.text)).toMatch(/^http:\/\/localhost:\d+\/unsubscribe\?token=/);
  });

  it('follows a moved booking, and sends nothing for a canceled one', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const moved = await confirmedBooking(customer, staff, 4, '11:00');
    const canceled = await confirmedBooking(customer, staff, 4, '12:00');
    const w = worker();
    const firstDue = Date.parse(moved.startsAt) - 24 * HOUR;
    expect(await w.runOnce(new Date(firstDue + 60_000))).toBeGreaterThanOrEqual(1);
    // Moved two days later and confirmed again: a reminder for the new time.
    const to = `${addDays(moved.date, 2)} at 11:00`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/${moved.id}/reschedule`,
      headers: t.auth(customer.token),
      payload: { schedule: to },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${moved.id}`, headers: t.auth(staff.token) }))
        .statusCode,
    ).toBe(200);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/cancel/${canceled.id}`,
      headers: t.auth(customer.token),
    });
    expect(cancel.statusCode).toBe(200);
    const later = Date.parse(moved.startsAt) + 2 * 24 * HOUR - 24 * HOUR;
    await w.runOnce(new Date(later + 60_000));
    const bodies = (await notificationsOf(customer, 'appointment_reminder')).map((n) => n.body);
    expect(bodies.sort()).toEqual(
      [
        `Reminder: Bruno's Pet Health Checkup on ${formatWhen(moved.date, '11:00')}.`,
        `Reminder: Bruno's Pet Health Checkup on ${formatWhen(addDays(moved.date, 2), '11:00')}.`,
      ].sort(),
    );
  });

  it('two workers racing send each reminder once', async () => {
    const staff = await t.buildUser({ role: 'employee' });
    const customers = await Promise.all(Array.from({ length: 6 }, () => t.buildUser({ role: 'user' })));
    const bookings: Booking[] = [];
    const times = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30'];
    for (const [i, c] of customers.entries()) bookings.push(await confirmedBooking(c, staff, 5, times[i]!));
    const latest = Math.max(...bookings.map((b) => Date.parse(b.startsAt)));
    const now = new Date(latest - 24 * HOUR + 60_000);
    const [a, b] = [worker(), worker()];
    await Promise.all([a.runOnce(now), b.runOnce(now), a.runOnce(now), b.runOnce(now)]);
    for (const c of customers) expect(await notificationsOf(c, 'appointment_reminder')).toHaveLength(1);
    for (const c of customers) expect(await mailsTo(c.user.email, 'appointment_reminder')).toHaveLength(1);
  });
});

describe('care reminders', () => {
  it('reminds REMINDER_DAYS_BEFORE days before a next-due date with a link that rebooks the service for the pet', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const pet = await t.app.inject({
      method: 'POST',
      url: '/api/pets',
      headers: t.auth(customer.token),
      payload: { name: 'Luna', species: 'cat' },
    });
    const petId = pet.json<{ id: string }>().id;
    // A confirmed checkup that started an hour ago: the vet records it with a booster due in 20 days.
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                                   pet_name, pet_id, owner_name, phone, status, service_id)
        values (${customer.user.id}, ${customer.user.name}, ${customer.user.email}, 'today', now() - interval '1 hour',
                now() - interval '30 minutes', 30, 'Luna', ${petId}, ${customer.user.name}, '9876543210', 'confirmed',
                ${SEEDED_OFFERING_IDS.checkup})
        returning id`),
    );
    const dueDate = addDays(todayIn(t.config.CLINIC_TZ), 20);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/${row!.id}/complete`,
      headers: t.auth(staff.token),
      payload: { findings: 'Healthy', nextDueDate: dueDate, nextDueReason: 'Rabies booster' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const remindAt = zonedTimeToUtc(
      addDays(dueDate, -t.config.REMINDER_DAYS_BEFORE),
      t.config.SLOT_OPEN,
      t.config.CLINIC_TZ,
    );
    const w = worker();
    expect(await w.runOnce(new Date(remindAt.getTime() - 60_000))).toBe(0);
    expect(await w.runOnce(new Date(remindAt.getTime() + 60_000))).toBeGreaterThanOrEqual(1);
    const link = `/slots?serviceId=${SEEDED_OFFERING_IDS.checkup}&date=${dueDate}&petId=${petId}`;
    const [note] = await notificationsOf(customer, 'care_reminder');
    expect(note).toMatchObject({
      body: `Luna is due for Rabies booster on ${formatDay(dueDate)}. Book a time from the link.`,
      data: { link },
    });
    const [mail] = await mailsTo(customer.user.email, 'care_reminder');
    expect(mail!.subject).toBe(`Luna is due for Rabies booster on ${formatDay(dueDate)}`);
    expect(mail!.text).toContain(`Book a time in one tap: ${t.config.PUBLIC_URL}${link}`);
  });
});

describe('turning reminder e-mails off', () => {
  it('from the profile: the reminder stays in the app, no e-mail goes', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: t.auth(customer.token),
      payload: { reminderEmails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off, UserSchema).reminderEmails).toBe(false);
    const booking = await confirmedBooking(customer, staff, 6, '16:00');
    await worker().runOnce(new Date(Date.parse(booking.startsAt) - 24 * HOUR + 60_000));
    expect(await notificationsOf(customer, 'appointment_reminder')).toHaveLength(1);
    expect(await mailsTo(customer.user.email, 'appointment_reminder')).toHaveLength(0);
  });

  it("from the e-mail's link without logging in; a forged or reused-for-another-purpose token does nothing", async () => {
    const customer = await t.buildUser({ role: 'user', email: 'reader@example.com' });
    const other = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const booking = await confirmedBooking(customer, staff, 7, '09:30');
    await worker().runOnce(new Date(Date.parse(booking.startsAt) - 24 * HOUR + 60_000));
    const [mail] = await mailsTo(customer.user.email, 'appointment_reminder');
    const token = new URL(unsubscribeLink(mail!.text)!).searchParams.get('token')!;
    const post = (body: object) => t.app.inject({ method: 'POST', url: '/api/reminders/unsubscribe', payload: body });

    const [id, mac] = token.split('.');
    // The link is signed with the links' own key, not the session secret.
    expect(token).toBe(unsubscribeToken(t.config.UNSUBSCRIBE_SECRET, customer.user.id));
    expect(t.config.UNSUBSCRIBE_SECRET).not.toBe(t.config.JWT_SECRET);
    expect(token).not.toBe(unsubscribeToken(t.config.JWT_SECRET, customer.user.id));
    for (const forged of [
      `${other.user.id}.${mac}`,
      // One character of the signature changed (a fixed replacement would leave a signature that already ends so).
      `${id}.${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`,
      customer.token,
      'nonsense',
      `${id}`,
    ])
      expectError(await post({ token: forged }), 400, undefined, UNSUBSCRIBE_MSG.invalid);
    expectError(await post({}), 400);

    const res = await post({ token });
    expect(json(res, UnsubscribeResultSchema)).toEqual({
      email: 'r***@example.com',
      message: UNSUBSCRIBE_MSG.done('r***@example.com'),
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(customer.token) });
    expect(json(me, UserSchema).reminderEmails).toBe(false);
    const otherMe = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(other.token) });
    expect(json(otherMe, UserSchema).reminderEmails).toBe(true);
    // A link mailed before the links had a key of their own (signed with the session secret) still works.
    const older = await post({ token: unsubscribeToken(t.config.JWT_SECRET, other.user.id) });
    expect(older.statusCode).toBe(200);
  });
});
