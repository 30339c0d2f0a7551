import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfStockMessage, UNAVAILABLE_PRODUCT } from '#shared/catalogue';
import { ApiErrorSchema } from '#shared/common';
import { OrderSchema } from '#shared/orders';
import { rowsOf } from '../db/client.ts';
import { cartItems, orderItems, orders, outbox, products } from '../db/schema/index.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { deliveryAddress, placeOrder, productIds, setStock, stockOf, liftShopCaps } from '../test/orders.ts';

let t: TestContext;
let ids: Map<string, number>;
let customer: Awaited<ReturnType<TestContext['buildUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  // These tests place many orders as one customer; holds.test.ts tests the caps.
  await liftShopCaps(t.database.db, t.config);
  ids = await productIds(t.database.db);
  customer = await t.buildUser({ role: 'user' });
});
afterAll(() => t.close());

const idOf = (name: string) => ids.get(name)!;
const db = () => t.database.db;
const bodyOf = (items: [string, number][]) => ({
  items: items.map(([name, quantity]) => ({ productId: idOf(name), quantity })),
  address: deliveryAddress(),
  paymentMethod: 'cod',
});
const stocks = async (...names: string[]) => Promise.all(names.map((n) => stockOf(db(), idOf(n))));

/** Units of a product in stored orders that are not cancelled: what was sold. */
async function sold(name: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(sql`
      select coalesce(sum(i.quantity), 0)::int as n from ${orderItems} i join ${orders} o on o.id = i.order_id
      where i.product_id = ${idOf(name)} and o.status <> 'cancelled'`),
  );
  return Number(row!.n);
}

async function ordersOf(userId: string) {
  return db().select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
}

async function mailsTo(email: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, 'order_placed')));
}

