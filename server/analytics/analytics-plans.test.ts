import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDays } from '#shared/analytics';
import { todayIn } from '#shared/dates';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { readingsOf, type Reading } from '../test/query-plans.ts';

/**
 * Each figure of GET /api/analytics reads the per-day summaries of its range (decision 048), never the bookings,
 * orders or messages behind them: a database holding DAYS days of bookings, orders (two lines each) and chat, PER_DAY
 * of each a day, is asked for the last two years, and every statement is run under EXPLAIN ANALYZE to count the rows
 * it touched. A summary holds a few rows a day whatever the day held, so each statement reads fewer than BOUND rows
 * where the range holds N of each kind. Rows read is what grows with history; a time would be noise.
 */
const DAYS = 60;
const PER_DAY = 48;
const N = DAYS * PER_DAY;
/** At most 2 services x 3 statuses, 2 payment statuses, 2 products or a few buckets a day, with room to spare. */
const BOUND = DAYS * 10;
/** The tables the figures count, which no statement of the request may read. */
const COUNTED = ['slot_bookings', 'orders', 'order_items', 'chat_messages'];

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: 'Asia/Kolkata' });
  admin = (await t.buildUser({ role: 'admin' })).token;
  const staff = await t.buildUser({ role: 'employee', name: 'Clinic Staff' });
  const db = t.database.db;
  // 100 customers; row i of each kind happens i/PER_DAY days ago (bookings and orders), 2.4 hours apart.
  await db.execute(sql`
    insert into users (name, email, password_hash, phone, role)
    select 'Customer ' || i, 'customer' || i || '@example.com', 'x', '9876543210', 'user' from generate_series(1, 100) i`);
  await db.execute(sql`
    create temp table plan_customers as
    select id, name, email, row_number() over (order by email) as k from users where role = 'user'`);
  await db.execute(sql`
    insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, pet_name,
                               owner_name, phone, status, service_id)
    select c.id, c.name, c.email, 'then', at, at + interval '30 minutes', 30, 'Pet ' || i, c.name, '9876543210',
           (array['completed', 'no_show', 'canceled'])[1 + i % 3],
           (array[${SEEDED_OFFERING_IDS.checkup}, ${SEEDED_OFFERING_IDS.pickup}])[1 + i % 2]::uuid
      from (select i, date_trunc('hour', now()) - make_interval(mins => ${1440 / PER_DAY} * i) as at
              from generate_series(1, ${N}) i) b
      join plan_customers c on c.k = 1 + b.i % 100`);
  await db.execute(sql`
    with o as (
      insert into orders (user_id, idempotency_key, payment_method, address, total, customer_name, customer_email,
                          status, payment_status, created_at)
      select c.id, 'seed-' || i, 'cod', '{}'::jsonb, 300, c.name, c.email,
             case when i % 10 = 0 then 'cancelled' else 'delivered' end, case when i % 2 = 0 then 'paid' else 'unpaid' end,
             now() - make_interval(mins => ${1440 / PER_DAY} * i)
        from generate_series(1, ${N}) i join plan_customers c on c.k = 1 + i % 100
      returning id
    )
    insert into order_items (order_id, product_id, name, unit_price, discount, quantity, line_total)
    select o.id, p, 'Product ' || p, 150, 0, 1, 150 from o cross join generate_series(1, 2) p`);
  // Chat: each customer message is answered by staff 1 to 5 minutes later.
  await db.execute(sql`
    insert into chat_messages (sender_id, sender_name, sender_role, customer_id, client_message_id, message, created_at)
    select c.id, c.name, 'user', c.id, 'seed-' || i, 'Hello', now() - make_interval(mins => ${1440 / PER_DAY} * i)
      from generate_series(1, ${N}) i join plan_customers c on c.k = 1 + i % 100`);
  await db.execute(sql`
    insert into chat_messages (sender_id, sender_name, sender_role, customer_id, client_message_id, message, created_at)
    select ${staff.user.id}::uuid, 'Clinic Staff', 'employee', customer_id, 'reply-' || id, 'Hi',
           created_at + make_interval(mins => (1 + (extract(epoch from created_at)::bigint / 60) % 5)::int)
      from chat_messages where sender_role = 'user'`);
  await db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

/** The statements of one request for the last two years, each with its rows read and scans. */
async function twoYearReadings(): Promise<Reading[]> {
  const { from, to } = lastDays(todayIn('Asia/Kolkata'), 730);
  return readingsOf(t.database, async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics?from=${from}&to=${to}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ chatFirstResponse: { answered: number } }>().chatFirstResponse.answered).toBe(N);
  });
}

describe(`analytics over ${DAYS} days of ${PER_DAY} bookings, orders and chats a day read the summaries`, () => {
  let readings: Reading[];
  beforeAll(async () => {
    readings = (await twoYearReadings()).filter((r) => /analytics_/.test(r.statement));
  });

  const cases: [string, RegExp, string[]][] = [
    ['bookings per day', /d\.bookings > 0/, ['analytics_booking_days']],
    ['visit outcomes', /status in \('completed', 'no_show'\)/, ['analytics_booking_days']],
    ['revenue per day', /not cancelled/, ['analytics_order_days']],
    ['revenue per category', /"category"/, ['analytics_product_days']],
    ['top products', /"productId"/, ['analytics_product_days']],
    ['orders by payment status', /"paymentStatus"/, ['analytics_order_days']],
    ['first response per day', /median_seconds as "median"/, ['analytics_chat_days']],
    [
      'first response median and 90th percentile',
      /with buckets/,
      ['analytics_chat_wait_buckets', 'analytics_chat_wait_values'],
    ],
  ];
  it.each(cases)('%s', (_name, statement, tables) => {
    const matching = readings.filter((r) => statement.test(r.statement));
    expect(matching, readings.map((r) => r.statement).join('\n---\n')).toHaveLength(1);
    const r = matching[0]!;
    const detail = JSON.stringify(r, null, 1);
    for (const table of COUNTED) expect(r.rowsRead[table], `${table}: ${detail}`).toBeUndefined();
    for (const [table, rows] of Object.entries(r.rowsRead)) {
      if (table === 'products' || table === 'services') continue; // small tables of fixed size
      expect(rows, `${table}: ${detail}`).toBeLessThan(BOUND);
    }
    for (const table of tables) expect(Object.keys(r.rowsRead), detail).toContain(table);
  });
});
