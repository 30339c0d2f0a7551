import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MSG, type Analytics } from '#shared/analytics';
import { addDays, todayIn } from '#shared/dates';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { deliveryAddress, placeOrder, productIds } from '../test/orders.ts';

/**
 * GET /api/analytics against hand-made history in the clinic's time zone (Asia/Kolkata, UTC+05:30): every figure is
 * checked against numbers worked out by hand, including rows a minute either side of a clinic-local midnight.
 */

let t: TestContext;
let admin: string;
let customerToken: string;
let employeeToken: string;
let customer: { id: string; name: string; email: string };
let staff: { id: string; name: string };
let other: { id: string; name: string };
let third: { id: string; name: string };
let adminUser: { id: string; name: string };

/** An instant given as clinic-local (IST) wall-clock time, 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DDTHH:mm:ss'. */
const ist = (dateTime: string) => new Date(`${dateTime}${dateTime.length === 16 ? ':00' : ''}+05:30`).toISOString();

async function booking(service: keyof typeof SEEDED_OFFERING_IDS, at: string, status: string, pet: string) {
  const minutes = service === 'training' ? 60 : 30;
  await t.database.db.execute(sql`
    insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                               pet_name, owner_name, phone, status, service_id)
    values (${customer.id}::uuid, ${customer.name}, ${customer.email}, 'then', ${at}::timestamptz,
            ${at}::timestamptz + make_interval(mins => ${minutes}), 30, ${pet}, ${customer.name}, '9876543210',
            ${status}, ${SEEDED_OFFERING_IDS[service]}::uuid)`);
}

/** An order at `at` of lines (product name, unit price, quantity) with the given statuses; the total is their sum. */
async function order(
  at: string,
  status: string,
  paymentStatus: string,
  lines: [product: string, unitPrice: string, quantity: number][],
) {
  const db = t.database.db;
  const total = lines.reduce((sum, [, price, qty]) => sum + Math.round(Number(price) * 100) * qty, 0) / 100;
  const [row] = (
    await db.execute(sql`
      insert into orders (user_id, idempotency_key, payment_method, address, total, customer_name, customer_email,
                          status, payment_status, created_at)
      values (${customer.id}::uuid, gen_random_uuid()::text, 'cod', '{}'::jsonb, ${total.toFixed(2)}::numeric,
              ${customer.name}, ${customer.email}, ${status}, ${paymentStatus}, ${at}::timestamptz)
      returning id`)
  ).rows as { id: string }[];
  for (const [name, price, qty] of lines) {
    await db.execute(sql`
      insert into order_items (order_id, product_id, name, unit_price, discount, quantity, line_total)
      select ${row!.id}::uuid, p.id, p.name, ${price}::numeric, 0, ${qty}, ${price}::numeric * ${qty}
        from products p where p.name = ${name}`);
  }
}

