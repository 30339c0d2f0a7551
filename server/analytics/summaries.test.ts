import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates';
import { rowsOf, type Db } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { deliveryAddress, liftShopCaps, placeOrder, productIds } from '../test/orders.ts';
import { seededRng, type Rng } from '../test/random.ts';
import { figuresFromRows } from './from-rows.ts';
import { figuresFromSummaries } from './from-summaries.ts';
import { analytics, countAnalyticsIn } from './service.ts';

/**
 * The admin's figures are read from per-day summaries that triggers keep as bookings, orders and chat messages are
 * written (decision 048). Whatever happens to those rows (made, cancelled, moved to another day, paid, refunded,
 * deleted with an account, chat messages written late or moved), every summary must say what a count over the rows
 * says, and every figure must be the one counted over the rows (the statements of decision 028).
 */

const TZ = 'Asia/Kolkata';
/** The days the random writes fall on: 1 March 2025 (clinic time) and three days either side, across a month's end. */
const FIRST = '2025-02-26';
const LAST = '2025-03-04';
const MIDDLE = Date.parse('2025-03-01T00:00:00+05:30');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: TZ });
  await liftShopCaps(t.database.db, t.config);
});
afterAll(() => t.close());

const SERVICES = Object.values(SEEDED_OFFERING_IDS);
const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'no_show', 'canceled'] as const;

