import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotificationSchema } from '#shared/notifications';
import { ORDER_MSG, OrderSchema, type Order } from '#shared/orders';
import { createTestApp, expectError, nextCursor, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { deliveryAddress, placeOrder, productIds, setStock, stockOf, liftShopCaps } from '../test/orders.ts';

type Person = Awaited<ReturnType<TestContext['buildUser']>>;

let t: TestContext;
let ids: Map<string, number>;
let customer: Person;
let stranger: Person;
let employee: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  // These tests place many orders as one customer; holds.test.ts tests the caps.
  await liftShopCaps(t.database.db, t.config);
  ids = await productIds(t.database.db);
  await setStock(t.database.db, 1000);
  [customer, stranger, employee, admin] = await Promise.all([
    t.buildUser({ role: 'user' }),
    t.buildUser({ role: 'user' }),
    t.buildUser({ role: 'employee' }),
    t.buildUser({ role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const idOf = (name: string) => ids.get(name)!;

/** Places an order of `quantity` units of `name` for `who` (the customer by default); it must go through. */
async function order(
  opts: { name?: string; quantity?: number; paymentMethod?: string; who?: Person } = {},
): Promise<Order> {
  const res = await placeOrder(t.app, (opts.who ?? customer).token, {
    items: [{ productId: idOf(opts.name ?? 'Dog Food'), quantity: opts.quantity ?? 1 }],
    address: deliveryAddress(),
    paymentMethod: opts.paymentMethod ?? 'upi',
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, OrderSchema);
}

const get = (id: string, who?: Person) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: who ? t.auth(who.token) : {} });
const cancel = (id: string, who: Person = customer) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}/cancel`, headers: t.auth(who.token) });
const setStatus = (id: string, status: string, who: Person = employee) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, headers: t.auth(who.token), payload: { status } });
const pay = (id: string, payload: unknown, who: Person) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/payment`,
    headers: t.auth(who.token),
    payload: payload as object,
  });
const notificationsOf = async (who: Person) =>
  json(
    await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(who.token) }),
    z.array(NotificationSchema),
  );

describe('GET /api/orders/{id}', () => {
  it('answers the order to its customer and to staff, with the payment fields', async () => {
    const placed = await order();
    for (const who of [customer, employee, admin]) {
      const res = await get(placed.id, who);
      expect(res.statusCode).toBe(200);
      expect(json(res, OrderSchema)).toEqual(placed);
    }
    expect(placed).toMatchObject({
      paymentStatus: 'unpaid',
      paymentReference: null,
      paidAt: null,
      cancelledBy: null,
      status: 'placed',
    });
  });

  it('answers 404 to another customer (the order is not revealed), and for unknown or malformed ids', async () => {
    const placed = await order();
    expectError(await get(placed.id, stranger), 404, 'NOT_FOUND', 'Order not found');
    expectError(await get(randomUUID(), customer), 404, 'NOT_FOUND');
    expectError(await get('not-an-order', employee), 404, 'NOT_FOUND');
    expectError(await get(placed.id), 401, 'UNAUTHENTICATED');
  });
});

