/**
 * History for the benches that compare a small and a large clinic (bench:scale, bench:analytics): the same straight
 * SQL seeds PostgreSQL and PGlite as a clinic accumulating history at a fixed rate per day, so the large database
 * holds about 100x more days of it: customers, pets, bookings (closed out in the past, a few left open, a bounded week
 * ahead), visits, orders with items, notifications, chat (most conversations short, some long, staff replies, a
 * broadcast every ten days, what staff and customers have read). Also: tokens the server accepts for seeded people,
 * and EXPLAIN plans as readable lines.
 */
import { createHmac } from 'node:crypto';
import { AUDIT_KINDS } from '#shared/audit';
import { SEEDED_OFFERING_IDS } from '../server/offerings/seeded.ts';

/** The clinic's time zone and grid, as the server's defaults (CLINIC_TZ, SLOT_OPEN, SLOT_MINUTES). */
const TZ = 'Asia/Kolkata';

export type Exec = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Bookings a day in the past: 18 half-hour times x (checkup, pickup, emergency) + 9 hour-long trainings. */
const BOOKINGS_PER_DAY = 63;
/** Bookings a day from today on, for a week: the same at every size, as seats bound them. */
const AHEAD_PER_DAY = 30;
const AHEAD_DAYS = 7;
/** Every tenth message is in a long conversation of this many messages (one per 1,000 rows). */
const LONG_CONVERSATION = 100;

interface Shape {
  n: number;
  /** Days of history. */
  days: number;
  /** Seconds of history (every kind of row is spread over it, newest now). */
  spanSeconds: number;
  /** Past bookings (the rest are today and ahead). */
  pastBookings: number;
  broadcasts: number;
  longConversations: number;
}

function shapeOf(n: number): Shape {
  const ahead = AHEAD_PER_DAY * AHEAD_DAYS;
  if (n <= ahead + BOOKINGS_PER_DAY) throw new Error(`at least ${ahead + BOOKINGS_PER_DAY + 1} rows, please`);
  const pastBookings = n - ahead;
  const days = Math.ceil(pastBookings / BOOKINGS_PER_DAY);
  return {
    n,
    days,
    spanSeconds: days * 86_400,
    pastBookings,
    broadcasts: Math.max(1, Math.floor(days / 10)),
    longConversations: Math.max(1, Math.floor(n / 10 / LONG_CONVERSATION)),
  };
}

/** `now()` minus row j's share of the history (j = n is now). */
const spread = (s: Shape, j: string) =>
  `now() - make_interval(secs => ${s.spanSeconds}::float8 * (${s.n} - ${j}) / ${s.n})`;
