import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDays } from '#shared/analytics';
import { todayIn } from '#shared/dates';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { readingsOf, type Reading } from '../test/query-plans.ts';

/**
 * Each figure of GET /api/analytics reads the rows of its range, not the history behind it: a database holding
 * DAYS days of bookings, orders (two lines each) and chat, PER_DAY of each a day, is asked for the last week, and
 * every statement is run under EXPLAIN ANALYZE to count the rows it touched and name the indexes it read (the ones
 * migration 0008 adds). Rows read is what grows with history; a time would be noise.
 */
const DAYS = 300;
const PER_DAY = 10;
const N = DAYS * PER_DAY;
/** A week holds 70 of each; its statements may read a few times that (lookups per message), never the history. */
const BOUND = N / 6;

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
      from (select i, date_trunc('hour', now()) - make_interval(mins => 144 * i) as at from generate_series(1, ${N}) i) b
      join plan_customers c on c.k = 1 + b.i % 100`);
  await db.execute(sql`
    with o as (
      insert into orders (user_id, idempotency_key, payment_method, address, total, customer_name, customer_email,
                          status, payment_status, created_at)
      select c.id, 'seed-' || i, 'cod', '{}'::jsonb, 300, c.name, c.email,
             case when i % 10 = 0 then 'cancelled' else 'delivered' end, case when i % 2 = 0 then 'paid' else 'unpaid' end,
             now() - make_interval(mins => 144 * i)
        from generate_series(1, ${N}) i join plan_customers c on c.k = 1 + i % 100
      returning id
    )
    insert into order_items (order_id, product_id, name, unit_price, discount, quantity, line_total)
    select o.id, p, 'Product ' || p, 150, 0, 1, 150 from o cross join generate_series(1, 2) p`);
  // Chat: each customer message is answered by staff a minute later.
  await db.execute(sql`
    insert into chat_messages (sender_id, sender_name, sender_role, customer_id, client_message_id, message, created_at)
    select c.id, c.name, 'user', c.id, 'seed-' || i, 'Hello', now() - make_interval(mins => 144 * i)
      from generate_series(1, ${N}) i join plan_customers c on c.k = 1 + i % 100`);
  await db.execute(sql`
    insert into chat_messages (sender_id, sender_name, sender_role, customer_id, client_message_id, message, created_at)
    select ${staff.user.id}::uuid, 'Clinic Staff', 'employee', customer_id, 'reply-' || id, 'Hi', created_at + interval '1 minute'
      from chat_messages where sender_role = 'user'`);
  await db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

/** The statements of one request for the last 7 days, each with its rows read and scans. */
async function weekReadings(): Promise<Reading[]> {
  const { from, to } = lastDays(todayIn('Asia/Kolkata'), 7);
  return readingsOf(t.database, async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics?from=${from}&to=${to}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
}

describe(`analytics over ${DAYS} days of history read a week of rows`, () => {
  let readings: Reading[];
  beforeAll(async () => {
    readings = (await weekReadings()).filter((r) => /slot_bookings|orders|chat_messages/.test(r.statement));
  });

  const cases: [string, RegExp, string[]][] = [
    ['bookings per day', /group by 1, 2, 3/, ['slot_bookings_starts_service_status_idx']],
    ['visit outcomes', /status in \('completed', 'no_show'\)/, ['slot_bookings_starts_service_status_idx']],
    ['revenue per day', /payment_status = 'paid'/, ['orders_created_totals_idx']],
    ['revenue per category', /"category"/, ['order_items_placed_idx']],
    ['top products', /"productId"/, ['order_items_placed_idx']],
    ['orders by payment status', /"paymentStatus"/, ['orders_created_totals_idx']],
    ['first response', /with waits/, ['chat_messages_customer_sent_idx', 'chat_messages_staff_reply_idx']],
  ];
  it.each(cases)('%s', (_name, statement, indexes) => {
    const matching = readings.filter((r) => statement.test(r.statement));
    expect(matching, readings.map((r) => r.statement).join('\n---\n')).toHaveLength(1);
    const r = matching[0]!;
    const detail = JSON.stringify(r, null, 1);
    for (const [table, rows] of Object.entries(r.rowsRead)) {
      if (table === 'products' || table === 'services') continue; // small tables of fixed size
      expect(rows, `${table}: ${detail}`).toBeLessThan(BOUND);
    }
    for (const index of indexes) expect(r.scans.join('\n'), detail).toContain(index);
  });
});