describe('PUT /api/orders/{id}/cancel (customer)', () => {
  it('cancels a placed order, gives its stock back and says who canceled; a second cancel is refused', async () => {
    await setStock(t.database.db, 10, [idOf('Bird Cage')]);
    const placed = await order({ name: 'Bird Cage', quantity: 4 });
    expect(await stockOf(t.database.db, idOf('Bird Cage'))).toBe(6);
    const res = await cancel(placed.id);
    expect(res.statusCode).toBe(200);
    expect(json(res, OrderSchema)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      paymentStatus: 'unpaid',
    });
    expect(await stockOf(t.database.db, idOf('Bird Cage'))).toBe(10);
    expectError(await cancel(placed.id), 409, 'CONFLICT', 'This order is already canceled');
    expect(await stockOf(t.database.db, idOf('Bird Cage'))).toBe(10);
    // The customer did it: no notification about their own cancellation.
    expect((await notificationsOf(customer)).filter((n) => n.data?.orderId === placed.id)).toEqual([]);
  });

  it('cancels a confirmed order; refuses once shipped or delivered', async () => {
    const confirmed = await order();
    await setStatus(confirmed.id, 'confirmed');
    expect(json(await cancel(confirmed.id), OrderSchema).status).toBe('cancelled');

    const shipped = await order();
    await setStatus(shipped.id, 'confirmed');
    await setStatus(shipped.id, 'shipped');
    expectError(await cancel(shipped.id), 409, 'CONFLICT', ORDER_MSG.cancelRefused);
    await setStatus(shipped.id, 'delivered');
    expectError(await cancel(shipped.id), 409, 'CONFLICT', ORDER_MSG.cancelRefused);
    expect(json(await get(shipped.id, customer), OrderSchema).status).toBe('delivered');
  });

  it("answers 404 for another customer's order and unknown ids; staff use the status route (403 here)", async () => {
    const placed = await order();
    expectError(await cancel(placed.id, stranger), 404, 'NOT_FOUND');
    expectError(await cancel(randomUUID()), 404, 'NOT_FOUND');
    expectError(await cancel('nope'), 404, 'NOT_FOUND');
    expectError(await cancel(placed.id, employee), 403, 'FORBIDDEN');
    expect(json(await get(placed.id, customer), OrderSchema).status).toBe('placed');
  });

  it('staff cancelling through the status route is recorded as staff, gives the stock back and notifies the customer', async () => {
    await setStock(t.database.db, 10, [idOf('Fish Tank')]);
    const placed = await order({ name: 'Fish Tank', quantity: 3 });
    const res = await setStatus(placed.id, 'cancelled', admin);
    expect(json(res, OrderSchema)).toMatchObject({ status: 'cancelled', cancelledBy: 'staff' });
    expect(await stockOf(t.database.db, idOf('Fish Tank'))).toBe(10);
    const [note] = (await notificationsOf(customer)).filter((n) => n.data?.orderId === placed.id);
    expect(note?.body).toBe(`Your order ${placed.number} has been canceled.`);
  });

  it('a customer and staff cancelling at once: one wins, the stock comes back exactly once', async () => {
    await setStock(t.database.db, 50, [idOf('Pet Shampoo')]);
    const placed = await Promise.all(Array.from({ length: 6 }, () => order({ name: 'Pet Shampoo', quantity: 2 })));
    expect(await stockOf(t.database.db, idOf('Pet Shampoo'))).toBe(38);
    const answers = await Promise.all(
      placed.flatMap((o) => [
        cancel(o.id),
        setStatus(o.id, 'cancelled', employee),
        setStatus(o.id, 'cancelled', admin),
      ]),
    );
    for (let i = 0; i < placed.length; i++) {
      const codes = answers.slice(i * 3, i * 3 + 3).map((r) => r.statusCode);
      expect(codes.sort()).toEqual([200, 409, 409]);
    }
    expect(await stockOf(t.database.db, idOf('Pet Shampoo'))).toBe(50);
  });
});