async function message(who: { id: string; name: string }, role: string, conversation: string | null, at: string) {
  await t.database.db.execute(sql`
    insert into chat_messages (sender_id, sender_name, sender_role, customer_id, client_message_id, message, created_at)
    values (${who.id}::uuid, ${who.name}, ${role}, ${conversation}::uuid, gen_random_uuid()::text, 'Hello',
            ${at}::timestamptz)`);
}

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: 'Asia/Kolkata' });
  const a = await t.buildUser({ role: 'admin' });
  admin = a.token;
  adminUser = a.user;
  employeeToken = (await t.buildUser({ role: 'employee' })).token;
  const c = await t.buildUser({ name: 'Asha Customer' });
  customer = c.user;
  customerToken = c.token;
  staff = (await t.buildUser({ role: 'employee', name: 'Clinic Staff' })).user;
  other = (await t.buildUser({ name: 'Second Customer' })).user;
  third = (await t.buildUser({ name: 'Third Customer' })).user;

  // Bookings by appointment time. 10 and 11 March 2025 are the range; each of the others lies a minute outside it.
  await booking('checkup', ist('2025-03-10T10:00'), 'completed', 'Bruno');
  await booking('checkup', ist('2025-03-10T11:00'), 'no_show', 'Coco');
  await booking('checkup', ist('2025-03-11T09:00'), 'pending', 'Dash');
  await booking('checkup', ist('2025-03-11T09:30'), 'canceled', 'Echo');
  await booking('training', ist('2025-03-10T23:59'), 'confirmed', 'Fido'); // 18:29 UTC: still 10 March
  await booking('training', ist('2025-03-11T00:00'), 'completed', 'Goldie'); // 18:30 UTC on the 10th: 11 March
  await booking('checkup', ist('2025-03-09T23:59'), 'completed', 'Hugo');
  await booking('checkup', ist('2025-03-12T00:00'), 'no_show', 'Iggy');

  // Orders by the time they were placed.
  await order(ist('2025-03-10T10:00'), 'placed', 'unpaid', [
    ['Dog Food', '100.50', 2],
    ['Cat Toy', '99.99', 1],
  ]); // 300.99
  await order(ist('2025-03-10T12:00'), 'delivered', 'paid', [['Dog Food', '100.50', 1]]); // 100.50
  await order(ist('2025-03-11T00:10'), 'shipped', 'paid', [['Pet Shampoo', '33.33', 3]]); // 99.99, 10 March in UTC
  await order(ist('2025-03-11T15:00'), 'cancelled', 'refund_due', [['Cat Toy', '99.99', 5]]); // 499.95
  await order(ist('2025-03-11T16:00'), 'cancelled', 'refunded', [['Dog Food', '100.50', 1]]); // 100.50
  await order(ist('2025-03-09T23:59'), 'delivered', 'paid', [['Dog Food', '100.50', 9]]);
  await order(ist('2025-03-12T00:00'), 'delivered', 'paid', [['Dog Food', '100.50', 9]]);

  // Chat. Asha: a wait answered after 120 s (her second message waits on in the same wait), one answered by an
  // admin after 40 s, and one still unanswered.
  await message(customer, 'user', customer.id, ist('2025-03-10T10:00'));
  await message(customer, 'user', customer.id, ist('2025-03-10T10:00:30'));
  await message(staff, 'employee', customer.id, ist('2025-03-10T10:02'));
  await message(customer, 'user', customer.id, ist('2025-03-10T10:05'));
  await message(adminUser, 'admin', customer.id, ist('2025-03-10T10:05:40'));
  await message(customer, 'user', customer.id, ist('2025-03-11T09:00'));
  // Second: the wait began the day before the range; a message of the range during it starts no new wait.
  await message(other, 'user', other.id, ist('2025-03-09T23:00'));
  await message(other, 'user', other.id, ist('2025-03-10T01:00'));
  await message(staff, 'employee', other.id, ist('2025-03-10T02:00'));
  // Third: a broadcast to all customers is no answer; staff answer in the conversation after 10 minutes.
  await message(third, 'user', third.id, ist('2025-03-10T11:00'));
  await message(staff, 'employee', null, ist('2025-03-10T11:01'));
  await message(staff, 'employee', third.id, ist('2025-03-10T11:10'));
}, 60_000);
afterAll(() => t.close());

