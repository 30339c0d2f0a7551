import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { ORDER_CHANGED_EVENT, OrderSchema } from '#shared/orders';
import { json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { deliveryAddress, placeOrder, productIds, setStock } from '../test/orders.ts';
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
    const dogFood = (await productIds(t.database.db)).get('Dog Food')!;
    await setStock(t.database.db, 10, [dogFood]);

    const employeeHears = nextEvent(employeeSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'placed');
    const adminHears = nextEvent(adminSocket, ORDER_CHANGED_EVENT, (e) => e.kind === 'placed');
    const res = await placeOrder(t.app, customer.token, {
      items: [{ productId: dogFood, quantity: 1 }],
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

  it('a cancellation and payment changes reach staff and the owner, with a notification when staff act', async () => {
    const [customer, employee, admin] = await Promise.all([
      t.connectUser('user'),
      t.connectUser('employee'),
      t.connectUser('admin'),
    ]);
    const dogFood = (await productIds(t.database.db)).get('Dog Food')!;
    await setStock(t.database.db, 10, [dogFood]);
    const placeOne = async () =>
      json(
        await placeOrder(t.app, customer.token, {
          items: [{ productId: dogFood, quantity: 1 }],
          address: deliveryAddress('Delivery Contact'),
          paymentMethod: 'upi',
        }),
        OrderSchema,
      );
    const put = (url: string, token: string, payload?: object) =>
      t.app.inject({ method: 'PUT', url, headers: t.auth(token), ...(payload ? { payload } : {}) });

    // The customer cancels: staff and the customer's other tabs hear it; nobody notifies the customer of their own act.
    const first = await placeOne();
    const staffHearsCancel = nextEvent(
      employee.socket,
      ORDER_CHANGED_EVENT,
      (e) => e.order.id === first.id && e.kind === 'cancelled',
    );
    const ownerHearsCancel = nextEvent(customer.socket, ORDER_CHANGED_EVENT, (e) => e.kind === 'cancelled');
    expect((await put(`/api/orders/${first.id}/cancel`, customer.token)).statusCode).toBe(200);
    expect(await staffHearsCancel).toMatchObject({ kind: 'cancelled', order: { cancelledBy: 'customer' } });
    expect((await ownerHearsCancel).order.id).toBe(first.id);
    const stored = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(customer.token) });
    expect(JSON.stringify(stored.json())).not.toContain(first.id);

    // The customer gives the UTR; staff mark it paid; the customer is told live.
    const second = await placeOne();
    const staffHearsReference = nextEvent(
      admin.socket,
      ORDER_CHANGED_EVENT,
      (e) => e.kind === 'payment' && e.order.id === second.id,
    );
    await put(`/api/orders/${second.id}/payment`, customer.token, { reference: '123456789012' });
    expect((await staffHearsReference).order).toMatchObject({
      paymentReference: '123456789012',
      paymentStatus: 'unpaid',
    });
    const ownerHearsPaid = nextEvent(
      customer.socket,
      ORDER_CHANGED_EVENT,
      (e) => e.kind === 'payment' && e.order.paymentStatus === 'paid',
    );
    const paidNote = nextEvent(customer.socket, NOTIFICATION_EVENT, (n) => n.data?.orderId === second.id);
    await put(`/api/orders/${second.id}/payment`, employee.token, { status: 'paid' });
    expect((await ownerHearsPaid).order.paymentStatus).toBe('paid');
    expect((await paidNote).body).toBe(`We have received the payment for your order ${second.number}.`);

    // Staff cancel: both hear 'cancelled', the customer is notified, and the paid order owes a refund.
    const staffHears = nextEvent(employee.socket, ORDER_CHANGED_EVENT, (e) => e.kind === 'cancelled');
    const ownerHears = nextEvent(customer.socket, ORDER_CHANGED_EVENT, (e) => e.kind === 'cancelled');
    const cancelNote = nextEvent(customer.socket, NOTIFICATION_EVENT, (n) => n.data?.status === 'cancelled');
    await put(`/api/orders/${second.id}/status`, admin.token, { status: 'cancelled' });
    expect((await staffHears).order).toMatchObject({
      id: second.id,
      cancelledBy: 'staff',
      paymentStatus: 'refund_due',
    });
    expect((await ownerHears).order.id).toBe(second.id);
    expect((await cancelNote).body).toBe(`Your order ${second.number} has been canceled.`);
  });
});