describe('POST /api/orders takes stock', () => {
  it('takes exactly the ordered units of every line', async () => {
    await setStock(db(), 10, [idOf('Dog Food'), idOf('Cat Toy')]);
    const res = await placeOrder(
      t.app,
      customer.token,
      bodyOf([
        ['Dog Food', 3],
        ['Cat Toy', 2],
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await stocks('Dog Food', 'Cat Toy')).toEqual([7, 8]);
  });

  it('may take the very last unit', async () => {
    await setStock(db(), 2, [idOf('Bird Cage')]);
    expect((await placeOrder(t.app, customer.token, bodyOf([['Bird Cage', 2]]))).statusCode).toBe(201);
    expect(await stocks('Bird Cage')).toEqual([0]);
  });

  it('refuses the whole order with 409 OUT_OF_STOCK naming the product and how many are left, and takes nothing', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 10, [idOf('Dog Food')]);
    await setStock(db(), 2, [idOf('Fish Tank')]);
    const res = await placeOrder(
      t.app,
      shopper.token,
      bodyOf([
        ['Dog Food', 3],
        ['Fish Tank', 5],
      ]),
    );
    expectError(res, 409, 'OUT_OF_STOCK', 'Only 2 left of Fish Tank');
    expect(json(res, ApiErrorSchema).details).toEqual([
      { path: 'items.1.quantity', message: outOfStockMessage('Fish Tank', 2) },
    ]);
    expect(await stocks('Dog Food', 'Fish Tank')).toEqual([10, 2]);
    expect(await ordersOf(shopper.user.id)).toEqual([]);
    expect(await mailsTo(shopper.user.email)).toEqual([]);
  });

  it('names every short product, one sentence each, with a detail per line', async () => {
    await setStock(db(), 10, [idOf('Dog Food')]);
    await setStock(db(), 1, [idOf('Pet Shampoo')]);
    await setStock(db(), 0, [idOf('Cat Toy')]);
    const res = await placeOrder(
      t.app,
      customer.token,
      bodyOf([
        ['Pet Shampoo', 2],
        ['Dog Food', 1],
        ['Cat Toy', 1],
      ]),
    );
    expectError(res, 409, 'OUT_OF_STOCK', 'Only 1 left of Pet Shampoo; Cat Toy is out of stock');
    expect(json(res, ApiErrorSchema).details).toEqual([
      { path: 'items.0.quantity', message: 'Only 1 left of Pet Shampoo' },
      { path: 'items.2.quantity', message: 'Cat Toy is out of stock' },
    ]);
    expect(await stocks('Pet Shampoo', 'Dog Food', 'Cat Toy')).toEqual([1, 10, 0]);
  });

  it('refuses a deactivated product with 409 naming it, and takes nothing', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 10, [idOf('Dog Food'), idOf('Pet Water Dispenser')]);
    await db()
      .update(products)
      .set({ active: false })
      .where(eq(products.id, idOf('Pet Water Dispenser')));
    try {
      const res = await placeOrder(
        t.app,
        shopper.token,
        bodyOf([
          ['Dog Food', 1],
          ['Pet Water Dispenser', 1],
        ]),
      );
      expectError(res, 409, 'CONFLICT', UNAVAILABLE_PRODUCT('Pet Water Dispenser'));
      expect(json(res, ApiErrorSchema).details).toEqual([
        { path: 'items.1.productId', message: 'Pet Water Dispenser is no longer available' },
      ]);
      expect(await stocks('Dog Food', 'Pet Water Dispenser')).toEqual([10, 10]);
      expect(await ordersOf(shopper.user.id)).toEqual([]);
    } finally {
      await db()
        .update(products)
        .set({ active: true })
        .where(eq(products.id, idOf('Pet Water Dispenser')));
    }
  });

  it('a replay with the same key takes no stock and queues no second mail', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 10, [idOf('Organic Pet Treats')]);
    const key = randomUUID();
    const body = bodyOf([['Organic Pet Treats', 4]]);
    const first = await placeOrder(t.app, shopper.token, body, key);
    expect(first.statusCode).toBe(201);
    const again = await Promise.all([1, 2, 3].map(() => placeOrder(t.app, shopper.token, body, key)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await stocks('Organic Pet Treats')).toEqual([6]);
    expect(await mailsTo(shopper.user.email)).toHaveLength(1);
  });

  it('racing requests with one key take the stock once', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 10, [idOf('Whiskas Cat Food')]);
    const key = randomUUID();
    const body = bodyOf([['Whiskas Cat Food', 3]]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => placeOrder(t.app, shopper.token, body, key)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await stocks('Whiskas Cat Food')).toEqual([7]);
  });

  it('removes the ordered products from the cart, keeps the other lines, and keeps the cart when refused', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 10, [idOf('Dog Food'), idOf('Cat Toy'), idOf('Bird Cage')]);
    await db()
      .insert(cartItems)
      .values([
        { userId: shopper.user.id, productId: idOf('Dog Food'), quantity: 5 },
        { userId: shopper.user.id, productId: idOf('Cat Toy'), quantity: 1 },
        { userId: shopper.user.id, productId: idOf('Bird Cage'), quantity: 2 },
      ]);
    const cart = async () =>
      (await db().select().from(cartItems).where(eq(cartItems.userId, shopper.user.id)))
        .map((c) => c.productId)
        .sort((a, b) => a - b);

    const refused = await placeOrder(
      t.app,
      shopper.token,
      bodyOf([
        ['Dog Food', 2],
        ['Cat Toy', 11],
      ]),
    );
    expect(refused.statusCode).toBe(409);
    expect(await cart()).toHaveLength(3);

    const placed = await placeOrder(
      t.app,
      shopper.token,
      bodyOf([
        ['Dog Food', 2],
        ['Cat Toy', 1],
      ]),
    );
    expect(placed.statusCode).toBe(201);
    expect(await cart()).toEqual([idOf('Bird Cage')]);
  });

  it('queues one confirmation mail with the order, written in the same transaction', async () => {
    const shopper = await t.buildUser({ role: 'user', name: 'Mail <Reader>' });
    await setStock(db(), 10, [idOf('Soft Pet Bed - Large')]);
    const order = json(
      await placeOrder(t.app, shopper.token, { ...bodyOf([['Soft Pet Bed - Large', 2]]), paymentMethod: 'upi' }),
      OrderSchema,
    );
    const mails = await mailsTo(shopper.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Your Pawcare order ${order.number} is placed`);
    expect(mail!.text).toContain('2 x Soft Pet Bed - Large: ₹3,750.00');
    expect(mail!.text).toContain('Payment: UPI/QR');
    expect(mail!.text).toContain(`${t.config.PUBLIC_URL}/customer/my-orders/${order.id}`);
    expect(mail!.html).toContain('Hello Mail &lt;Reader&gt;,');
  });
});

describe('stock under racing orders', () => {
  const customers: Awaited<ReturnType<TestContext['buildUser']>>[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) customers.push(await t.buildUser({ role: 'user' }));
  });

  it('30 customers ordering the last 5 units at once: exactly 5 are sold, the other 25 hear OUT_OF_STOCK', async () => {
    await setStock(db(), 5, [idOf('Pedigree Puppy Food')]);
    const before = await sold('Pedigree Puppy Food');
    const answers = await Promise.all(
      customers.map((c) => placeOrder(t.app, c.token, bodyOf([['Pedigree Puppy Food', 1]]))),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(25);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expectError(refused, 409, 'OUT_OF_STOCK', 'Pedigree Puppy Food is out of stock');
    }
    expect(await stocks('Pedigree Puppy Food')).toEqual([0]);
    expect((await sold('Pedigree Puppy Food')) - before).toBe(5);
  });

  it('30 customers ordering mixed quantities of the last 5 units: never more than 5 sold, stock never below zero', async () => {
    await setStock(db(), 5, [idOf('Cat Toy')]);
    const before = await sold('Cat Toy');
    const quantities = customers.map((_, i) => (i % 3) + 1);
    const answers = await Promise.all(
      customers.map((c, i) => placeOrder(t.app, c.token, bodyOf([['Cat Toy', quantities[i]!]]))),
    );
    const placed = answers.flatMap((r, i) => (r.statusCode === 201 ? [quantities[i]!] : []));
    const refused = answers.flatMap((r, i) => (r.statusCode === 409 ? [quantities[i]!] : []));
    expect(placed.length + refused.length).toBe(30);
    const left = (await stocks('Cat Toy'))[0]!;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(placed.reduce((a, b) => a + b, 0) + left).toBe(5);
    expect((await sold('Cat Toy')) - before).toBe(5 - left);
    // Stock only fell during the race: each refused order asked for more than what is left even now.
    for (const q of refused) expect(q).toBeGreaterThan(left);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(json(r, ApiErrorSchema).code).toBe('OUT_OF_STOCK');
  });

  it('orders over two products in opposite line order never deadlock: each is placed or refused, none fails', async () => {
    await setStock(db(), 20, [idOf('Dog Food'), idOf('Fish Tank')]);
    const before = await Promise.all([sold('Dog Food'), sold('Fish Tank')]);
    const answers = await Promise.all(
      customers.map((c, i) =>
        placeOrder(
          t.app,
          c.token,
          bodyOf(
            i % 2
              ? [
                  ['Dog Food', 1],
                  ['Fish Tank', 1],
                ]
              : [
                  ['Fish Tank', 1],
                  ['Dog Food', 1],
                ],
          ),
        ),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(await stocks('Dog Food', 'Fish Tank')).toEqual([0, 0]);
    const [dogFood, fishTank] = await Promise.all([sold('Dog Food'), sold('Fish Tank')]);
    expect([dogFood - before[0], fishTank - before[1]]).toEqual([20, 20]);
  });

  it('checkouts and cancellations of the same products at once leave stock equal to what the live orders hold', async () => {
    const names = ['Chew Toy - Rubber Bone', 'Pet Shampoo'];
    await setStock(db(), 40, [idOf(names[0]!), idOf(names[1]!)]);
    const staff = await t.buildUser({ role: 'employee' });
    const first = await Promise.all(
      customers.slice(0, 15).map((c, i) =>
        placeOrder(
          t.app,
          c.token,
          bodyOf([
            [names[i % 2]!, 1],
            [names[(i + 1) % 2]!, 1],
          ]),
        ),
      ),
    );
    const placed = first.map((r) => json(r, OrderSchema));
    await Promise.all([
      ...placed.map((o, i) =>
        i % 2
          ? t.app.inject({
              method: 'PUT',
              url: `/api/orders/${o.id}/cancel`,
              headers: t.auth(customers[i]!.token),
            })
          : t.app.inject({
              method: 'PUT',
              url: `/api/orders/${o.id}/status`,
              headers: t.auth(staff.token),
              payload: { status: 'cancelled' },
            }),
      ),
      ...customers.slice(15).map((c, i) =>
        placeOrder(
          t.app,
          c.token,
          bodyOf([
            [names[(i + 1) % 2]!, 2],
            [names[i % 2]!, 1],
          ]),
        ),
      ),
    ]).then((answers) => answers.forEach((r) => expect(r.statusCode, r.body).toBeLessThan(300)));
    // Every first order was canceled (its 1 + 1 given back); the later ones hold 2 + 1 each, 22 and 23 in all.
    expect(await stocks(...names)).toEqual([40 - 22, 40 - 23]);
  });
});