const get = (query: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/analytics${query}`, headers: t.auth(token) });

async function figures(from: string, to: string): Promise<Analytics> {
  const res = await get(`?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/analytics', () => {
  it('is for admins only', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/analytics' }), 401, 'UNAUTHENTICATED');
    expectError(await get('', customerToken), 403, 'FORBIDDEN');
    expectError(await get('', employeeToken), 403, 'FORBIDDEN');
    expect((await get('')).statusCode).toBe(200);
  });

  it('counts bookings by appointment day in the clinic time zone, by service and status', async () => {
    const a = await figures('2025-03-10', '2025-03-11');
    expect(a).toMatchObject({ from: '2025-03-10', to: '2025-03-11', timeZone: 'Asia/Kolkata' });
    const rows = a.bookingsPerDay.map((b) => `${b.date} ${b.serviceName} ${b.status} ${b.count}`);
    expect(rows).toEqual([
      '2025-03-10 Pet Health Checkup completed 1',
      '2025-03-10 Pet Health Checkup no_show 1',
      '2025-03-10 Pet Training confirmed 1',
      '2025-03-11 Pet Health Checkup canceled 1',
      '2025-03-11 Pet Health Checkup pending 1',
      '2025-03-11 Pet Training completed 1',
    ]);
    expect(a.bookingsPerDay[0]!.serviceId).toBe(SEEDED_OFFERING_IDS.checkup);
    expect(a.visits).toEqual({ completed: 2, noShow: 1, noShowRate: 0.333 });
  });

  it('draws each day at the clinic-local midnight', async () => {
    const tenth = await figures('2025-03-10', '2025-03-10');
    expect(tenth.bookingsPerDay.map((b) => `${b.serviceName} ${b.status}`)).toEqual([
      'Pet Health Checkup completed',
      'Pet Health Checkup no_show',
      'Pet Training confirmed',
    ]);
    expect(tenth.revenuePerDay).toEqual([{ date: '2025-03-10', orders: 2, amount: 401.49, paid: 100.5 }]);
    const eleventh = await figures('2025-03-11', '2025-03-11');
    expect(eleventh.bookingsPerDay.map((b) => `${b.serviceName} ${b.status}`)).toEqual([
      'Pet Health Checkup canceled',
      'Pet Health Checkup pending',
      'Pet Training completed',
    ]);
    expect(eleventh.visits).toEqual({ completed: 1, noShow: 0, noShowRate: 0 });
  });

  it('sums revenue exactly per day and per category, canceled orders left out', async () => {
    const a = await figures('2025-03-10', '2025-03-11');
    expect(a.revenuePerDay).toEqual([
      { date: '2025-03-10', orders: 2, amount: 401.49, paid: 100.5 },
      { date: '2025-03-11', orders: 1, amount: 99.99, paid: 99.99 },
    ]);
    expect(a.revenuePerCategory).toEqual([
      { category: 'Food', quantity: 3, amount: 301.5 },
      { category: 'Care', quantity: 3, amount: 99.99 },
      { category: 'Toys', quantity: 1, amount: 99.99 },
    ]);
    expect(a.topProducts.map(({ name, quantity, revenue }) => ({ name, quantity, revenue }))).toEqual([
      { name: 'Dog Food', quantity: 3, revenue: 301.5 },
      { name: 'Pet Shampoo', quantity: 3, revenue: 99.99 },
      { name: 'Cat Toy', quantity: 1, revenue: 99.99 },
    ]);
  });

  it('counts every order of the range by payment status, each status present', async () => {
    const a = await figures('2025-03-10', '2025-03-11');
    expect(a.ordersByPaymentStatus).toEqual([
      { paymentStatus: 'unpaid', count: 1, amount: 300.99 },
      { paymentStatus: 'paid', count: 2, amount: 200.49 },
      { paymentStatus: 'refund_due', count: 1, amount: 499.95 },
      { paymentStatus: 'refunded', count: 1, amount: 100.5 },
    ]);
  });

  it("measures staff's first response to each wait that starts in the range", async () => {
    const a = await figures('2025-03-10', '2025-03-11');
    // Waits: Asha 10:00 (120 s), Asha 10:05 (40 s), Third 11:00 (600 s) on the 10th; Asha 09:00 on the 11th, open.
    expect(a.chatFirstResponse).toEqual({
      waits: 4,
      answered: 3,
      medianSeconds: 120,
      p90Seconds: 504,
      perDay: [
        { date: '2025-03-10', waits: 3, answered: 3, medianSeconds: 120 },
        { date: '2025-03-11', waits: 1, answered: 0, medianSeconds: null },
      ],
    });
  });

  it("counts an order placed at the shop's checkout today in every order figure of today", async () => {
    const today = todayIn('Asia/Kolkata');
    const before = await figures(today, today);
    const ids = await productIds(t.database.db);
    const placed = await placeOrder(t.app, customerToken, {
      items: [
        { productId: ids.get('Cat Toy')!, quantity: 2 },
        { productId: ids.get('Pet Shampoo')!, quantity: 1 },
      ],
      address: deliveryAddress(customer.name),
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const total = placed.json<{ total: number }>().total;
    const after = await figures(today, today);
    expect(after.revenuePerDay[0]!.orders).toBe(before.revenuePerDay[0]!.orders + 1);
    expect(after.revenuePerDay[0]!.amount).toBeCloseTo(before.revenuePerDay[0]!.amount + total, 2);
    expect(after.topProducts.map((p) => p.name).sort()).toEqual(['Cat Toy', 'Pet Shampoo']);
    expect(after.revenuePerCategory.map((c) => c.category).sort()).toEqual(['Care', 'Toys']);
    expect(after.ordersByPaymentStatus.find((p) => p.paymentStatus === 'unpaid')).toEqual({
      paymentStatus: 'unpaid',
      count: 1,
      amount: total,
    });
  });

  it("keeps every order line at its order's time, whatever an insert or update says", async () => {
    const db = t.database.db;
    const placedAt = async () =>
      (
        await db.execute(sql`
          select i.placed_at = o.created_at as same from order_items i join orders o on o.id = i.order_id
           where o.idempotency_key = 'moved'`)
      ).rows as { same: boolean }[];
    await db.execute(sql`
      with o as (insert into orders (user_id, idempotency_key, payment_method, address, total, customer_name,
                                     customer_email, created_at)
                 values (${customer.id}::uuid, 'moved', 'cod', '{}'::jsonb, 10, 'A', 'a@example.com',
                         '2025-01-05T10:00:00Z') returning id)
      insert into order_items (order_id, product_id, name, unit_price, discount, quantity, line_total, placed_at)
      select id, 1, 'Dog Food', 10, 0, 1, 10, now() from o`);
    expect(await placedAt()).toEqual([{ same: true }]);
    await db.execute(sql`update order_items set placed_at = now() where name = 'Dog Food' and unit_price = 10`);
    expect(await placedAt()).toEqual([{ same: true }]);
    await db.execute(sql`update orders set created_at = '2025-01-06T10:00:00Z' where idempotency_key = 'moved'`);
    expect(await placedAt()).toEqual([{ same: true }]);
    expect((await figures('2025-01-06', '2025-01-06')).topProducts).toMatchObject([{ name: 'Dog Food', quantity: 1 }]);
  });

  it('fills the days without activity with zeros', async () => {
    const a = await figures('2025-03-13', '2025-03-15');
    expect(a.bookingsPerDay).toEqual([]);
    expect(a.visits).toEqual({ completed: 0, noShow: 0, noShowRate: null });
    expect(a.revenuePerDay.map((d) => [d.date, d.orders, d.amount])).toEqual([
      ['2025-03-13', 0, 0],
      ['2025-03-14', 0, 0],
      ['2025-03-15', 0, 0],
    ]);
    expect(a.revenuePerCategory).toEqual([]);
    expect(a.topProducts).toEqual([]);
    expect(a.ordersByPaymentStatus.every((p) => p.count === 0 && p.amount === 0)).toBe(true);
    expect(a.chatFirstResponse).toMatchObject({ waits: 0, answered: 0, medianSeconds: null, p90Seconds: null });
    expect(a.chatFirstResponse.perDay).toHaveLength(3);
  });

  it('covers the last 30 days, today included, when no range is given', async () => {
    const today = todayIn('Asia/Kolkata');
    const a = (await get('')).json<Analytics>();
    expect(a.from).toBe(addDays(today, -29));
    expect(a.to).toBe(today);
    expect(a.revenuePerDay).toHaveLength(30);
    const fromOnly = (await get(`?from=${addDays(today, -6)}`)).json<Analytics>();
    expect([fromOnly.from, fromOnly.to]).toEqual([addDays(today, -6), today]);
  });

  it('refuses ranges that are not real, backwards or too long with a clear 400', async () => {
    expectError(await get('?from=2025-02-30&to=2025-03-01'), 400, 'VALIDATION', ANALYTICS_MSG.fromInvalid);
    expectError(await get('?from=2025-03-01&to=tomorrow'), 400, 'VALIDATION', ANALYTICS_MSG.toInvalid);
    expectError(await get('?from=1999-12-31&to=2000-01-02'), 400, 'VALIDATION', ANALYTICS_MSG.outOfRange);
    expectError(await get('?from=2025-03-11&to=2025-03-10'), 400, 'VALIDATION', ANALYTICS_MSG.fromAfterTo);
    expectError(await get('?from=2020-01-01&to=2025-01-01'), 400, 'VALIDATION', ANALYTICS_MSG.tooLong);
    expect((await get('?from=2020-01-01&to=2024-12-31')).statusCode).toBe(200); // five years, two leap days
    expect((await get('?from=2023-03-12&to=2025-03-11')).statusCode).toBe(200); // two years
    // A start after today with no end: the end defaults to today, which is before it.
    const future = addDays(todayIn('Asia/Kolkata'), 3);
    expectError(await get(`?from=${future}`), 400, 'VALIDATION', ANALYTICS_MSG.fromAfterTo);
  });
});
