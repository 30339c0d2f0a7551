import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { addDays, BOOKING_CHANGED_EVENT, todayIn, type SlotBooking } from '#shared/slots';
import { createTestApp, type TestContext } from '../test/app';
import { listenForSockets, nextEvent } from '../test/socket';

let t: TestContext;
let live: Awaited<ReturnType<typeof listenForSockets>>;

beforeAll(async () => {
  t = await createTestApp();
  live = await listenForSockets(t.app);
});
afterAll(async () => {
  live.disconnectAll();
  await t.close();
});

const openSocket = (token: string) => live.connect(token);

describe('live booking events', () => {
  it('staff hear about new and changed bookings; the customer gets the confirmation as a live notification', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const bystander = await t.buildUser({ role: 'user' });
    const employee = await t.buildUser({ role: 'employee' });
    const admin = await t.buildUser({ role: 'admin' });
    const [customerSocket, bystanderSocket, employeeSocket, adminSocket] = await Promise.all([
      openSocket(customer.token),
      openSocket(bystander.token),
      openSocket(employee.token),
      openSocket(admin.token),
    ]);
    const bystanderEvents: unknown[] = [];
    bystanderSocket.onAny((event, payload) => bystanderEvents.push([event, payload]));

    const date = addDays(todayIn(t.config.CLINIC_TZ), 1);
    const employeeHearsNew = nextEvent(employeeSocket, BOOKING_CHANGED_EVENT, (e) => e.action === 'created');
    const adminHearsNew = nextEvent(adminSocket, BOOKING_CHANGED_EVENT, (e) => e.action === 'created');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slots/book',
      headers: t.auth(customer.token),
      payload: { schedule: `${date} at 09:30`, petName: 'Bruno', ownerName: 'Pet Owner', phone: '9876543210' },
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json() as SlotBooking;
    expect(await employeeHearsNew).toEqual({
      id: booking.id,
      action: 'created',
      status: 'pending',
      date,
      time: '09:30',
    });
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
    expect(n.body).toContain(`${date} at 09:30`);
    expect((await employeeHearsConfirm).status).toBe('confirmed');

    // The stored notification is the one that was pushed, and it can be marked read.
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(customer.token) });
    expect(list.json()[0].id).toBe(n.id);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${n.id}/read`,
      headers: t.auth(customer.token),
    });
    expect(read.json().read).toBe(true);

    const customerHearsCancel = nextEvent(customerSocket, BOOKING_CHANGED_EVENT, (e) => e.action === 'canceled');
    await t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${booking.id}`, headers: t.auth(employee.token) });
    expect((await customerHearsCancel).id).toBe(booking.id);
    expect(bystanderEvents).toEqual([]);
  });
});