const TODAY = `(now() at time zone '${TZ}')::date`;
/** A SQL text[] literal of simple words. */
const sqlTextArray = (words: readonly string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;

/**
 * The chat insert for messages lo..hi-1. Every tenth message is in one of the long conversations (customers 1, 2,
 * ...); the rest pair up into short ones (a customer's message, then a staff reply) of the customers after them. The
 * history is inserted in chunks: one statement of a million messages would update the same few counter rows (the
 * customers' message count shards) hundreds of thousands of times in one transaction, each update walking every
 * version before it.
 */
const chatChunk = (s: Shape, staff: number, lo: number, hi: number) =>
  `insert into chat_messages (sender_id, sender_name, sender_role, receiver_id, customer_id, client_message_id,
                              message, created_at)
   select case when x.mine then c.id else s.id end, case when x.mine then c.name else s.name end,
          case when x.mine then 'user' else 'employee' end, case when x.mine then null else c.id::text end,
          c.id, 'seed-' || x.m, 'Message ' || x.m || ' about an appointment', x.at
     from (
       select m, ${spread(s, 'm + 1')} as at,
              case when m % 10 = 0 then 1 + (m / 10) % ${s.longConversations}
                   else ${s.longConversations + 1} + (m - m / 10 - 1) / 2 end as k,
              case when m % 10 = 0 then (m / 10 / ${s.longConversations}) % 2 = 0
                   else (m - m / 10 - 1) % 2 = 0 end as mine,
              1 + m % ${staff} as staff_no
         from generate_series(${lo}, ${hi - 1}) m
     ) x
     join bench_customers c on c.k = x.k
     join bench_staff s on s.no = x.staff_no`;

/** Chat messages inserted per statement. */
const CHAT_CHUNK = 20_000;

/**
 * Seeds a migrated, empty database with `n` rows of each kind of history (see the file comment), `staff` employees
 * ("Staff Member 1..") and one admin ("admin@bench.local").
 */
export async function seedHistory(exec: Exec, n: number, staff: number): Promise<void> {
  const s = shapeOf(n);
  const steps: [string, string][] = [
    [
      'staff',
      `insert into users (name, email, password_hash, phone, role, created_at, updated_at)
       select case when i <= ${staff} then 'Staff Member ' || i else 'Clinic Admin' end,
              case when i <= ${staff} then 'staff' || i || '@bench.local' else 'admin@bench.local' end,
              'not-a-login', '9800000000', case when i <= ${staff} then 'employee' else 'admin' end,
              now() - make_interval(days => ${s.days + 30}), now() - make_interval(days => ${s.days + 30})
         from generate_series(1, ${staff + 1}) i`,
    ],
    [
      'customers',
      `insert into users (name, email, password_hash, phone, address, blood_group, role, created_at, updated_at)
       select 'Customer ' || i, 'customer' || i || '@bench.local', 'not-a-login', (9100000000 + i)::text,
              i || ' Bench Street, Kolkata', 'O+', 'user', ${spread(s, 'i')}, ${spread(s, 'i')}
         from generate_series(1, ${n}) i`,
    ],
    [
      'helper tables',
      `create temp table bench_customers as
       select substr(email, 9, position('@' in email) - 9)::int as k, id, name, email, phone, address
         from users where role = 'user'`,
    ],
    ['', `create unique index on bench_customers (k)`],
    [
      '',
      `create temp table bench_staff as
       select substr(email, 6, position('@' in email) - 6)::int as no, id, name
         from users where role = 'employee'`,
    ],
    [
      'pets',
      `insert into pets (owner_id, name, species, sex, age_years, age_as_of, created_at, updated_at)
       select c.id, 'Pet ' || c.k, (array['dog', 'cat', 'bird', 'rabbit'])[1 + c.k % 4], 'unknown', 1 + c.k % 12,
              current_date, u.created_at, u.created_at
         from bench_customers c join users u on u.id = c.id`,
    ],
    [
      '',
      `create temp table bench_pets as select c.k, p.id, p.name from pets p join bench_customers c on c.id = p.owner_id`,
    ],
    ['', `create unique index on bench_pets (k)`],
    [
      'bookings',
      // Customer of booking j: a permutation of 1..n, so nobody holds two bookings of one pet at one time.
      `insert into slot_bookings (user_id, user_name, user_email, user_address, schedule, starts_at, pet_name,
                                  owner_name, pet_age, phone, status, created_at, updated_at, service_id, pet_id,
                                  ends_at, seat_step_minutes)
       select c.id, c.name, c.email, c.address, to_char(b.day, 'YYYY-MM-DD') || ' at ' || to_char(b.tod, 'HH24:MI'),
              b.starts, p.name, c.name, 3, c.phone, b.status, b.starts - make_interval(days => 1 + b.j % 10),
              case when b.past then b.starts + interval '1 hour' else b.starts - make_interval(days => 1 + b.j % 10) end,
              b.service, p.id, b.starts + make_interval(mins => b.minutes), 30
         from (
           select a.*, (a.day + a.tod) at time zone '${TZ}' as starts
             from (
               select x.j, x.past, x.day,
                      case when x.s < 54 then (array['${SEEDED_OFFERING_IDS.checkup}', '${SEEDED_OFFERING_IDS.pickup}',
                                                     '${SEEDED_OFFERING_IDS.emergency}'])[1 + x.s / 18]::uuid
                           else '${SEEDED_OFFERING_IDS.training}'::uuid end as service,
                      time '09:00' + make_interval(mins => 30 * case when x.s < 54 then x.s % 18 else (x.s - 54) * 2 end) as tod,
                      case when x.s < 54 then 30 else 60 end as minutes,
                      case when x.past then
                             case when x.j * 37 % 100 < 80 then 'completed' when x.j * 37 % 100 < 90 then 'canceled'
                                  when x.j * 37 % 100 < 98 then 'no_show' when x.j % 2 = 0 then 'pending' else 'confirmed' end
                           else case when x.j % 10 < 6 then 'pending' when x.j % 10 < 9 then 'confirmed' else 'canceled' end
                      end as status
                 from (
                   select j, j < ${s.pastBookings} as past,
                          case when j < ${s.pastBookings} then ${TODAY} - (1 + j / ${BOOKINGS_PER_DAY})
                               else ${TODAY} + (j - ${s.pastBookings}) / ${AHEAD_PER_DAY} end as day,
                          case when j < ${s.pastBookings} then j % ${BOOKINGS_PER_DAY}
                               else ((j - ${s.pastBookings}) % ${AHEAD_PER_DAY}) * 2 end as s
                     from generate_series(0, ${n - 1}) j
                 ) x
             ) a
         ) b
         join bench_customers c on c.k = 1 + (b.j::bigint * 7919) % ${n}
         join bench_pets p on p.k = c.k`,
    ],
    [
      'seat counters',
      `insert into slot_seats (service_id, starts_at, booked)
       select b.service_id, g, count(*)::int
         from slot_bookings b
         cross join lateral generate_series(b.starts_at, b.ends_at - interval '1 microsecond',
                                            make_interval(mins => b.seat_step_minutes)) g
        where b.status <> 'canceled'
        group by 1, 2`,
    ],
    [
      'visits',
      `insert into visits (booking_id, pet_id, findings, treatment, recorded_by, recorded_by_name, created_at)
       select b.id, b.pet_id, 'Healthy, no concerns', 'Routine care', s.id, s.name, b.ends_at
         from slot_bookings b join bench_staff s on s.no = 1
        where b.status = 'completed'`,
    ],
    [
      'orders',
      `with src as (
         select j, c.id as user_id, c.name, c.email, c.address, ${spread(s, 'j')} as at, 1 + j % 3 as lines
           from generate_series(1, ${n}) j
           join bench_customers c on c.k = 1 + (j::bigint * 104729) % ${n}
       ), ins as (
         insert into orders (user_id, idempotency_key, status, payment_method, payment_status, address, total,
                             customer_name, customer_email, created_at, updated_at)
         select user_id, idempotency_key, status, method,
                -- UPI and card are paid when placed (a cancelled one refunded), cash on delivery when staff mark
                -- it paid, within two days of delivery; cancelled cash orders stay unpaid for ever.
                case when status = 'cancelled' then case when method = 'cod' then 'unpaid' else 'refunded' end
                     when method <> 'cod' then 'paid'
                     when status = 'delivered' and at < now() - interval '2 days' then 'paid'
                     else 'unpaid' end,
                address, total, name, email, at, at
           from (
             select j, user_id, name, email, at, 'seed-' || j as idempotency_key,
                    case when at > now() - interval '1 day' then (array['placed', 'confirmed', 'shipped'])[1 + j % 3]
                         when at > now() - interval '7 days' then (array['shipped', 'delivered'])[1 + j % 2]
                         when j % 12 = 0 then 'cancelled' else 'delivered' end as status,
                    (array['upi', 'card', 'cod'])[1 + (j / 5) % 3] as method,
                    jsonb_build_object('name', name, 'pin', '700016', 'city', 'Kolkata', 'house', address,
                                       'landmark', 'Near the park', 'state', 'West Bengal', 'country', 'India') as address,
                    250 * lines as total
               from src
           ) o
         returning id, idempotency_key
       )
       insert into order_items (order_id, product_id, name, unit_price, discount, quantity, line_total)
       select ins.id, 1 + (l + substr(ins.idempotency_key, 6)::int) % 20, 'Product ' || l, 250, 0, 1, 250
         from ins cross join lateral generate_series(1, 1 + substr(ins.idempotency_key, 6)::int % 3) l`,
    ],
    [
      'notifications',
      `insert into notifications (user_id, type, title, body, read_at, created_at)
       select c.id, 'booking_confirmed', 'Booking confirmed', 'Your booking is confirmed.',
              case when x.at < now() - interval '2 days' or x.j % 2 = 0 then x.at + interval '1 hour' end, x.at
         from (select j, ${spread(s, 'j')} as at from generate_series(1, ${n}) j) x
         join bench_customers c on c.k = 1 + (x.j::bigint * 1299709) % ${n}`,
    ],
    ...Array.from({ length: Math.ceil(n / CHAT_CHUNK) }, (_, i): [string, string] => [
      i === Math.ceil(n / CHAT_CHUNK) - 1 ? 'chat' : '',
      chatChunk(s, staff, i * CHAT_CHUNK, Math.min(n, (i + 1) * CHAT_CHUNK)),
    ]),
    [
      'broadcasts',
      `insert into chat_messages (sender_id, sender_name, sender_role, receiver_id, customer_id, client_message_id,
                                  message, created_at)
       select s.id, s.name, 'employee', 'all', null, 'seed-broadcast-' || b, 'Clinic news ' || b,
              now() - make_interval(days => 10 * b, hours => 1)
         from generate_series(0, ${s.broadcasts - 1}) b join bench_staff s on s.no = 1`,
    ],
    [
      'chat reads',
      // Everyone has read their conversations up to two days ago; staff have read about half of them to the end.
      `insert into chat_reads (customer_id, reader_id, last_read_at)
       select x.customer_id, r.id,
              case when hashtext(x.customer_id::text || r.id::text) % 2 = 0 then x.last_at else x.settled_at end
         from (select customer_id, max(created_at) as last_at,
                      max(created_at) filter (where created_at < now() - interval '2 days') as settled_at
                 from chat_messages where customer_id is not null and sender_role = 'user' group by customer_id) x
         cross join (select id from users where role <> 'user') r
        where x.settled_at is not null or hashtext(x.customer_id::text || r.id::text) % 2 = 0`,
    ],
    [
      '',
      `insert into chat_reads (customer_id, reader_id, last_read_at)
       select customer_id, customer_id,
              greatest(max(created_at), (select max(created_at) from chat_messages
                                          where customer_id is null and created_at < now() - interval '2 days'))
         from chat_messages where customer_id is not null and created_at < now() - interval '2 days'
        group by customer_id`,
    ],
    [
      'audit log',
      // n entries over the history by the staff, the admin and two former employees (accounts gone) who made the
      // first half's entries now and then; every kind in turn.
      `insert into audit_log (at, actor_id, actor_name, actor_email, actor_role, kind, subject_type, subject_id, summary)
       select ${spread(s, 'j')}, p.id, p.name, p.email, p.role,
              (${sqlTextArray(AUDIT_KINDS)})[1 + j % ${AUDIT_KINDS.length}], 'booking', null, 'Did a thing'
         from generate_series(1, ${n}) j
         join (
           select row_number() over (order by role, email) - 1 as no, id, name, email, role
             from users where role <> 'user'
           union all
           select -f, ('00000000-0000-4000-8000-' || lpad(f::text, 12, '0'))::uuid, 'Former Employee ' || f,
                  'former' || f || '@bench.local', 'employee'
             from generate_series(1, 2) f
         ) p on p.no = case when j < ${Math.floor(n / 2)} and j % 50 < 2 then -1 - j % 50 else j % ${staff + 1} end`,
    ],
    ['', `drop table bench_customers, bench_staff, bench_pets`],
    ['vacuum analyze', `vacuum analyze`],
  ];
  const t0 = performance.now();
  const done: string[] = [];
  let step = performance.now();
  for (const [name, text] of steps) {
    await exec(text);
    if (name) {
      done.push(`${name} ${((performance.now() - step) / 1000).toFixed(1)}s`);
      step = performance.now();
    }
  }
  console.log(
    `  seeded ${n.toLocaleString('en')} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${done.join(', ')})`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens and plans.

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** An HS256 token the server accepts (same claims as app.signToken). */
export function signToken(secret: string, p: { id: string; role: string; name: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: p.id, role: p.role, name: p.name, iat: now, exp: now + 86_400 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Alias?: string;
  'Join Type'?: string;
  Strategy?: string;
  'Subplan Name'?: string;
  'Sort Method'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Actual Total Time': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** A count with thousands separators. */
export const fmt = (x: number) => Math.round(x).toLocaleString('en');

export function explainLines(plan: PlanNode): { lines: string[]; scans: string[]; rowsRead: number } {
  const lines: string[] = [];
  const scans: string[] = [];
  let rowsRead = 0;
  const walk = (node: PlanNode, depth: number) => {
    const loops = node['Actual Loops'];
    const removed = (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    const read = (node['Actual Rows'] + removed) * loops;
    const what = [
      node['Subplan Name'] ? `${node['Subplan Name']}: ` : '',
      node.Strategy && node.Strategy !== 'Plain' ? `${node.Strategy} ` : '',
      node['Node Type'],
      node['Join Type'] && node['Join Type'] !== 'Inner' ? ` (${node['Join Type']})` : '',
      node['Relation Name'] ? ` on ${node['Relation Name']}` : '',
      node['Index Name'] ? ` using ${node['Index Name']}` : '',
      node['Sort Method'] ? ` [${node['Sort Method']}]` : '',
    ].join('');
    const rows =
      loops > 1 ? `rows=${fmt(node['Actual Rows'])} x ${fmt(loops)} loops` : `rows=${fmt(node['Actual Rows'])}`;
    lines.push(
      `${'  '.repeat(depth)}${what}  ${rows}${removed ? `, removed ${fmt(removed * loops)}` : ''}, ${node['Actual Total Time'].toFixed(1)} ms`,
    );
    if (node['Relation Name']) {
      rowsRead += read;
      scans.push(
        `${node['Node Type']} ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}: ${fmt(read)}`,
      );
    } else if (node['Index Name'] && node['Node Type'] === 'Bitmap Index Scan') {
      scans.push(`Bitmap Index Scan (${node['Index Name']}): ${fmt(node['Actual Rows'] * loops)}`);
    }
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan, 0);
  return { lines, scans, rowsRead };
}
