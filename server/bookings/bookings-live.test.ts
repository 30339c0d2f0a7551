import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { z } from 'zod';
import { formatWhen } from '#shared/dates';
import { NotificationSchema } from '#shared/notifications';
import { addDays, todayIn } from '#shared/dates';
import { BOOKING_CHANGED_EVENT, BookingSchema } from '#shared/bookings';
import { json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { bookingFor, bookSlot } from '../test/bookings.ts';
import { nextEvent } from '../test/socket.ts';

let t: LiveTestContext;
beforeAll(async () => {
  t = await createLiveTestApp();
});
afterAll(() => t.close());

describe('live booking events', () => {
  it('staff hear about new and changed bookings; the customer gets the confirmation as a live notification', async () => {
    const [customer, bystander, employee, admin] = await Promise.all([
      t.connectUser('user'),
      t.connectUser('user'),
      t.connectUser('employee'),
      t.connectUser('admin'),
    ]);
    const [customerSocket, bystanderSocket, employeeSocket, adminSocket] = [
      customer.socket,
      bystander.socket,
      employee.socket,
      admin.socket,
    ];
    const bystanderEvents: unknown[] = [];
    bystanderSocket.onAny((event, payload) => bystanderEvents.push([event, payload]));

    const date = addDays(todayIn(t.config.CLINIC_TZ), 1);
    const employeeHearsNew = nextEvent(employeeSocket, BOOKING_CHANGED_EVENT, (e) => e.action === 'created');
    const adminHearsNew = nextEvent(adminSocket, BOOKING_CHANGED_EVENT, (e) => e.action === 'created');
    const res = await bookSlot(t.app, customer.token, bookingFor(`${date} at 09:30`));
    expect(res.statusCode).toBe(201);
    const booking = json(res, BookingSchema);
    // The event carries the row as the staff list shows it (with its pet's alerts, none here), so screens update it
    // in place; the customer's own answer has no alerts.
    expect(await employeeHearsNew).toEqual({
      id: booking.id,
      action: 'created',
      status: 'pending',
      date,
      time: '09:30',
      booking: { ...booking, alerts: [] },
    });
    expect(booking).not.toHaveProperty('alerts');
    expect((await adminHearsNew).id).toBe(booking.id);

    const notified = nextEvent(customerSocket, NOTIFICATION_EVENT, (n) => n.type === 'booking_confirmed');
    const employeeHearsConfirm = nextEvent(employeeSocket, BOOKING_CHANGED_EVENT, (e) => e.action === 'confirmed');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/slots/confirm/${booking.id}`, headers: t.auth(admin.token) }))
        .statusCode,
    ).toBe(200);
    const n = await notified;
    expect(n).toMatchObject({
      title: 'Booking confirmed',
      read: false,
      data: { bookingId: booking.id, status: 'confirmed' },
    });
    expect(n.body).toContain(`on ${formatWhen(date, '09:30')} is confirmed.`);
    expect((await employeeHearsConfirm).status).toBe('confirmed');

    // The stored notification is the one that was pushed, and it can be marked read.
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(customer.token) });
    expect(json(list, z.array(NotificationSchema))[0]?.id).toBe(n.id);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${n.id}/read`,
      headers: t.auth(customer.token),
    });
    expect(json(read, NotificationSchema).read).toBe(true);

    const customerHearsCancel = nextEvent(customerSocket, BOOKING_CHANGED_EVENT, (e) => e.action === 'canceled');
    await t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${booking.id}`, headers: t.auth(employee.token) });
    expect((await customerHearsCancel).booking).toMatchObject({ id: booking.id, status: 'canceled' });
    expect(bystanderEvents).toEqual([]);
  });
});
