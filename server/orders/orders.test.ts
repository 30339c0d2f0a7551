import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotificationSchema } from '#shared/notifications';
import { OrderSchema } from '#shared/orders';
import { orders } from '../db/schema/index.ts';
import { createTestApp, nextCursor, type TestContext } from '../test/app.ts';
import { errorOf, json } from '../test/json.ts';
import { deliveryAddress, placeOrder, productIds, setStock, liftShopCaps } from '../test/orders.ts';

let t: TestContext;
let byName: Map<string, number>;
let customer: { token: string; user: { id: string; name: string } };
let employee: { token: string };
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  // These tests place many orders as one customer; holds.test.ts tests the caps.
  await liftShopCaps(t.database.db, t.config);
  // Plenty on every shelf: these tests are about totals, keys and statuses (stock has its own file).
  await setStock(t.database.db, 10_000);
  byName = await productIds(t.database.db);
  customer = await t.buildUser({ role: 'user', name: 'Clinic Staff' });
  employee = await t.buildUser({ role: 'employee' });
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

const address = deliveryAddress('Clinic Staff');
const idOf = (name: string) => byName.get(name)!;

const place = (body: object, opts: { token?: string; key?: string | null } = {}) =>
  placeOrder(t.app, opts.token ?? customer.token, body, opts.key);

/** Places an order that must go through (201) and returns it. */
async function newOrder(body: object, opts: { token?: string } = {}) {
  const res = await place(body, opts);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, OrderSchema);
}
const OrderListSchema = z.array(OrderSchema);

const orderOf = (items: [string, number][], paymentMethod = 'cod') => ({
  items: items.map(([name, quantity]) => ({ productId: idOf(name), quantity })),
  address,
  paymentMethod,
});

async function orderRows(userId: string) {
  const [row] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row!.n;
}