describe('PUT /api/orders/{id}/payment', () => {
  it('the customer gives the UTR of a UPI order and may correct it while unpaid', async () => {
    const placed = await order();
    const first = await pay(placed.id, { reference: '123456789012' }, customer);
    expect(json(first, OrderSchema)).toMatchObject({ paymentReference: '123456789012', paymentStatus: 'unpaid' });
    const fixed = await pay(placed.id, { reference: ' 210987654321 ' }, customer);
    expect(json(fixed, OrderSchema).paymentReference).toBe('210987654321');
  });

  it('refuses a UTR that is not 12 digits with the form message', async () => {
    const placed = await order();
    for (const reference of ['12345678901', '1234567890123', 'ABCDEFGHIJKL', '12345678901a', '']) {
      expectError(await pay(placed.id, { reference }, customer), 400, 'VALIDATION', ORDER_MSG.utrInvalid);
    }
    expectError(await pay(placed.id, { reference: '123456789012', status: 'paid' }, customer), 400, 'VALIDATION');
    expectError(await pay(placed.id, { status: 'lost' }, employee), 400, 'VALIDATION');
    expect(json(await get(placed.id, customer), OrderSchema).paymentReference).toBeNull();
  });

  it('refuses a UTR on a card or cash order, on a canceled one, on a paid one, and from anyone else', async () => {
    const cod = await order({ paymentMethod: 'cod' });
    expectError(
      await pay(cod.id, { reference: '123456789012' }, customer),
      409,
      'CONFLICT',
      'This order is paid by Cash on Delivery; a UPI transaction reference is only for UPI orders',
    );
    const canceled = await order();
    await cancel(canceled.id);
    expectError(
      await pay(canceled.id, { reference: '123456789012' }, customer),
      409,
      'CONFLICT',
      'This order is canceled; it needs no payment reference',
    );
    const paid = await order();
    await pay(paid.id, { status: 'paid' }, employee);
    expectError(
      await pay(paid.id, { reference: '123456789012' }, customer),
      409,
      'CONFLICT',
      'This order is already paid; its payment reference can no longer change',
    );
    const mine = await order();
    expectError(await pay(mine.id, { reference: '123456789012' }, stranger), 404, 'NOT_FOUND');
    expectError(await pay(mine.id, { reference: '123456789012' }, employee), 403, 'FORBIDDEN');
    expectError(await pay(randomUUID(), { reference: '123456789012' }, customer), 404, 'NOT_FOUND');
  });

  it('staff mark an order paid, with or without a reference, and the customer is told; customers cannot (403)', async () => {
    const upi = await order();
    await pay(upi.id, { reference: '123456789012' }, customer);
    expectError(await pay(upi.id, { status: 'paid' }, customer), 403, 'FORBIDDEN');
    const paid = json(await pay(upi.id, { status: 'paid' }, employee), OrderSchema);
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentReference: '123456789012', status: 'placed' });
    expect(new Date(paid.paidAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [note] = (await notificationsOf(customer)).filter((n) => n.data?.orderId === upi.id);
    expect(note).toMatchObject({
      title: `Payment received: order ${upi.number}`,
      body: `We have received the payment for your order ${upi.number}.`,
      data: { orderId: upi.id, paymentStatus: 'paid' },
    });

    // Cash on delivery: delivered, then marked paid by staff, no reference.
    const cod = await order({ paymentMethod: 'cod' });
    for (const s of ['confirmed', 'shipped', 'delivered']) await setStatus(cod.id, s);
    expect(json(await pay(cod.id, { status: 'paid' }, admin), OrderSchema)).toMatchObject({
      paymentStatus: 'paid',
      paymentReference: null,
      status: 'delivered',
    });
  });

  it('refuses marking paid twice, or a canceled order; refunded only from refund due', async () => {
    const placed = await order();
    await pay(placed.id, { status: 'paid' }, employee);
    expectError(await pay(placed.id, { status: 'paid' }, admin), 409, 'CONFLICT', 'This order is already paid');
    expectError(
      await pay(placed.id, { status: 'refunded' }, admin),
      409,
      'CONFLICT',
      'This order is paid; only a paid order that was canceled can be marked refunded',
    );
    const unpaid = await order();
    expectError(
      await pay(unpaid.id, { status: 'refunded' }, admin),
      409,
      'CONFLICT',
      'This order is unpaid; only a paid order that was canceled can be marked refunded',
    );
    await cancel(unpaid.id);
    expectError(
      await pay(unpaid.id, { status: 'paid' }, employee),
      409,
      'CONFLICT',
      'This order is canceled (unpaid); it cannot be marked paid',
    );
    expectError(await pay('x', { status: 'paid' }, employee), 404, 'NOT_FOUND');
    expectError(await pay(randomUUID(), { status: 'paid' }, employee), 404, 'NOT_FOUND');
  });

  it('paid, then canceled (by the customer or staff): refund due; staff mark it refunded once, and the customer is told', async () => {
    for (const canceller of ['customer', 'staff'] as const) {
      const placed = await order();
      await pay(placed.id, { status: 'paid' }, employee);
      const canceled =
        canceller === 'customer' ? await cancel(placed.id) : await setStatus(placed.id, 'cancelled', admin);
      expect(json(canceled, OrderSchema)).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'refund_due',
        cancelledBy: canceller,
      });
      expectError(
        await pay(placed.id, { status: 'paid' }, employee),
        409,
        'CONFLICT',
        'This order is canceled (refund due); it cannot be marked paid',
      );
      const refunded = json(await pay(placed.id, { status: 'refunded' }, admin), OrderSchema);
      expect(refunded.paymentStatus).toBe('refunded');
      expectError(
        await pay(placed.id, { status: 'refunded' }, admin),
        409,
        'CONFLICT',
        'This order is already refunded',
      );
      const notes = (await notificationsOf(customer)).filter(
        (n) => n.data?.orderId === placed.id && n.type === 'order_payment',
      );
      expect(notes.map((n) => n.body)).toEqual([
        `The payment of ₹450.00 for your order ${placed.number} has been refunded.`,
        `We have received the payment for your order ${placed.number}.`,
      ]);
    }
  });

  it('of staff marking one order paid at once, exactly one succeeds; the others hear it is already paid', async () => {
    const placed = await order();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pay(placed.id, { status: 'paid' }, i % 2 ? admin : employee)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expectError(r, 409, 'CONFLICT', 'This order is already paid');
    const notes = (await notificationsOf(customer)).filter((n) => n.data?.orderId === placed.id);
    expect(notes).toHaveLength(1);
  });

  it('a customer cancelling while staff mark it paid: either it is canceled unpaid, or paid then refund due', async () => {
    for (let round = 0; round < 4; round++) {
      const placed = await order();
      const [canceled, paid] = await Promise.all([cancel(placed.id), pay(placed.id, { status: 'paid' }, employee)]);
      expect(canceled.statusCode).toBe(200);
      const now = json(await get(placed.id, customer), OrderSchema);
      expect(now.status).toBe('cancelled');
      expect(now.paymentStatus).toBe(paid.statusCode === 200 ? 'refund_due' : 'unpaid');
    }
  });
});

