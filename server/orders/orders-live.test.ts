import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { ORDER_CHANGED_EVENT, OrderSchema } from '#shared/orders';
import { json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { deliveryAddress, listProducts, placeOrder } from '../test/orders.ts';
import { nextEvent } from '../test/socket.ts';

let t: LiveTestContext;
beforeAll(async () => {
  t = await createLiveTestApp();
});
afterAll(() => t.close());

describe('live order events', () => {
  it('staff hear about new orders and status changes; the customer gets a live notification', async () => {
    const [customer, employee, admin] = await Promise.all([
      t.connectUser('user'),
      t.connectUser('employee'),
      t.connectUser('admin'),
    ]);
    const [customerSocket, employeeSocket, adminSocket] = [customer.socket, employee.socket, admin.socket];
    const products = await listProducts(t.app, '?q=Dog%20Food&category=Food');

    const employeeHears = nextEvent(employeeSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'placed');
    const adminHears = nextEvent(adminSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'placed');
    const res = await placeOrder(t.app, customer.token, {
      items: [{ productId: products[0]!.id, quantity: 1 }],
      address: deliveryAddress('Delivery Contact'),
      paymentMethod: 'cod',
    });
    const order = json(res, OrderSchema);
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
