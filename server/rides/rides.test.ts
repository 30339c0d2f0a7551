import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotificationSchema } from '#shared/notifications';
import { RIDE_MSG, RIDE_STEPS, RideSchema } from '#shared/rides';
import { addDays, todayIn } from '#shared/dates';
import { BOOKING_CHANGED_EVENT, BOOKING_MSG, BookingSchema } from '#shared/bookings';
import { rowsOf } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { nextEvent } from '../test/socket.ts';

let t: LiveTestContext;
beforeAll(async () => {
  t = await createLiveTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<LiveTestContext['buildUser']>>;

/**
 * A booking stored as the booking path would leave it (the ride status comes from the database's trigger), `at` an
 * SQL time: now() is on the ride's day whatever the clinic's time zone.
 */
async function storedBooking(
  customer: Person,
  opts: { at?: string; status?: string; service?: string; address?: string } = {},
): Promise<string> {
  const rows = rowsOf<{ id: string; ride_status: string | null }>(
    await t.database.db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                                 pet_name, owner_name, phone, status, service_id, pickup_address)
      select ${customer.user.id}::uuid, ${customer.user.name}, ${customer.user.email}, 'today', s.at, s.at + interval '30 minutes', 30,
             'Bruno', ${customer.user.name}, '9876543210', ${opts.status ?? 'confirmed'},
             ${opts.service ?? SEEDED_OFFERING_IDS.pickup}::uuid, ${opts.address ?? '12 Park Road, Bengaluru'}
        from (select ${sql.raw(opts.at ?? 'now()')} as at) s
      returning id, ride_status`),
  );
  return rows[0]!.id;
}

const step = (token: string, id: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/rides/${id}/status`, headers: t.auth(token), payload: body });

async function mailsTo(email: string) {
  return rowsOf<{ kind: string; subject: string; text: string }>(
    await t.database.db.execute(sql`select kind, subject, text from outbox where "to" = ${email} order by created_at`),
  );
}

async function notificationsOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(token) });
  return json(res, z.array(NotificationSchema));
}

