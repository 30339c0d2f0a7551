import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_MSG, SHOP_HOLD_DEFAULTS } from '#shared/clinic-settings';
import { OrderSchema, type Order } from '#shared/orders';
import { rowsOf } from '../db/client.ts';
import { auditLog, notifications, orderItems, orders, outbox } from '../db/schema/index.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { deliveryAddress, placeOrder, productIds, setStock, stockOf } from '../test/orders.ts';
import { startHoldExpiry } from './expire-holds.ts';

/* The shop's holds (decision 038): caps against one customer taking the shelf, and unpaid UPI orders expiring. */

let t: TestContext;
let ids: Map<string, number>;
let staff: Awaited<ReturnType<TestContext['buildUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await productIds(t.database.db);
  staff = await t.buildUser({ role: 'employee' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const idOf = (name: string) => ids.get(name)!;
const db = () => t.database.db;
const bodyOf = (items: [string, number][], paymentMethod: 'upi' | 'cod' | 'card' = 'cod') => ({
  items: items.map(([name, quantity]) => ({ productId: idOf(name), quantity })),
  address: deliveryAddress(),
  paymentMethod,
});
const job = () => startHoldExpiry({ db: db(), config: t.config, log: t.app.log, autoStart: false });
/** A moment after every hold placed so far (and by this test) has run out. */
const pastHolds = () => new Date(Date.now() + (SHOP_HOLD_DEFAULTS.upiHoldMinutes + 1) * MINUTE);

async function place(token: string, items: [string, number][], method: 'upi' | 'cod' | 'card' = 'cod') {
  const res = await placeOrder(t.app, token, bodyOf(items, method));
  expect(res.statusCode, res.body).toBe(201);
  return json(res, OrderSchema);
}

async function statusOf(id: string) {
  const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

/** Units of a product in stored orders that are not cancelled: what the shop has sold or still holds. */
async function held(name: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(sql`
      select coalesce(sum(i.quantity), 0)::int as n from ${orderItems} i join ${orders} o on o.id = i.order_id
      where i.product_id = ${idOf(name)} and o.status <> 'cancelled'`),
  );
  return Number(row!.n);
}

describe('caps against hoarding', () => {
  it('refuses more units of a product than one order may take (400, naming the product), and takes no stock', async () => {
    const hoarder = await t.buildUser({ role: 'user' });
    const other = await t.buildUser({ role: 'user' });
    await setStock(db(), 50, [idOf('Dog Food'), idOf('Cat Toy')]);
    const res = await placeOrder(
      t.app,
      hoarder.token,
      bodyOf([
        ['Cat Toy', 2],
        ['Dog Food', SHOP_HOLD_DEFAULTS.maxUnitsPerProduct + 1],
      ]),
    );
    const tooMany = CLINIC_MSG.tooManyUnits('Dog Food', SHOP_HOLD_DEFAULTS.maxUnitsPerProduct);
    expectError(res, 400, 'VALIDATION', tooMany);
    expect(res.json<{ details: unknown }>().details).toEqual([{ path: 'items.1.quantity', message: tooMany }]);
    expect(await stockOf(db(), idOf('Dog Food'))).toBe(50);
    // Exactly the cap is fine, and another customer still buys.
    await place(hoarder.token, [['Dog Food', SHOP_HOLD_DEFAULTS.maxUnitsPerProduct]]);
    await place(other.token, [['Dog Food', 3]]);
    expect(await stockOf(db(), idOf('Dog Food'))).toBe(50 - SHOP_HOLD_DEFAULTS.maxUnitsPerProduct - 3);
  });

  it('refuses a third open unpaid order (409 UNPAID_LIMIT) while another customer buys; confirming one frees a place', async () => {
    const hoarder = await t.buildUser({ role: 'user' });
    const other = await t.buildUser({ role: 'user' });
    await setStock(db(), 40, [idOf('Bird Cage')]);
    const first = await place(hoarder.token, [['Bird Cage', 10]], 'cod');
    await place(hoarder.token, [['Bird Cage', 10]], 'upi');
    const third = await placeOrder(t.app, hoarder.token, bodyOf([['Bird Cage', 10]], 'cod'));
    expectError(third, 409, 'UNPAID_LIMIT', CLINIC_MSG.tooManyUnpaid(SHOP_HOLD_DEFAULTS.maxUnpaidOrders));
    expect(await stockOf(db(), idOf('Bird Cage'))).toBe(20);
    expect(await held('Bird Cage')).toBe(20);
    await place(other.token, [['Bird Cage', 5]]);
    expect(await stockOf(db(), idOf('Bird Cage'))).toBe(15);
    // Once staff confirm the cash order it no longer counts as open and unpaid.
    const confirm = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${first.id}/status`,
      headers: t.auth(staff.token),
      payload: { status: 'confirmed' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await place(hoarder.token, [['Bird Cage', 1]]);
  });

  it('counts racing checkouts of one customer one after the other: never more than the cap', async () => {
    const hoarder = await t.buildUser({ role: 'user' });
    await setStock(db(), 40, [idOf('Fish Tank')]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(t.app, hoarder.token, bodyOf([['Fish Tank', 2]]))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409]);
    expect(await stockOf(db(), idOf('Fish Tank'))).toBe(36);
  });

  it('lets a retry of the same checkout at the cap answer with its order', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 40, [idOf('Cat Toy')]);
    await place(shopper.token, [['Cat Toy', 1]]);
    const body = bodyOf([['Cat Toy', 1]]);
    const key = 'hold-retry-key';
    const first = await placeOrder(t.app, shopper.token, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await placeOrder(t.app, shopper.token, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again, OrderSchema).id).toBe(json(first, OrderSchema).id);
  });
});

describe('unpaid UPI orders hold their stock for a while', () => {
  it('says until when a UPI order is held; cash orders hold until staff confirm them', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 40, [idOf('Dog Food')]);
    const upi = await place(shopper.token, [['Dog Food', 1]], 'upi');
    const cod = await place(shopper.token, [['Dog Food', 1]], 'cod');
    expect(Date.parse(upi.holdUntil!) - Date.parse(upi.createdAt)).toBeCloseTo(
      SHOP_HOLD_DEFAULTS.upiHoldMinutes * MINUTE,
      -3,
    );
    expect(cod.holdUntil).toBeNull();
  });

  it('cancels a UPI order without its reference past its hold, once, however many jobs race or restart', async () => {
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => t.buildUser({ role: 'user' })));
    const initial = 30;
    await setStock(db(), initial, [idOf('Whiskas Cat Food')]);
    expect(await held('Whiskas Cat Food')).toBe(0);
    const placed: Order[] = [];
    for (const s of shoppers) placed.push(await place(s.token, [['Whiskas Cat Food', 3]], 'upi'));
    // One more that is paid by cash, and stays.
    await place(shoppers[0]!.token, [['Whiskas Cat Food', 2]], 'cod');
    expect(await stockOf(db(), idOf('Whiskas Cat Food'))).toBe(initial - 14);

    // Before the hold runs out nothing happens.
    expect(await job().runOnce(new Date(Date.now() + (SHOP_HOLD_DEFAULTS.upiHoldMinutes - 1) * MINUTE))).toBe(0);
    expect(await stockOf(db(), idOf('Whiskas Cat Food'))).toBe(initial - 14);

    const now = pastHolds();
    const [a, b] = [job(), job()];
    const counts = await Promise.all([a.runOnce(now), b.runOnce(now), a.runOnce(now), b.runOnce(now)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(placed.length);
    await Promise.all([a.stop(), b.stop()]);
    // A restarted job finds nothing more to give back.
    const restarted = job();
    expect(await restarted.runOnce(now)).toBe(0);
    await restarted.stop();

    for (const o of placed) expect(await statusOf(o.id)).toBe('cancelled');
    expect(await held('Whiskas Cat Food')).toBe(2);
    expect(await stockOf(db(), idOf('Whiskas Cat Food'))).toBe(initial - (await held('Whiskas Cat Food')));
    const [row] = await db()
      .select({ cancelledBy: orders.cancelledBy })
      .from(orders)
      .where(eq(orders.id, placed[0]!.id));
    expect(row!.cancelledBy).toBe('system');
  });

  it('tells the customer (notification and mail) and writes the audit entry as the system', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 40, [idOf('Pet Shampoo')]);
    const order = await place(shopper.token, [['Pet Shampoo', 2]], 'upi');
    await job().runOnce(pastHolds());
    expect(await statusOf(order.id)).toBe('cancelled');

    const told = await db().select().from(notifications).where(eq(notifications.userId, shopper.user.id));
    expect(told.map((n) => n.title)).toContain(`Order ${order.number} canceled`);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, shopper.user.email), eq(outbox.kind, 'order_cancelled_unpaid')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Pawcare order ${order.number} was canceled: no payment arrived`);
    const entries = await db().select().from(auditLog).where(eq(auditLog.subjectId, order.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, actorRole: 'system', kind: 'order.status_changed' });

    // The customer's order page shows who canceled it.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: t.auth(shopper.token) });
    expect(json(mine, OrderSchema)).toMatchObject({ status: 'cancelled', cancelledBy: 'system' });
  });

  it('keeps a UPI order whose customer entered the transaction reference', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 40, [idOf('Organic Pet Treats')]);
    const order = await place(shopper.token, [['Organic Pet Treats', 4]], 'upi');
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/payment`,
      headers: t.auth(shopper.token),
      payload: { reference: '123456789012' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await job().runOnce(pastHolds());
    expect(await statusOf(order.id)).toBe('placed');
    expect(await stockOf(db(), idOf('Organic Pet Treats'))).toBe(36);
  });

  it('keeps a cash order, placed or confirmed by staff, and a UPI order staff confirmed', async () => {
    const shopper = await t.buildUser({ role: 'user' });
    await setStock(db(), 40, [idOf('Pedigree Puppy Food')]);
    const cod = await place(shopper.token, [['Pedigree Puppy Food', 1]], 'cod');
    const upi = await place(shopper.token, [['Pedigree Puppy Food', 1]], 'upi');
    for (const o of [cod, upi]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${o.id}/status`,
        headers: t.auth(staff.token),
        payload: { status: 'confirmed' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const waiting = await place(shopper.token, [['Pedigree Puppy Food', 1]], 'cod');
    await job().runOnce(new Date(Date.now() + 7 * 24 * 60 * MINUTE));
    expect(await statusOf(cod.id)).toBe('confirmed');
    expect(await statusOf(upi.id)).toBe('confirmed');
    expect(await statusOf(waiting.id)).toBe('placed');
    expect(await stockOf(db(), idOf('Pedigree Puppy Food'))).toBe(37);
  });

  it('reads the hold from the clinic settings at checkout', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const current = await t.app.inject({ method: 'GET', url: '/api/settings/clinic', headers: t.auth(admin.token) });
    const settings = current.json<Record<string, unknown>>();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/clinic',
      headers: t.auth(admin.token),
      payload: { ...settings, upiHoldMinutes: 10 },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const shopper = await t.buildUser({ role: 'user' });
      await setStock(db(), 40, [idOf('Royal Canin Dog Food')]);
      const order = await place(shopper.token, [['Royal Canin Dog Food', 1]], 'upi');
      expect(Date.parse(order.holdUntil!) - Date.parse(order.createdAt)).toBeCloseTo(10 * MINUTE, -3);
      await job().runOnce(new Date(Date.now() + 11 * MINUTE));
      expect(await statusOf(order.id)).toBe('cancelled');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings/clinic',
        headers: t.auth(admin.token),
        payload: settings,
      });
    }
  });
});