/** Every summary table against the same count over the rows, in the zone the summaries say they count in. */
async function expectSummariesExact(db: Db) {
  const [check] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      with zone as (select time_zone as z from analytics_zone),
      waits as (
        select m.id, m.customer_id, m.created_at, (m.created_at at time zone (select z from zone))::date as day,
               extract(epoch from ((select min(s.created_at) from chat_messages s
                                     where s.customer_id = m.customer_id and s.sender_role <> 'user'
                                       and s.created_at > m.created_at) - m.created_at))::float8 as secs
          from chat_messages m
         where m.sender_role = 'user' and m.customer_id is not null
           and coalesce((select p.sender_role from chat_messages p
                          where p.customer_id = m.customer_id and p.created_at < m.created_at
                          order by p.created_at desc limit 1), '') <> 'user'
      ),
      wait_values as (
        select analytics_wait_bucket(secs) as bucket, 'day' as span, day, secs, count(*)::int as answered
          from waits where secs is not null group by 1, 2, 3, 4
        union all
        select analytics_wait_bucket(secs), 'month', date_trunc('month', day::timestamp)::date, secs, count(*)::int
          from waits where secs is not null group by 1, 2, 3, 4
      ),
      booking_days as (
        select (starts_at at time zone (select z from zone))::date as day, service_id, status, count(*)::int as n
          from slot_bookings group by 1, 2, 3
      ),
      order_days as (
        select (created_at at time zone (select z from zone))::date as day, status = 'cancelled' as cancelled,
               payment_status, count(*)::int as n, sum(total) as amount
          from orders group by 1, 2, 3
      ),
      lines as (
        select (o.created_at at time zone (select z from zone))::date as day, i.product_id, i.quantity, i.line_total
          from order_items i join orders o on o.id = i.order_id where o.status <> 'cancelled'
      ),
      product_days as (
        select 'day' as span, day, product_id, sum(quantity)::int as quantity, sum(line_total) as amount
          from lines group by 1, 2, 3
        union all
        select 'month', date_trunc('month', day::timestamp)::date, product_id, sum(quantity)::int, sum(line_total)
          from lines group by 1, 2, 3
      ),
      wait_buckets as (
        select 'day' as span, day, analytics_wait_bucket(secs) as bucket, count(*)::int as answered
          from waits where secs is not null group by 1, 2, 3
        union all
        select 'month', date_trunc('month', day::timestamp)::date, analytics_wait_bucket(secs), count(*)::int
          from waits where secs is not null group by 1, 2, 3
      ),
      chat_days as (
        select day, count(*)::int as waits, count(secs)::int as answered,
               percentile_cont(0.5) within group (order by secs) as median
          from waits group by day
      )
      select
        (select count(*)::int from (
           (select day, service_id, status, bookings from analytics_booking_days where bookings <> 0
            except all select * from booking_days)
           union all
           (select * from booking_days except all
            select day, service_id, status, bookings from analytics_booking_days)) x) as wrong_booking_days,
        (select count(*)::int from (
           (select day, cancelled, payment_status, orders, amount from analytics_order_days
             where orders <> 0 or amount <> 0
            except all select * from order_days)
           union all
           (select * from order_days except all
            select day, cancelled, payment_status, orders, amount from analytics_order_days)) x) as wrong_order_days,
        (select count(*)::int from (
           (select span, day, product_id, quantity, amount from analytics_product_days
             where quantity <> 0 or amount <> 0
            except all select * from product_days)
           union all
           (select * from product_days except all
            select span, day, product_id, quantity, amount from analytics_product_days)) x) as wrong_product_days,
        (select count(*)::int from (
           (select message_id, day, seconds from analytics_chat_waits except all select id, day, secs from waits)
           union all
           (select id, day, secs from waits except all select message_id, day, seconds from analytics_chat_waits)) x
        ) as wrong_waits,
        (select count(*)::int from (
           (select day, waits, answered, median_seconds from analytics_chat_days where waits <> 0
            except all select * from chat_days)
           union all
           (select * from chat_days except all select day, waits, answered, median_seconds from analytics_chat_days)) x
        ) as wrong_chat_days,
        (select count(*)::int from (
           (select span, day, bucket, answered from analytics_chat_wait_buckets where answered <> 0
            except all select * from wait_buckets)
           union all
           (select * from wait_buckets except all
            select span, day, bucket, answered from analytics_chat_wait_buckets)) x) as wrong_buckets,
        (select count(*)::int from (
           (select bucket, span, day, seconds, answered from analytics_chat_wait_values where answered <> 0
            except all select * from wait_values)
           union all
           (select * from wait_values except all
            select bucket, span, day, seconds, answered from analytics_chat_wait_values)) x) as wrong_values,
        (select count(*)::int from analytics_booking_days where bookings < 0)
          + (select count(*)::int from analytics_order_days where orders < 0)
          + (select count(*)::int from analytics_product_days where quantity < 0)
          + (select count(*)::int from analytics_chat_days where waits < 0 or answered < 0)
          + (select count(*)::int from analytics_chat_wait_buckets where answered < 0)
          + (select count(*)::int from analytics_chat_wait_values where answered < 0) as negative_counts`),
  );
  expect(check).toEqual({
    wrong_booking_days: 0,
    wrong_order_days: 0,
    wrong_product_days: 0,
    wrong_waits: 0,
    wrong_chat_days: 0,
    wrong_buckets: 0,
    wrong_values: 0,
    negative_counts: 0,
  });
}

/** Every figure from the summaries against the same figure counted over the rows, for a few ranges. */
async function expectFiguresExact(db: Db, rng: Rng, tz: string, label: string) {
  const start = rng.int(7);
  const ranges = [
    { from: FIRST, to: LAST },
    { from: addDays(FIRST, start), to: addDays(FIRST, start + rng.int(7 - start)) },
    { from: addDays(FIRST, -700), to: addDays(FIRST, 30) },
    { from: '2025-02-01', to: '2025-03-31' },
    { from: '2025-03-01', to: LAST },
    { from: '2025-02-15', to: '2025-04-30' },
  ];
  for (const r of ranges) {
    const range = { ...r, tz };
    expect(await figuresFromSummaries(db, range), `${label}: ${r.from} to ${r.to}`).toEqual(
      await figuresFromRows(db, range),
    );
  }
}

/** A random instant of the seven days, now and then a minute either side of a clinic-local midnight. */
function randomInstant(rng: Rng, unique: number): string {
  const minutes =
    rng.next() < 0.2 ? (rng.int(7) - 3) * 1440 + (rng.int(5) - 2) : Math.floor((rng.next() * 7 - 3.5) * 1440);
  // Distinct milliseconds: a chat message never shares its time with another (decision 048 on ties).
  return new Date(MIDDLE + minutes * 60_000 + (unique % 60_000)).toISOString();
}

describe('analytics summaries', () => {
  it(
    'match a count over the rows through a random run of bookings, orders and chat',
    { timeout: 120_000 },
    async () => {
      const rng = seededRng(48);
      const db = t.database.db;
      const admin = await t.buildUser({ role: 'admin', name: 'Site Admin' });
      const staff = [admin, await t.buildUser({ role: 'employee', name: 'Clinic Staff' })];
      const customers = await Promise.all(
        ['Pet Owner', 'Second Customer', 'Third Customer'].map((name) => t.buildUser({ role: 'user', name })),
      );
      const products = [...(await productIds(db)).values()];
      const ops = [
        { weight: 5, name: 'booking made' },
        { weight: 3, name: 'booking status changed' },
        { weight: 2, name: 'booking moved' },
        { weight: 3, name: 'order placed at checkout' },
        { weight: 4, name: 'order placed on a past day' },
        { weight: 2, name: 'order paid' },
        { weight: 2, name: 'order cancelled' },
        { weight: 1, name: 'order refunded' },
        { weight: 1, name: 'order moved to another day' },
        { weight: 1, name: 'order deleted by hand' },
        { weight: 6, name: 'chat message on a past day' },
        { weight: 3, name: 'chat message now' },
        { weight: 1, name: 'broadcast' },
        { weight: 2, name: 'chat message moved' },
        { weight: 1, name: 'chat message deleted' },
        { weight: 1, name: 'customer account deleted' },
      ] as const;
      const seen = new Set<string>();
      const one = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(statement))[0];
      /** One row of a table, picked by the seeded random source (the same run every time). */
      const anyId = async (table: 'slot_bookings' | 'orders' | 'chat_messages', where = sql`true`) => {
        const ids = rowsOf<{ id: string }>(
          await db.execute(sql`select id::text from ${sql.identifier(table)} where ${where} order by created_at, id`),
        );
        return ids.length ? rng.pick(ids).id : '00000000-0000-4000-8000-000000000000';
      };
      for (let step = 0; step < 120; step++) {
        const op = rng.weighted(ops);
        const customer = rng.pick(customers);
        const member = rng.pick(staff);
        const at = randomInstant(rng, step * 997);
        if (op.name === 'booking made') {
          const service = rng.pick(SERVICES);
          await db.execute(sql`
          insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                                     pet_name, owner_name, phone, status, service_id)
          values (${customer.user.id}::uuid, ${customer.user.name}, ${customer.user.email}, 'then', ${at}::timestamptz,
                  ${at}::timestamptz + interval '30 minutes', 30, ${`Pet ${step}`}, ${customer.user.name},
                  '9876543210', ${rng.pick(BOOKING_STATUSES)}, ${service}::uuid)`);
        } else if (op.name === 'booking status changed') {
          await db.execute(sql`
          update slot_bookings set status = ${rng.pick(BOOKING_STATUSES)}
           where id = ${await anyId('slot_bookings', sql`status <> 'canceled'`)}::uuid`);
        } else if (op.name === 'booking moved') {
          await db.execute(sql`
          update slot_bookings set starts_at = ${at}::timestamptz, ends_at = ${at}::timestamptz + interval '30 minutes'
           where id = ${await anyId('slot_bookings')}::uuid`);
        } else if (op.name === 'order placed at checkout') {
          const res = await placeOrder(t.app, customer.token, {
            items: [{ productId: rng.pick(products), quantity: 1 + rng.int(3) }],
            address: deliveryAddress(customer.user.name),
            paymentMethod: rng.pick(['cod', 'upi', 'card']),
          });
          expect(res.statusCode, res.body).toBe(201);
        } else if (op.name === 'order placed on a past day') {
          const lines = Array.from({ length: 1 + rng.int(3) }, () => [rng.pick(products), 1 + rng.int(4)] as const);
          const order = await one<{ id: string }>(sql`
          insert into orders (user_id, idempotency_key, payment_method, address, total, customer_name, customer_email,
                              status, payment_status, created_at)
          values (${customer.user.id}::uuid, gen_random_uuid()::text, 'cod',
                  ${JSON.stringify(deliveryAddress(customer.user.name))}::jsonb, 0, ${customer.user.name},
                  ${customer.user.email}, ${rng.pick(['placed', 'confirmed', 'shipped', 'delivered'])},
                  ${rng.pick(['unpaid', 'paid'])}, ${at}::timestamptz)
          returning id`);
          for (const [product, quantity] of lines) {
            await db.execute(sql`
            insert into order_items (order_id, product_id, name, unit_price, discount, quantity, line_total)
            select ${order!.id}::uuid, p.id, p.name, p.price, 0, ${quantity}, p.price * ${quantity}
              from products p where p.id = ${product}`);
          }
          await db.execute(sql`
          update orders set total = (select sum(line_total) from order_items where order_id = ${order!.id}::uuid)
           where id = ${order!.id}::uuid`);
        } else if (op.name === 'order paid' || op.name === 'order refunded' || op.name === 'order cancelled') {
          const order = await anyId('orders');
          {
            const res = await t.app.inject({
              method: 'PUT',
              url: `/api/orders/${order}/${op.name === 'order cancelled' ? 'cancel' : 'payment'}`,
              headers: t.auth(admin.token),
              payload: op.name === 'order cancelled' ? {} : { status: op.name === 'order paid' ? 'paid' : 'refunded' },
            });
            if (res.statusCode >= 500) console.error(op.name, order, res.body);
            expect(res.statusCode, res.body).toBeLessThan(500); // a move the order's state refuses is a 4xx
          }
        } else if (op.name === 'order moved to another day') {
          await db.execute(sql`
          update orders set created_at = ${at}::timestamptz
           where id = ${await anyId('orders')}::uuid`);
        } else if (op.name === 'order deleted by hand') {
          // An order with a tax invoice is kept with it (invoices are never deleted); one without is deleted.
          const uninvoiced = sql`not exists (select 1 from invoices i where i.order_id = orders.id)`;
          await db.execute(sql`delete from orders where id = ${await anyId('orders', uninvoiced)}::uuid`);
        } else if (op.name === 'chat message on a past day') {
          const mine = rng.next() < 0.55;
          await db.execute(sql`
          insert into chat_messages (sender_id, sender_name, sender_role, customer_id, client_message_id, message,
                                     created_at)
          values (${mine ? customer.user.id : member.user.id}::uuid, ${mine ? customer.user.name : member.user.name},
                  ${mine ? 'user' : member.user.role}, ${customer.user.id}::uuid, gen_random_uuid()::text, 'Hello',
                  ${at}::timestamptz)`);
        } else if (op.name === 'chat message now' || op.name === 'broadcast') {
          const mine = op.name === 'chat message now' && rng.next() < 0.55;
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/chat/message',
            headers: t.auth(mine ? customer.token : member.token),
            payload: {
              message: `message ${step}`,
              ...(mine ? {} : { receiverId: op.name === 'broadcast' ? 'all' : customer.user.id }),
            },
          });
          expect(res.statusCode, res.body).toBe(201);
        } else if (op.name === 'chat message moved') {
          await db.execute(sql`
          update chat_messages set created_at = ${at}::timestamptz
           where id = ${await anyId('chat_messages', sql`customer_id is not null`)}::uuid`);
        } else if (op.name === 'chat message deleted') {
          await db.execute(sql`
          delete from chat_messages where id = ${await anyId('chat_messages')}::uuid`);
        } else {
          // The account goes with its bookings and chat; its orders stay (without their customer).
          const index = customers.indexOf(customer);
          const res = await t.app.inject({
            method: 'DELETE',
            url: `/api/users/${customer.user.id}`,
            headers: t.auth(admin.token),
          });
          expect(res.statusCode, res.body).toBe(200);
          customers[index] = await t.buildUser({ role: 'user', name: `Customer ${step}` });
        }
        seen.add(op.name);
        if (step % 8 === 7) {
          await expectSummariesExact(db);
          await expectFiguresExact(db, rng, TZ, `${op.name} at step ${step}`);
        }
      }
      await expectSummariesExact(db);
      expect([...seen].sort()).toEqual(ops.map((o) => o.name).sort());
      // The run touched every figure.
      const all = await figuresFromSummaries(db, { from: FIRST, to: LAST, tz: TZ });
      expect(all.bookingsPerDay.length).toBeGreaterThan(5);
      expect(all.topProducts.length).toBeGreaterThan(2);
      expect(all.chatFirstResponse.answered).toBeGreaterThanOrEqual(3);
    },
  );

  it('stay exact when many customers order and write at once', async () => {
    const db = t.database.db;
    const staff = await t.buildUser({ role: 'employee', name: 'Clinic Staff' });
    const customers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.buildUser({ role: 'user', name: `Busy Customer ${i}` })),
    );
    const [product] = [...(await productIds(db)).values()];
    const results = await Promise.all([
      ...customers.flatMap((c) => [
        placeOrder(t.app, c.token, {
          items: [{ productId: product!, quantity: 1 }],
          address: deliveryAddress(c.user.name),
          paymentMethod: 'cod',
        }),
        ...Array.from({ length: 3 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/chat/message',
            headers: t.auth(c.token),
            payload: { message: `at once ${i}` },
          }),
        ),
        t.app.inject({
          method: 'POST',
          url: '/api/chat/message',
          headers: t.auth(staff.token),
          payload: { message: 'On it', receiverId: c.user.id },
        }),
      ]),
    ]);
    expect(results.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    await expectSummariesExact(db);
    const rng = seededRng(7);
    await expectFiguresExact(db, rng, TZ, 'at once');
  });

  it('are counted again in a new clinic time zone, and figures come from the rows until they are', async () => {
    const db = t.database.db;
    const zone = async () =>
      rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from analytics_zone`))[0]!.time_zone;
    const customer = await t.buildUser({ role: 'user', name: 'Late Customer' });
    // 20:00 UTC on 1 March is 01:30 on 2 March in Kolkata and 15:00 on 1 March in New York.
    await db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                                 pet_name, owner_name, phone, status, service_id)
      values (${customer.user.id}::uuid, 'Late Customer', ${customer.user.email}, 'then', '2025-03-01T20:00:00Z',
              '2025-03-01T20:30:00Z', 30, 'Nightly', 'Late Customer', '9876543210', 'completed',
              ${SEEDED_OFFERING_IDS.checkup}::uuid)`);

    // A process started with another CLINIC_TZ reads its figures from the rows while the summaries say Kolkata.
    const other = { from: FIRST, to: LAST, tz: 'America/New_York' };
    const fromRows = await figuresFromRows(db, other);
    expect(await figuresFromSummaries(db, other)).not.toEqual(fromRows); // Kolkata's days under New York's dates
    const read = await analytics({ db, config: { CLINIC_TZ: 'America/New_York' } }, { from: FIRST, to: LAST });
    expect(read).toEqual({ from: FIRST, to: LAST, timeZone: 'America/New_York', ...fromRows });
    expect(await zone()).toBe(TZ);

    expect(await countAnalyticsIn(db, 'America/New_York')).toBe(true);
    expect(await zone()).toBe('America/New_York');
    expect(await countAnalyticsIn(db, 'America/New_York')).toBe(false); // a second process finds it done
    await expectSummariesExact(db);
    expect(await figuresFromSummaries(db, other)).toEqual(await figuresFromRows(db, other));
    // New writes count in the new zone too.
    await db.execute(sql`update slot_bookings set status = 'no_show' where pet_name = 'Nightly'`);
    await expectSummariesExact(db);
    expect(await figuresFromSummaries(db, other)).toEqual(await figuresFromRows(db, other));

    expect(await countAnalyticsIn(db, TZ)).toBe(true);
    await expectSummariesExact(db);
    const back = { from: FIRST, to: LAST, tz: TZ };
    expect(await figuresFromSummaries(db, back)).toEqual(await figuresFromRows(db, back));
  });
});