describe('pickup rides', () => {
  it('a pickup booking is a scheduled ride; other services have none', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const ride = await storedBooking(customer);
    const checkup = await storedBooking(customer, {
      service: SEEDED_OFFERING_IDS.checkup,
      at: "now() + interval '1 hour'",
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/slots/mine', headers: t.auth(customer.token) });
    const rows = json(mine, z.array(BookingSchema));
    expect(rows.find((b) => b.id === ride)?.ride).toEqual({ status: 'scheduled', steps: [] });
    expect(rows.find((b) => b.id === checkup)?.ride).toBeNull();
  });

  it('staff move a ride through every step in order; the customer is told each time and mailed at pickup and drop-off', async () => {
    const customer = await t.buildUser({ role: 'user', name: 'Pet Owner' });
    const driver = await t.buildUser({ role: 'employee' });
    const id = await storedBooking(customer);
    for (const status of RIDE_STEPS.slice(1)) {
      const message = status === 'driver_on_the_way' ? '5 minutes away' : undefined;
      const res = await step(driver.token, id, { status, message });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res, BookingSchema).ride?.status).toBe(status);
    }
    const booking = json(
      await t.app.inject({ method: 'GET', url: '/api/slots/mine', headers: t.auth(customer.token) }),
      z.array(BookingSchema),
    ).find((b) => b.id === id)!;
    expect(booking.ride!.steps.map((s) => s.status)).toEqual(RIDE_STEPS.slice(1));
    expect(booking.ride!.steps[0]!.message).toBe('5 minutes away');
    const times = booking.ride!.steps.map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Who set each step is stored.
    const setters = rowsOf<{ set_by: string }>(
      await t.database.db.execute(sql`select set_by from ride_steps where booking_id = ${id}`),
    );
    expect(setters.map((r) => r.set_by)).toEqual(RIDE_STEPS.slice(1).map(() => driver.user.id));

    const notes = await notificationsOf(customer.token);
    expect(notes.filter((n) => n.type === 'ride_step')).toHaveLength(RIDE_STEPS.length - 1);
    expect(notes.map((n) => n.body)).toContain(
      'Our driver is on the way to collect Bruno. Message from the driver: "5 minutes away"',
    );
    const mails = await mailsTo(customer.user.email);
    expect(mails.map((m) => m.kind)).toEqual(['ride_picked_up', 'ride_dropped_off']);
    expect(mails[1]!.text).toContain('Bruno is back home.');
  });

  it('moves only one step forward, only for staff, only once the booking is confirmed and on its day', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const id = await storedBooking(customer);

    const skip = await step(staff.token, id, { status: 'picked_up' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json<{ message: string }>().message).toBe(
      'This ride is at "Scheduled"; its next step is "Driver on the way"',
    );
    expect((await step(staff.token, id, { status: 'scheduled' })).statusCode).toBe(409);
    expect((await step(customer.token, id, { status: 'driver_on_the_way' })).statusCode).toBe(403);
    expect((await step(staff.token, id, { status: 'teleported' })).statusCode).toBe(400);
    expect((await step(staff.token, id, { status: 'driver_on_the_way', message: 'x'.repeat(161) })).statusCode).toBe(
      400,
    );
    expect((await step(staff.token, id, { status: 'driver_on_the_way' })).statusCode).toBe(200);
    const again = await step(staff.token, id, { status: 'driver_on_the_way' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This ride is already: Driver on the way');
    const back = await step(staff.token, id, { status: 'scheduled' });
    expect(back.statusCode).toBe(409);

    const checkup = await storedBooking(customer, {
      service: SEEDED_OFFERING_IDS.checkup,
      at: "now() + interval '2 hours'",
    });
    expect(
      (await step(staff.token, checkup, { status: 'driver_on_the_way' })).json<{ message: string }>().message,
    ).toBe(RIDE_MSG.notARide);
    const pending = await storedBooking(customer, { status: 'pending', at: "now() + interval '3 hours'" });
    expect(
      (await step(staff.token, pending, { status: 'driver_on_the_way' })).json<{ message: string }>().message,
    ).toBe(RIDE_MSG.notConfirmed);
    const later = await storedBooking(customer, { at: "now() + interval '3 days'" });
    expect((await step(staff.token, later, { status: 'driver_on_the_way' })).json<{ message: string }>().message).toBe(
      RIDE_MSG.notToday,
    );
    expect((await step(staff.token, '00000000-0000-4000-8000-000000000000', { status: 'picked_up' })).statusCode).toBe(
      404,
    );
    expect((await step(staff.token, 'not-an-id', { status: 'picked_up' })).statusCode).toBe(404);
  });

  it('a canceled booking cancels its ride, which then takes no step', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const id = await storedBooking(customer, { at: "now() + interval '4 hours'" });
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/cancel/${id}`,
      headers: t.auth(customer.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(json(cancel, BookingSchema).ride?.status).toBe('canceled');
    const res = await step(staff.token, id, { status: 'driver_on_the_way' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(RIDE_MSG.over);
  });

  it('once the driver has set off, the customer can neither cancel nor move the ride; staff can cancel it', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const id = await storedBooking(customer);
    expect((await step(staff.token, id, { status: 'driver_on_the_way' })).statusCode).toBe(200);
    const cancel = (token: string) =>
      t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${id}`, headers: t.auth(token) });
    const refused = await cancel(customer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(BOOKING_MSG.rideUnderWay);
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/slots/${id}/reschedule`,
      headers: t.auth(customer.token),
      payload: { schedule: `${addDays(todayIn(t.config.CLINIC_TZ), 3)} at 10:00` },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json<{ message: string }>().message).toBe(BOOKING_MSG.rideUnderWay);
    const byStaff = await cancel(staff.token);
    expect(byStaff.statusCode).toBe(200);
    expect(json(byStaff, BookingSchema).ride?.status).toBe('canceled');
  });

  it('two staff tapping the same step at once move the ride once', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const [a, b] = await Promise.all([t.buildUser({ role: 'employee' }), t.buildUser({ role: 'admin' })]);
    const id = await storedBooking(customer);
    const results = await Promise.all([
      step(a.token, id, { status: 'driver_on_the_way' }),
      step(b.token, id, { status: 'driver_on_the_way' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const steps = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from ride_steps where booking_id = ${id}`),
    );
    expect(steps[0]!.n).toBe(1);
    expect((await notificationsOf(customer.token)).filter((n) => n.type === 'ride_step')).toHaveLength(1);
  });

  it("lists a day's rides for staff in time order with address and ride status", async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const day = addDays(todayIn(t.config.CLINIC_TZ), 20);
    const at = (time: string) => `('${day}T${time}:00Z'::timestamptz)`;
    const second = await storedBooking(customer, { at: at('11:00'), address: 'Second Street 2' });
    const first = await storedBooking(customer, { at: at('09:00'), address: 'First Street 1' });
    await storedBooking(customer, { at: at('10:00'), service: SEEDED_OFFERING_IDS.checkup });
    const res = await t.app.inject({ method: 'GET', url: `/api/rides?date=${day}`, headers: t.auth(staff.token) });
    const rides = json(res, z.array(RideSchema)).filter((r) => [first, second].includes(r.bookingId));
    expect(rides.map((r) => [r.bookingId, r.address, r.rideStatus, r.phone])).toEqual([
      [first, 'First Street 1', 'scheduled', '9876543210'],
      [second, 'Second Street 2', 'scheduled', '9876543210'],
    ]);
    expect(json(res, z.array(RideSchema))).toHaveLength(2);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/rides?date=${day}`, headers: t.auth(customer.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/rides?date=tomorrow', headers: t.auth(staff.token) })).statusCode,
    ).toBe(400);
  });

  it('sends the customer a message without a step while the ride is under way', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const id = await storedBooking(customer);
    const send = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/rides/${id}/message`,
        headers: t.auth(staff.token),
        payload: { message },
      });
    expect((await send('Running 10 minutes late')).statusCode).toBe(200);
    expect((await notificationsOf(customer.token)).map((n) => n.body)).toContain(
      'Message from the driver: "Running 10 minutes late"',
    );
    expect((await send('   ')).statusCode).toBe(400);
    for (const status of RIDE_STEPS.slice(1)) expect((await step(staff.token, id, { status })).statusCode).toBe(200);
    expect((await send('Bye')).statusCode).toBe(409);
  });

  it("the customer's tabs and staff screens hear each step live, with the booking's ride", async () => {
    const customer = await t.connectUser('user');
    const staff = await t.connectUser('employee');
    const id = await storedBooking(customer);
    const customerHears = nextEvent(customer.socket, BOOKING_CHANGED_EVENT, (e) => e.id === id && e.action === 'ride');
    const staffHears = nextEvent(staff.socket, BOOKING_CHANGED_EVENT, (e) => e.id === id && e.action === 'ride');
    expect((await step(staff.token, id, { status: 'driver_on_the_way' })).statusCode).toBe(200);
    expect((await customerHears).booking.ride?.status).toBe('driver_on_the_way');
    expect((await staffHears).booking.ride?.steps).toHaveLength(1);
  });
});