describe('POST /api/orders: totals come from the catalogue', () => {
  it('2 x Soft Pet Bed (2500 at 25% off) costs 3750.00 and answers 201 with the stored order', async () => {
    const res = await place(orderOf([['Soft Pet Bed - Large', 2]]));
    expect(res.statusCode).toBe(201);
    const order = json(res, OrderSchema);
    expect(order).toMatchObject({
      total: 3750,
      status: 'placed',
      paymentMethod: 'cod',
      address,
      customerName: 'Clinic Staff',
      userId: customer.user.id,
      items: [
        {
          productId: idOf('Soft Pet Bed - Large'),
          name: 'Soft Pet Bed - Large',
          unitPrice: 2500,
          discount: 25,
          quantity: 2,
          lineTotal: 3750,
          image: '/images/products/soft-pet-bed-large.svg',
        },
      ],
    });
    expect(order._id).toBe(order.id);
    expect(order.number).toMatch(/^[0-9A-F]{8}$/);
    expect(new Date(order.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('adds up a mixed cart line by line, to the paisa', async () => {
    // 500*3*0.90 = 1350 ; 250*1*0.92 = 230 ; 300*7*0.80 = 1680 ; 650*3*0.92 = 1794 -> 5054.00
    const res = await place(
      orderOf(
        [
          ['Dog Food', 3],
          ['Pet Shampoo', 1],
          ['Chew Toy - Rubber Bone', 7],
          ['Organic Pet Treats', 3],
        ],
        'upi',
      ),
    );
    expect(res.statusCode).toBe(201);
    const order = json(res, OrderSchema);
    expect(order.items.map((i) => i.lineTotal)).toEqual([1350, 230, 1680, 1794]);
    expect(order.total).toBe(5054);
    expect(order.paymentMethod).toBe('upi');
    // What the answer says is what was stored, line order included.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: t.auth(customer.token),
    });
    expect(json(stored, OrderSchema)).toEqual(order);
  });

  it('rounds to two decimals without float error (3 x Cat Toy 300 at 5% = 855.00; 1 x Pedigree 900 at 12% = 792.00)', async () => {
    const res = await place(
      orderOf(
        [
          ['Cat Toy', 3],
          ['Pedigree Puppy Food', 1],
        ],
        'card',
      ),
    );
    expect(json(res, OrderSchema).total).toBe(1647);
  });

  it('ignores any price the client sends', async () => {
    const body = {
      ...orderOf([['Fish Tank', 1]]),
      total: 1,
      items: [{ productId: idOf('Fish Tank'), quantity: 1, price: 1, discount: 99 }],
    };
    const res = await place(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 1600, items: [{ unitPrice: 2000, discount: 20 }] });
  });

  it('refuses an unknown product with a clear message and stores nothing', async () => {
    const before = await orderRows(customer.user.id);
    const res = await place({ items: [{ productId: 424242, quantity: 1 }], address, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', error: 'Product 424242 is not in our catalogue' });
    expect(await orderRows(customer.user.id)).toBe(before);
  });
});

describe('POST /api/orders: idempotency', () => {
  it('the same key from the same customer returns the same order and stores it once', async () => {
    const key = randomUUID();
    const before = await orderRows(customer.user.id);
    const first = await place(orderOf([['Bird Cage', 1]]), { key });
    const again = await place(orderOf([['Bird Cage', 1]]), { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await orderRows(customer.user.id)).toBe(before + 1);
  });

  it('two racing requests with one key create exactly one order', async () => {
    const key = randomUUID();
    const before = await orderRows(customer.user.id);
    const body = orderOf([['Whiskas Cat Food', 2]]);
    const results = await Promise.all([place(body, { key }), place(body, { key }), place(body, { key })]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const placed = results.map((r) => json(r, OrderSchema));
    expect(new Set(placed.map((o) => o.id)).size).toBe(1);
    expect(placed[0]?.total).toBe(1360);
    expect(await orderRows(customer.user.id)).toBe(before + 1);
  });

  it('the same key from another customer is a different order', async () => {
    const key = randomUUID();
    const other = await t.buildUser({ role: 'user' });
    const a = await place(orderOf([['Cat Toy', 1]]), { key });
    const b = await place(orderOf([['Cat Toy', 1]]), { key, token: other.token });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(json(a, OrderSchema).id).not.toBe(json(b, OrderSchema).id);
  });

  it('a reused key with a different basket is refused with 409 and changes nothing', async () => {
    const key = randomUUID();
    const first = await place(orderOf([['Dog Food', 1]]), { key });
    expect(first.statusCode).toBe(201);
    const before = await orderRows(customer.user.id);
    for (const body of [
      orderOf([['Dog Food', 2]]),
      orderOf([['Dog Food', 1]], 'upi'),
      { ...orderOf([['Dog Food', 1]]), address: { ...address, pin: '700020' } },
    ]) {
      const res = await place(body, { key });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        error: 'This checkout attempt was already used for a different order. Please start the checkout again.',
      });
    }
    expect(await orderRows(customer.user.id)).toBe(before);
  });

  it('requires a printable Idempotency-Key of at most 100 characters', async () => {
    const body = orderOf([['Dog Food', 1]]);
    for (const [key, message] of [
      [null, 'The Idempotency-Key header is required'],
      ['', 'The Idempotency-Key header is required'],
      ['k'.repeat(101), 'The Idempotency-Key header must be at most 100 characters'],
      ['caf\u00e9-key', 'The Idempotency-Key header may hold printable characters only'],
    ] as const) {
      const res = await place(body, { key });
      expect(res.statusCode, String(key)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });
});

describe('POST /api/orders: validation messages of the spec', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['pin of 5 digits', { pin: '12345' }, 'Enter a valid 6-digit Pin Code'],
    ['pin with letters', { pin: '12345a' }, 'Enter a valid 6-digit Pin Code'],
    ['pin missing', { pin: undefined }, 'Enter a valid 6-digit Pin Code'],
    ['blank name', { name: '   ' }, 'Name is required'],
    ['missing city', { city: undefined }, 'City is required'],
    ['empty house', { house: '' }, 'House number is required'],
    ['empty landmark', { landmark: '' }, 'Landmark is required'],
    ['empty state', { state: '' }, 'State is required'],
    ['empty country', { country: '' }, 'Country is required'],
  ];
  for (const [label, change, message] of cases) {
    it(`${label}: '${message}'`, async () => {
      const res = await place({ ...orderOf([['Dog Food', 1]]), address: { ...address, ...change } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: message });
    });
  }

  it('quantity must be a whole number from 1 to 99', async () => {
    for (const [quantity, message] of [
      [0, 'Quantity must be at least 1'],
      [-2, 'Quantity must be at least 1'],
      [1.5, 'Quantity must be a whole number'],
      ['2', 'Quantity must be a whole number'],
      [100, 'Quantity can be at most 99'],
    ] as const) {
      const res = await place({ items: [{ productId: idOf('Dog Food'), quantity }], address, paymentMethod: 'cod' });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('needs at least one product, each only once, and a known payment method', async () => {
    const empty = await place({ items: [], address, paymentMethod: 'cod' });
    expect(errorOf(empty)).toBe('Choose at least one product');
    const twice = await place({
      items: [
        { productId: idOf('Dog Food'), quantity: 1 },
        { productId: idOf('Dog Food'), quantity: 2 },
      ],
      address,
      paymentMethod: 'cod',
    });
    expect(errorOf(twice)).toBe('Each product may appear only once in an order');
    const bitcoin = await place({ ...orderOf([['Dog Food', 1]]), paymentMethod: 'bitcoin' });
    expect(bitcoin.statusCode).toBe(400);
    expect(errorOf(bitcoin)).toBe('Choose a payment method: UPI/QR, Credit/ATM Card or Cash on Delivery');
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...t.auth(customer.token), 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: '{"items":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('anonymous callers get 401 on every order endpoint, even with a bad body', async () => {
    const calls = [
      t.app.inject({ method: 'POST', url: '/api/orders', payload: { nonsense: true } }),
      t.app.inject({ method: 'GET', url: '/api/orders/mine' }),
      t.app.inject({ method: 'GET', url: '/api/orders' }),
      t.app.inject({ method: 'PUT', url: `/api/orders/${randomUUID()}/status`, payload: { status: 'shipped' } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('employees and admins cannot place orders (403)', async () => {
    for (const who of [employee, admin]) {
      const res = await place(orderOf([['Dog Food', 1]]), { token: who.token });
      expect(res.statusCode).toBe(403);
    }
  });

  it('customers cannot list all orders or change a status (403)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/orders', headers: t.auth(customer.token) });
    expect(list.statusCode).toBe(403);
    const mine = await newOrder(orderOf([['Dog Food', 1]]));
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${mine.id}/status`,
      headers: t.auth(customer.token),
      payload: { status: 'cancelled' },
    });
    expect(change.statusCode).toBe(403);
  });
});

describe('order lists', () => {
  it('GET /api/orders/mine shows only the caller’s orders, newest first, in pages', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    const placed: string[] = [];
    for (const name of ['Dog Food', 'Cat Toy', 'Bird Cage'])
      placed.push((await newOrder(orderOf([[name, 1]]), { token: shopper.token })).id);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/orders/mine?limit=2',
      headers: t.auth(shopper.token),
    });
    expect(first.statusCode).toBe(200);
    expect(json(first, OrderListSchema).map((o) => o.id)).toEqual([placed[2], placed[1]]);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/orders/mine?limit=2&cursor=${nextCursor(first)}`,
      headers: t.auth(shopper.token),
    });
    expect(json(next, OrderListSchema).map((o) => o.id)).toEqual([placed[0]]);
    expect(next.headers['x-next-cursor']).toBeUndefined();
  });

  it('GET /api/orders lets staff see everyone’s orders and filter by status', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/orders?limit=200', headers: t.auth(employee.token) });
    expect(all.statusCode).toBe(200);
    const users = new Set(json(all, OrderListSchema).map((o) => o.userId));
    expect(users.size).toBeGreaterThan(1);
    const order = await newOrder(orderOf([['Fish Tank', 1]]));
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/status`,
      headers: t.auth(admin.token),
      payload: { status: 'confirmed' },
    });
    const confirmed = await t.app.inject({
      method: 'GET',
      url: '/api/orders?status=confirmed',
      headers: t.auth(admin.token),
    });
    expect(json(confirmed, OrderListSchema).map((o) => o.id)).toEqual([order.id]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/orders?status=lost', headers: t.auth(admin.token) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/orders/{id}/status', () => {
  const setStatus = (id: string, status: string, token = employee.token) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, headers: t.auth(token), payload: { status } });

  it('moves placed -> confirmed -> shipped -> delivered and tells the customer each time', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    const order = await newOrder(orderOf([['Pet Water Dispenser', 1]]), { token: shopper.token });
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const res = await setStatus(order.id, status);
      expect(res.statusCode, status).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status, total: 1050 });
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: t.auth(shopper.token) });
    expect(json(mine, OrderListSchema)[0]?.status).toBe('delivered');
    const notes = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(shopper.token) });
    const notifications = json(notes, z.array(NotificationSchema));
    expect(notifications.map((n) => n.body)).toEqual([
      `Your order ${order.number} has been delivered.`,
      `Your order ${order.number} is on its way.`,
      `Your order ${order.number} has been confirmed.`,
    ]);
    expect(notifications[0]?.data).toEqual({ orderId: order.id, status: 'delivered' });
  });

  it('refuses skipped, backward and repeated steps with 409', async () => {
    const order = await newOrder(orderOf([['Cat Toy', 1]]));
    expect((await setStatus(order.id, 'shipped')).json()).toMatchObject({
      code: 'CONFLICT',
      error: 'This order is placed; it cannot be marked shipped',
    });
    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
    const again = await setStatus(order.id, 'confirmed');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('This order is already confirmed');
    expect((await setStatus(order.id, 'placed')).statusCode).toBe(409);
    expect((await setStatus(order.id, 'shipped')).statusCode).toBe(200);
    expect(errorOf(await setStatus(order.id, 'cancelled'))).toBe('This order is shipped; it cannot be marked canceled');
  });

  it('cancels from placed or confirmed, and a canceled order stays canceled', async () => {
    const a = await newOrder(orderOf([['Cat Toy', 1]]));
    expect(json(await setStatus(a.id, 'cancelled'), OrderSchema).status).toBe('cancelled');
    expect((await setStatus(a.id, 'confirmed')).statusCode).toBe(409);
    const b = await newOrder(orderOf([['Cat Toy', 1]]));
    await setStatus(b.id, 'confirmed');
    expect(json(await setStatus(b.id, 'cancelled', admin.token), OrderSchema).status).toBe('cancelled');
  });

  it('lets only one of two racing staff changes win', async () => {
    const order = await newOrder(orderOf([['Cat Toy', 1]]));
    await setStatus(order.id, 'confirmed');
    const [ship, cancel] = await Promise.all([
      setStatus(order.id, 'shipped'),
      setStatus(order.id, 'cancelled', admin.token),
    ]);
    expect([ship.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
  });

  it('answers 404 for unknown or malformed ids and 400 for an unknown status', async () => {
    expect((await setStatus(randomUUID(), 'confirmed')).statusCode).toBe(404);
    expect((await setStatus('not-an-id', 'confirmed')).statusCode).toBe(404);
    const order = await newOrder(orderOf([['Cat Toy', 1]]));
    const res = await setStatus(order.id, 'teleported');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Status must be one of: placed, confirmed, shipped, delivered, cancelled');
  });
});