describe('GET /api/orders filters (staff)', () => {
  it('by payment status, by status and both, newest first in pages', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    const a = await order({ who: shopper });
    const b = await order({ who: shopper });
    const c = await order({ who: shopper });
    await pay(a.id, { status: 'paid' }, employee);
    await pay(c.id, { status: 'paid' }, employee);
    await setStatus(c.id, 'confirmed');
    await pay(b.id, { status: 'paid' }, employee);
    await setStatus(b.id, 'cancelled');

    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: t.auth(admin.token) });
      expect(res.statusCode, res.body).toBe(200);
      return { orders: json(res, z.array(OrderSchema)), next: nextCursor(res) };
    };
    const mineOnly = (os: Order[]) => os.filter((o) => o.userId === shopper.user.id).map((o) => o.id);

    expect(mineOnly((await list('paymentStatus=paid&limit=200')).orders)).toEqual([c.id, a.id]);
    expect(mineOnly((await list('paymentStatus=refund_due&limit=200')).orders)).toEqual([b.id]);
    expect(mineOnly((await list('paymentStatus=paid&status=confirmed&limit=200')).orders)).toEqual([c.id]);
    expect(mineOnly((await list('paymentStatus=paid&status=placed&limit=200')).orders)).toEqual([a.id]);
    expect(mineOnly((await list('paymentStatus=&status=&limit=200')).orders)).toEqual([c.id, b.id, a.id]);
    const all = (await list('paymentStatus=paid&limit=200')).orders;
    expect(all.every((o) => o.paymentStatus === 'paid')).toBe(true);

    // Keyset pages of a filtered list add up to the whole list.
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`paymentStatus=paid&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(...page.orders.map((o) => o.id));
      cursor = page.next;
    } while (cursor);
    expect(pages).toEqual(all.map((o) => o.id));

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/orders?paymentStatus=owed',
      headers: t.auth(admin.token),
    });
    expectError(bad, 400, 'VALIDATION', 'Payment status must be one of: unpaid, paid, refund_due, refunded');
    const customers = await t.app.inject({
      method: 'GET',
      url: '/api/orders?paymentStatus=paid',
      headers: t.auth(customer.token),
    });
    expectError(customers, 403, 'FORBIDDEN');
  });
});
