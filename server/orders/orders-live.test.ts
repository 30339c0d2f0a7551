import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/catalogue';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { ORDER_CHANGED_EVENT, type Order } from '#shared/orders';
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

describe('live order events', () => {
  it('staff hear about new orders and status changes; the customer gets a live notification', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const employee = await t.buildUser({ role: 'employee' });
    const admin = await t.buildUser({ role: 'admin' });
    const [customerSocket, employeeSocket, adminSocket] = await Promise.all([
      openSocket(customer.token),
      openSocket(employee.token),
      openSocket(admin.token),
    ]);
    const products: Product[] = (
      await t.app.inject({ method: 'GET', url: '/api/products?q=Dog%20Food&category=Food' })
    ).json();

    const employeeHears = nextEvent(employeeSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'placed');
    const adminHears = nextEvent(adminSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'placed');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...t.auth(customer.token), 'idempotency-key': randomUUID() },
      payload: {
        items: [{ productId: products[0]!.id, quantity: 1 }],
        address: {
          name: 'Delivery Contact',
          pin: '560001',
          city: 'Bengaluru',
          house: '4',
          landmark: 'MG Road',
          state: 'Karnataka',
          country: 'India',
        },
        paymentMethod: 'cod',
      },
    });
    const order: Order = res.json();
    expect((await employeeHears).order.id).toBe(order.id);
    expect((await adminHears).order.total).toBe(order.total);

    const notified = nextEvent(customerSocket, NOTIFICATION_EVENT, (n) => n.data?.orderId === order.id);
    const customerSees = nextEvent(customerSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'status');
    const staffSees = nextEvent(employeeSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'status');
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/status`,
      headers: t.auth(employee.token),
      payload: { status: 'confirmed' },
    });
    expect(change.statusCode).toBe(200);
    expect((await notified).body).toBe(`Your order ${order.number} has been confirmed.`);
    expect((await customerSees).order.status).toBe('confirmed');
    expect((await staffSees).order.status).toBe('confirmed');
  });
});
