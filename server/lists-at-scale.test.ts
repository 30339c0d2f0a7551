import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '#shared/common';
import { SEEDED_OFFERING_IDS } from './offerings/seeded.ts';
import { createTestApp, type TestContext } from './test/app.ts';
import { readingsOf } from './test/query-plans.ts';

/**
 * Staff and admin lists and counts read rows in proportion to the page they answer with, not to the tables behind
 * them: each is run against a database of N customers (with as many messages, bookings and orders), and the rows
 * its statements touch are counted with EXPLAIN ANALYZE. A time would be noise; rows read is what grows.
 */
const N = 2000;
const PAGE = 50;
/**
 * A page of 50 (and what it joins: names, last messages, proof flags, items) reads far less than this. A search for
 * a rare name uses the trigram indexes only once a table is large (bench:scale reads that plan at 100k rows); here the
 * planner rightly scans 2,000 rows, so only a common word's search is counted.
 */
const BOUND = N / 4;
/** Small tables of fixed size (the catalogue, the services): reading them whole is the planner's cheapest way. */
const FIXED_SIZE = new Set(['products', 'services']);

let t: TestContext;
let admin: string;
let employee: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.buildUser({ role: 'admin' })).token;
  const staff = await t.buildUser({ role: 'employee', name: 'Clinic Staff' });
  employee = staff.token;
  const db = t.database.db;
  // Customers joined a minute apart, newest first; each has a proof, a message, a booking and an order of 3 items.
  await db.execute(sql`
    insert into users (name, email, password_hash, phone, role, created_at)
    select 'Customer ' || i, 'customer' || i || '@example.com', 'x', '9876543210', 'user', now() - make_interval(mins => i)
      from generate_series(1, ${N}) i`);
  await db.execute(sql`
    insert into identity_proofs (user_id, data, mime, size)
    select id, '\\x89'::bytea, 'image/png', 1 from users where role = 'user'`);
  await db.execute(sql`
    insert into chat_messages (sender_id, sender_name, sender_role, customer_id, client_message_id, message, created_at)
    select id, name, 'user', id, 'seed-' || id, 'Hello', created_at + interval '30 seconds' from users where role = 'user'`);
  // Staff answered every other customer, and read a tenth of the conversations.
  await db.execute(sql`
    insert into chat_messages (sender_id, sender_name, sender_role, receiver_id, customer_id, client_message_id, message, created_at)
    select ${staff.user.id}::uuid, 'Clinic Staff', 'employee', u.id::text, u.id, 'reply-' || u.id, 'Hi', u.created_at + interval '40 seconds'
      from (select id, created_at, row_number() over (order by created_at) n from users where role = 'user') u
     where u.n % 2 = 0`);
  await db.execute(sql`
    insert into chat_reads (customer_id, reader_id, last_read_at, read_count)
    select u.id, ${staff.user.id}::uuid, now(), 1
      from (select id, row_number() over (order by created_at) n from users where role = 'user') u
     where u.n % 10 = 0`);
  // Bookings six hours apart going back in time, closed out but one in a hundred left open (overdue); a few ahead.
  await db.execute(sql`
    insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, pet_name,
                               owner_name, phone, status, service_id, created_at)
    select u.id, u.name, u.email, 'then', s.at, s.at + interval '30 minutes', 30, 'Bruno', u.name, u.phone,
           case when u.n % 100 = 0 then 'pending' when u.n <= 4 then 'confirmed' else 'completed' end,
           ${SEEDED_OFFERING_IDS.checkup}::uuid, s.at - interval '1 day'
      from (select *, row_number() over (order by created_at desc) n from users where role = 'user') u
      cross join lateral (select date_trunc('hour', now()) + make_interval(hours => 6 * (5 - u.n::int)) as at) s`);
  // Cash on delivery: a third cancelled (and so never paid), the rest delivered and paid but the newest ten.
  await db.execute(sql`
    insert into orders (user_id, idempotency_key, payment_method, address, total, customer_name, customer_email, status,
                        payment_status, created_at)
    select id, 'seed-' || id, 'cod',
           '{"name":"Home","pin":"560001","city":"Bengaluru","house":"12","landmark":"Park","state":"Karnataka","country":"India"}'::jsonb,
           100, name, email, case when n % 3 = 0 then 'cancelled' else 'delivered' end,
           case when n % 3 = 0 or n <= 15 then 'unpaid' else 'paid' end, created_at + interval '50 seconds'
      from (select *, row_number() over (order by created_at desc) n from users where role = 'user') u`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, unit_price, discount, quantity, line_total)
    select o.id, p, 'Dog Food', 100, 0, 1, 100 from orders o cross join generate_series(1, 3) p`);
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(() => t.close());

async function reads(url: string, token: string) {
  let status = 0;
  let body: unknown;
  let next: string | undefined;
  const readings = await readingsOf(t.database, async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
    status = res.statusCode;
    body = res.json();
    next = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
  });
  const rowsRead = readings
    .flatMap((r) => Object.entries(r.rowsRead))
    .reduce((n, [table, rows]) => (FIXED_SIZE.has(table) ? n : n + rows), 0);
  return { status, body, next, rowsRead, readings };
}

describe(`staff lists and counts over ${N} customers read about a page of rows`, () => {
  const cases: [string, string, () => string, (body: unknown) => void][] = [
    [
      'the conversation list',
      `/api/chat/conversations?limit=${PAGE}`,
      () => employee,
      (body) => {
        const rows = body as { customerName: string; unreadCount: number }[];
        expect(rows).toHaveLength(PAGE);
        // Newest first: the customer who joined last wrote last; staff answered them (no unread left to count).
        expect(rows[0]!.customerName).toBe('Customer 1');
      },
    ],
    [
      'the staff unread count',
      '/api/chat/unread-count',
      () => employee,
      (body) => expect(body).toEqual({ count: N - N / 10 }),
    ],
    [
      'all customers (admin)',
      `/api/all-customers?limit=${PAGE}`,
      () => admin,
      (body) => expect(body).toHaveLength(PAGE),
    ],
    [
      'all customers, searched by a common word (admin)',
      `/api/all-customers?limit=${PAGE}&q=customer`,
      () => admin,
      (body) => expect(body).toHaveLength(PAGE),
    ],
    [
      'contacts (every role, admin)',
      `/api/users?limit=${PAGE}`,
      () => admin,
      (body) => expect(body).toHaveLength(PAGE),
    ],
    [
      'contacts (customers, staff)',
      `/api/users?limit=${PAGE}`,
      () => employee,
      (body) => expect(body).toHaveLength(PAGE),
    ],
    [
      'bookings, newest first',
      `/api/slots/bookings?limit=${PAGE}`,
      () => employee,
      (body) => expect(body).toHaveLength(PAGE),
    ],
    [
      'overdue bookings',
      `/api/slots/bookings?status=overdue&limit=${PAGE}`,
      () => employee,
      (body) => expect(body).toHaveLength(N / 100),
    ],
    ['the agenda from today', `/api/slots/bookings?sort=appointment&limit=${PAGE}`, () => employee, () => {}],
    ['the dashboard counts', '/api/slots/stats', () => employee, () => {}],
    ['orders, newest first', `/api/orders?limit=${PAGE}`, () => employee, (body) => expect(body).toHaveLength(PAGE)],
    [
      'orders of one status',
      `/api/orders?status=delivered&limit=${PAGE}`,
      () => employee,
      (body) => expect(body).toHaveLength(PAGE),
    ],
    [
      // Fewer than a page match, behind every cancelled order that was never paid.
      'orders of one status and payment (delivered and unpaid)',
      `/api/orders?status=delivered&paymentStatus=unpaid&limit=${PAGE}`,
      () => employee,
      (body) => expect(body).toHaveLength(10),
    ],
    [
      'unpaid orders',
      `/api/orders?paymentStatus=unpaid&limit=${PAGE}`,
      () => employee,
      (body) => expect(body).toHaveLength(PAGE),
    ],
  ];
  it.each(cases)('%s', async (_name, url, token, check) => {
    const first = await reads(url, token());
    expect(first.status).toBe(200);
    check(first.body);
    expect(first.rowsRead, JSON.stringify(first.readings, null, 1)).toBeLessThan(BOUND);
    if (first.next) {
      // A page deep in the list costs the same as the first.
      const second = await reads(`${url}&cursor=${first.next}`, token());
      expect(second.status).toBe(200);
      expect(second.rowsRead, JSON.stringify(second.readings, null, 1)).toBeLessThan(BOUND);
    }
  });
});
