/**
 * npm run bench:scale: do the staff and admin screens stay as fast with 100,000 rows of history as with 1,000?
 *
 * Two fresh PostgreSQL databases are migrated by the app and seeded with straight SQL (bench/history.ts) as a clinic accumulating
 * history at a fixed rate per day (so the large one holds ~100x more days of it): customers, pets, bookings (closed
 * out in the past, a few left open, a bounded week ahead), visits, orders with items, notifications, chat (most
 * conversations short, some long, staff replies, a broadcast every ten days, what staff and customers have read).
 * One server process (server/main.ts) runs per database. Then:
 *   1. every list or count a staff, admin or customer screen loads, measured on both servers with the same
 *      method (CONNECTIONS requests in flight for SECONDS per side), rounds alternating small/large; p50 and p99
 *      per side and the ratio large/small (p50: median of the per-round ratios; p99: of the pooled samples);
 *   2. the staff screen: STAFF staff sockets with the chat page open while SCREEN_CUSTOMERS customer sockets send
 *      SCREEN_RATE messages a second in total for SCREEN_SECONDS, on the small then the large database, in two
 *      client modes: `apply` (each staff client applies the event itself; the one whose open conversation got the
 *      message marks it read) and `refetch` (each staff client refetches the conversation list and the unread count
 *      on every message, as the web app used to). Reported: refreshes completed within the window (+1 s) of those
 *      expected (messages x staff), messages stored of those sent, chat delivery latency at the staff clients, and
 *      a customer's own GET /api/chat/customer/:id p50 idle and under the load. After each window the statements
 *      still running on the server are canceled, so the next one starts clean; stored messages then have up to
 *      DRAIN_MS to arrive.
 *
 * --explain (or BENCH_SCALE_EXPLAIN=1): seeds only the large database, runs the app in this process, records every
 * SQL statement each endpoint runs (node-postgres' Client.query, so whatever the server code is) and prints
 * EXPLAIN (ANALYZE, BUFFERS) of each: the plan's nodes with index names, actual rows and time, rows read.
 * --pglite (or BENCH_SCALE_PGLITE=1): the same seed (small, and BENCH_SCALE_LARGE default 10,000) in two embedded
 * PGlite databases and the endpoint measurements only.
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; scratch databases are created and dropped),
 * BENCH_SCALE_SMALL (1000), BENCH_SCALE_LARGE (100000), BENCH_SCALE_ROUNDS (3), BENCH_SCALE_SECONDS (1),
 * BENCH_SCALE_CONNECTIONS (2), BENCH_SCALE_ONLY (a regular expression: only the endpoints whose label matches),
 * BENCH_SCALE_SCREEN_SECONDS (30, 0 skips the staff screen), BENCH_SCALE_SCREEN_RATE (5),
 * BENCH_SCALE_SCREEN_CUSTOMERS (500), BENCH_SCALE_STAFF (5), BENCH_SCALE_LOG_LEVEL (fatal: canceled queries would
 * otherwise log errors).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { createScratchDatabase, type ScratchDatabase } from '../server/db/scratch.ts';
import { connectedSocket, machine, median, ms, percentile, ratio, sorted, startChild, stopChild } from './child.ts';
import { explainLines, fmt, seedHistory, signToken, type Exec, type PlanNode } from './history.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const EXPLAIN = process.argv.includes('--explain') || process.env.BENCH_SCALE_EXPLAIN === '1';
const PGLITE = process.argv.includes('--pglite') || process.env.BENCH_SCALE_PGLITE === '1';
const SMALL = num('BENCH_SCALE_SMALL', 1000);
const LARGE = num('BENCH_SCALE_LARGE', PGLITE ? 10_000 : 100_000);
const ROUNDS = num('BENCH_SCALE_ROUNDS', 3);
const SECONDS = num('BENCH_SCALE_SECONDS', 1);
const CONNECTIONS = num('BENCH_SCALE_CONNECTIONS', 2);
const ONLY = process.env.BENCH_SCALE_ONLY ? new RegExp(process.env.BENCH_SCALE_ONLY, 'i') : undefined;
const SCREEN_SECONDS = num('BENCH_SCALE_SCREEN_SECONDS', 30);
const SCREEN_RATE = num('BENCH_SCALE_SCREEN_RATE', 5);
const SCREEN_CUSTOMERS = num('BENCH_SCALE_SCREEN_CUSTOMERS', 500);
const STAFF = num('BENCH_SCALE_STAFF', 5);
const LOG_LEVEL = process.env.BENCH_SCALE_LOG_LEVEL ?? 'fatal';
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = randomBytes(32).toString('hex');
/** Refreshes that finish this long after the load stopped still count. */
const GRACE_MS = 1000;
/** After the load (and its backlog) stopped, how long stored messages may still take to reach the staff. */
const DRAIN_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Who the requests are made as, and the ids they name.

interface Person {
  id: string;
  name: string;
  role: 'user' | 'employee' | 'admin';
  token: string;
}

interface Subjects {
  admin: Person;
  staff: Person[];
  /** A customer with a short conversation, a booking, an order and a notification, a quarter into the history. */
  me: Person;
  meNumber: number;
  /** A long conversation's customer. */
  long: string;
  /** The pet of `me`. */
  pet: string;
  /** The cursor of the conversation half-way down the staff's conversation list. */
  middleCursor: string;
  /** Customers 1..SCREEN_CUSTOMERS, for the staff screen. */
  customers: Person[];
}

async function subjectsOf(exec: Exec, n: number): Promise<Subjects> {
  const person = (r: Record<string, unknown>): Person => {
    const p = { id: String(r.id), name: String(r.name), role: r.role as Person['role'] };
    return { ...p, token: signToken(SECRET, p) };
  };
  const staffRows = (await exec(`select id, name, role, email from users where role <> 'user' order by email`)).rows;
  const meNumber = Math.floor(n / 4);
  const wanted = [meNumber, 1, ...Array.from({ length: Math.min(SCREEN_CUSTOMERS, n) }, (_, i) => i + 1)];
  const customerRows = (
    await exec(
      `select id, name, role, email from users
        where email in (${[...new Set(wanted)].map((k) => `'customer${k}@bench.local'`).join(', ')})`,
    )
  ).rows;
  const byNumber = new Map(customerRows.map((r) => [Number(String(r.email).slice(8).split('@')[0]), person(r)]));
  const me = byNumber.get(meNumber)!;
  const pet = (await exec(`select id from pets where owner_id = '${me.id}'`)).rows[0]!.id as string;
  // The conversation list is ordered by last message, newest first; its cursor is that time and the customer.
  const middle = (
    await exec(
      `select customer_id, max(created_at) as at from chat_messages where customer_id is not null
        group by customer_id order by 2 desc, 1 desc
       offset (select count(distinct customer_id) / 2 from chat_messages) limit 1`,
    )
  ).rows[0]!;
  const at = new Date(middle.at as string | Date).toISOString();
  return {
    admin: person(staffRows.find((r) => r.role === 'admin')!),
    staff: staffRows.filter((r) => r.role === 'employee').map(person),
    me,
    meNumber,
    long: byNumber.get(1)!.id,
    pet,
    middleCursor: Buffer.from(`${at}|${String(middle.customer_id)}`).toString('base64url'),
    customers: Array.from({ length: Math.min(SCREEN_CUSTOMERS, n) }, (_, i) => byNumber.get(i + 1)!),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The endpoints: every list or count a screen loads (web/features/*/api), with the page sizes the web app asks for.

interface Endpoint {
  label: string;
  /** Staff and admin endpoints carry the target (p50 within 1.5x, p99 within 2x). */
  staff: boolean;
  url: (s: Subjects) => string;
  as: (s: Subjects) => Person;
}

const asStaff = (s: Subjects) => s.staff[0]!;
const asAdmin = (s: Subjects) => s.admin;
const asMe = (s: Subjects) => s.me;

const ALL_ENDPOINTS: Endpoint[] = [
  {
    label: 'chat conversations, first 200 (staff)',
    staff: true,
    url: () => '/api/chat/conversations?limit=200',
    as: asStaff,
  },
  {
    label: 'chat conversations, 200 from the middle (staff)',
    staff: true,
    url: (s) => `/api/chat/conversations?limit=200&cursor=${s.middleCursor}`,
    as: asStaff,
  },
  { label: 'chat unread count (staff)', staff: true, url: () => '/api/chat/unread-count', as: asStaff },
  {
    label: 'chat staff inbox, 50',
    staff: true,
    url: (s) => `/api/chat/employee/${s.staff[0]!.id}?limit=50`,
    as: asStaff,
  },
  {
    label: 'chat history of a long conversation, 50 (staff)',
    staff: true,
    url: (s) => `/api/chat/customer/${s.long}?limit=50`,
    as: asStaff,
  },
  { label: 'chat contacts /api/users, 200 (staff)', staff: true, url: () => '/api/users?limit=200', as: asStaff },
  { label: 'all customers, 50 (admin)', staff: true, url: () => '/api/all-customers?limit=50', as: asAdmin },
  {
    label: 'all customers, search by e-mail (admin)',
    staff: true,
    url: (s) => `/api/all-customers?limit=50&q=customer${s.meNumber}%40`,
    as: asAdmin,
  },
  { label: 'all employees, 50 (admin)', staff: true, url: () => '/api/all-employees?limit=50', as: asAdmin },
  { label: 'bookings, newest first, 25 (staff)', staff: true, url: () => '/api/slots/bookings?limit=25', as: asStaff },
  {
    label: 'agenda from today, all but canceled, 25 (staff)',
    staff: true,
    url: () => '/api/slots/bookings?sort=appointment&status=active&limit=25',
    as: asStaff,
  },
  {
    label: 'agenda, needs outcome (overdue), 25 (staff)',
    staff: true,
    url: () => '/api/slots/bookings?sort=appointment&status=overdue&limit=25',
    as: asStaff,
  },
  { label: 'booking stats (staff)', staff: true, url: () => '/api/slots/stats', as: asStaff },
  { label: 'orders, newest first, 25 (staff)', staff: true, url: () => '/api/orders?limit=25', as: asStaff },
  { label: 'orders placed, 25 (staff)', staff: true, url: () => '/api/orders?status=placed&limit=25', as: asStaff },
  { label: "a customer's pets (staff)", staff: true, url: (s) => `/api/pets?ownerId=${s.me.id}`, as: asStaff },
  { label: "a pet's timeline (staff)", staff: true, url: (s) => `/api/pets/${s.pet}/timeline?limit=20`, as: asStaff },
  { label: 'me (customer)', staff: false, url: () => '/api/auth/me', as: asMe },
  { label: 'own bookings, 20 (customer)', staff: false, url: () => '/api/slots/mine?limit=20', as: asMe },
  { label: 'own orders, 20 (customer)', staff: false, url: () => '/api/orders/mine?limit=20', as: asMe },
  { label: 'own pets (customer)', staff: false, url: () => '/api/pets', as: asMe },
  {
    label: 'own chat history, 50 (customer)',
    staff: false,
    url: (s) => `/api/chat/customer/${s.me.id}?limit=50`,
    as: asMe,
  },
  { label: 'chat unread count (customer)', staff: false, url: () => '/api/chat/unread-count', as: asMe },
  { label: 'notifications, 20 (customer)', staff: false, url: () => '/api/notifications?limit=20', as: asMe },
];
const ENDPOINTS = ALL_ENDPOINTS.filter((e) => !ONLY || ONLY.test(e.label));

// ---------------------------------------------------------------------------------------------------------------
// Measuring.

interface Side {
  label: string;
  n: number;
  port: number;
  child: ChildProcess;
  subjects: Subjects;
  /** The scratch database (PostgreSQL only), to cancel what the server still runs after a window. */
  database?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function get(port: number, url: string, token: string, signal?: AbortSignal) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` }, signal });
  const body = await res.text();
  return { status: res.status, body };
}

/** What a response holds: the length of a list, else a count, else 1. */
function sizeOf(body: string): number {
  const v = JSON.parse(body) as unknown;
  if (Array.isArray(v)) return v.length;
  if (v && typeof v === 'object' && 'count' in v) return Number((v as { count: number }).count);
  return 1;
}

/** CONNECTIONS loops sending the request one after the other for `seconds` (each sends at least one). */
async function measure(side: Side, e: Endpoint, seconds: number): Promise<number[]> {
  const url = e.url(side.subjects);
  const token = e.as(side.subjects).token;
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      do {
        const t = performance.now();
        const r = await get(side.port, url, token);
        if (r.status !== 200) throw new Error(`${e.label} on ${side.label}: ${r.status} ${r.body.slice(0, 200)}`);
        latencies.push(performance.now() - t);
      } while (performance.now() - start < seconds * 1000);
    }),
  );
  return latencies;
}

interface EndpointResult {
  label: string;
  staff: boolean;
  sizes: [number, number];
  p50: [number, number];
  p99: [number, number];
  samples: [number, number];
  ratioP50: number;
  ratioP99: number;
  roundRatios: number[];
}

async function measureEndpoints(sides: [Side, Side]): Promise<EndpointResult[]> {
  const results: EndpointResult[] = [];
  for (const e of ENDPOINTS) {
    // Warm-up and a look at what each side answers.
    const sizes = (await Promise.all(
      sides.map(async (side) => {
        const r = await get(side.port, e.url(side.subjects), e.as(side.subjects).token);
        if (r.status !== 200) throw new Error(`${e.label} on ${side.label}: ${r.status} ${r.body.slice(0, 200)}`);
        return sizeOf(r.body);
      }),
    )) as [number, number];
    for (const side of sides) await measure(side, e, 0.2);
    const samples: [number[], number[]] = [[], []];
    const roundRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? [1, 0] : [0, 1];
      const p50s: number[] = [0, 0];
      for (const i of order) {
        const lat = await measure(sides[i]!, e, SECONDS);
        samples[i]!.push(...lat);
        p50s[i] = percentile(sorted(lat), 50);
      }
      roundRatios.push(p50s[1]! / p50s[0]!);
    }
    const [a, b] = samples.map(sorted) as [number[], number[]];
    const result: EndpointResult = {
      label: e.label,
      staff: e.staff,
      sizes,
      p50: [percentile(a, 50), percentile(b, 50)],
      p99: [percentile(a, 99), percentile(b, 99)],
      samples: [a.length, b.length],
      ratioP50: median(roundRatios),
      ratioP99: percentile(b, 99) / percentile(a, 99),
      roundRatios,
    };
    results.push(result);
    console.log(
      `  ${e.label}: ${ms(result.p50[0])} / ${ms(result.p99[0])} ms -> ${ms(result.p50[1])} / ${ms(result.p99[1])} ms, ` +
        `p50 ${ratio(result.ratioP50)} (rounds ${roundRatios.map((x) => x.toFixed(2)).join(', ')}), p99 ${ratio(result.ratioP99)}`,
    );
  }
  return results;
}

function endpointTable(results: EndpointResult[], sides: [Side, Side]): string {
  const [s, l] = sides.map((x) => x.n.toLocaleString('en'));
  const lines = [
    `| endpoint | rows (${s} / ${l}) | ${s}: p50 / p99 ms | ${l}: p50 / p99 ms | ratio p50 | ratio p99 | target |`,
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const met = r.ratioP50 <= 1.5 && r.ratioP99 <= 2;
    lines.push(
      `| ${r.label} | ${r.sizes[0]} / ${r.sizes[1]} | ${ms(r.p50[0])} / ${ms(r.p99[0])} | ${ms(r.p50[1])} / ${ms(r.p99[1])} | ` +
        `**${ratio(r.ratioP50)}** | ${ratio(r.ratioP99)} | ${r.staff ? (met ? 'met' : 'missed') : ''} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The staff screen under live chat.

interface ScreenResult {
  side: string;
  mode: 'apply' | 'refetch';
  sent: number;
  /** Messages the server acknowledged as stored. */
  stored: number;
  expected: number;
  completed: number;
  failedRefreshes: number;
  /** How the failed refreshes were answered: status -> count. */
  failedStatuses: Record<string, number>;
  deliveryP50: number;
  deliveryP99: number;
  delivered: number;
  customerIdleP50: number;
  customerLoadP50: number;
  markReadP50: number;
  canceledQueries: number;
}

const connectSocket = (port: number, p: Person) => connectedSocket(`http://127.0.0.1:${port}`, p.token);

/** One request at a time, every `gapMs`, until `until()`: a customer's own chat page. */
async function probeCustomer(side: Side, until: () => boolean, gapMs = 100): Promise<number[]> {
  const lat: number[] = [];
  const url = `/api/chat/customer/${side.subjects.me.id}?limit=50`;
  while (!until()) {
    const t = performance.now();
    const r = await get(side.port, url, side.subjects.me.token);
    if (r.status === 200) lat.push(performance.now() - t);
    await sleep(gapMs);
  }
  return lat;
}

/** Cancels every statement the server still runs on `database` until it has been quiet for a second. */
async function quiesce(database: string | undefined): Promise<number> {
  if (!database) return 0;
  const c = new pg.Client({ connectionString: BASE_DB });
  await c.connect();
  let canceled = 0;
  try {
    const start = performance.now();
    let quietSince = performance.now();
    while (performance.now() - quietSince < 1000 && performance.now() - start < 30_000) {
      const { rows } = await c.query<{ n: number }>(
        `select count(pg_cancel_backend(pid))::int as n from pg_stat_activity
          where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      );
      if (rows[0]!.n > 0) {
        canceled += rows[0]!.n;
        quietSince = performance.now();
      }
      await sleep(100);
    }
  } finally {
    await c.end();
  }
  return canceled;
}

async function staffScreen(side: Side): Promise<ScreenResult[]> {
  const { subjects } = side;
  const staff = subjects.staff.slice(0, STAFF);
  const staffSockets = await Promise.all(staff.map((p) => connectSocket(side.port, p)));
  const customerSockets: Socket[] = [];
  for (let i = 0; i < subjects.customers.length; i += 50)
    customerSockets.push(
      ...(await Promise.all(subjects.customers.slice(i, i + 50).map((p) => connectSocket(side.port, p)))),
    );
  // Each staff member has a conversation open (customer i+1), as the chat page does when one is chosen.
  const open = staff.map((_, i) => subjects.customers[i]!.id);
  await Promise.all(
    staffSockets.map(
      (s, i) => new Promise<void>((resolve) => s.emit('join_room', { customerId: open[i] }, () => resolve())),
    ),
  );
  const idleEnd = performance.now() + 3000;
  const idle = await probeCustomer(side, () => performance.now() > idleEnd);
  const results: ScreenResult[] = [];
  try {
    for (const mode of ['apply', 'refetch'] as const) {
      const sentAt = new Map<string, number>();
      const delivery: number[] = [];
      const markRead: number[] = [];
      const abort = new AbortController();
      let windowEnd = Infinity;
      let completed = 0;
      let failedRefreshes = 0;
      const failedStatuses: Record<string, number> = {};
      let refreshing = true;
      let acks = 0;
      let stored = 0;
      const counts = () => performance.now() <= windowEnd + GRACE_MS;
      const onMessage =
        (i: number) => (m: { clientMessageId: string; customerId: string | null; senderRole: string }) => {
          const at = performance.now();
          const s = sentAt.get(m.clientMessageId);
          if (s === undefined || m.senderRole !== 'user') return;
          delivery.push(at - s);
          if (!refreshing) return;
          if (mode === 'apply') {
            if (counts()) completed += 1;
            if (m.customerId === open[i]) {
              const t = performance.now();
              void fetch(`http://127.0.0.1:${side.port}/api/chat/conversations/${m.customerId}/read`, {
                method: 'PUT',
                headers: { authorization: `Bearer ${staff[i]!.token}` },
                signal: abort.signal,
              })
                .then(async (r) => {
                  await r.arrayBuffer();
                  if (r.ok) markRead.push(performance.now() - t);
                })
                .catch(() => undefined);
            }
            return;
          }
          const token = staff[i]!.token;
          void Promise.all([
            get(side.port, '/api/chat/conversations?limit=200', token, abort.signal),
            get(side.port, '/api/chat/unread-count', token, abort.signal),
          ]).then(
            (rs) => {
              if (rs.every((r) => r.status === 200)) {
                if (counts()) completed += 1;
              } else {
                failedRefreshes += 1;
                const status = rs.find((r) => r.status !== 200)!.status;
                failedStatuses[status] = (failedStatuses[status] ?? 0) + 1;
              }
            },
            () => undefined,
          );
        };
      const handlers = staffSockets.map((s, i) => {
        const h = onMessage(i);
        s.on('receive_message', h);
        return h;
      });

      let loadDone = false;
      const probe = probeCustomer(side, () => loadDone);
      const start = performance.now();
      let seq = 0;
      while (performance.now() - start < SCREEN_SECONDS * 1000) {
        const due = Math.floor(((performance.now() - start) / 1000) * SCREEN_RATE);
        while (seq < due) {
          const cmid = `${side.label}-${mode}-${seq}`;
          sentAt.set(cmid, performance.now());
          customerSockets[seq % customerSockets.length]!.emit(
            'send_message',
            { message: `Screen message ${seq}`, clientMessageId: cmid },
            (a: { ok: boolean }) => {
              acks += 1;
              if (a.ok) stored += 1;
            },
          );
          seq += 1;
        }
        await sleep(5);
      }
      windowEnd = performance.now();
      loadDone = true;
      const load = await probe;
      await sleep(Math.max(0, windowEnd + GRACE_MS - performance.now()));
      // What still runs is backlog: the staff clients stop refreshing and the server's statements are canceled;
      // then the stored messages get their chance to arrive.
      refreshing = false;
      abort.abort();
      const canceledQueries = await quiesce(side.database);
      const drainEnd = performance.now() + DRAIN_MS;
      while (performance.now() < drainEnd && (acks < seq || delivery.length < stored * staff.length)) await sleep(50);
      staffSockets.forEach((s, i) => s.off('receive_message', handlers[i]));
      const d = sorted(delivery);
      results.push({
        side: side.label,
        mode,
        sent: seq,
        stored,
        expected: seq * staff.length,
        completed,
        failedRefreshes,
        failedStatuses,
        delivered: d.length,
        deliveryP50: percentile(d, 50),
        deliveryP99: percentile(d, 99),
        customerIdleP50: percentile(sorted(idle), 50),
        customerLoadP50: percentile(sorted(load), 50),
        markReadP50: percentile(sorted(markRead), 50),
        canceledQueries,
      });
      const r = results.at(-1)!;
      console.log(
        `  ${side.label} ${mode}: refreshes ${r.completed} / ${r.expected}${r.failedRefreshes ? ` (failed: ${JSON.stringify(r.failedStatuses)})` : ''}, stored ${r.stored} / ${r.sent}, delivery p50 ${ms(r.deliveryP50)} / p99 ${ms(r.deliveryP99)} ms, ` +
          `customer GET p50 ${ms(r.customerIdleP50)} -> ${ms(r.customerLoadP50)} ms, canceled afterwards ${r.canceledQueries}`,
      );
    }
  } finally {
    for (const s of [...staffSockets, ...customerSockets]) s.disconnect();
  }
  return results;
}

function screenTable(results: ScreenResult[]): string {
  const lines = [
    '| database | client mode | refreshes completed / expected | messages stored / sent | chat delivery p50 / p99 ms | customer GET p50 ms idle -> under load | mark-read p50 ms | statements canceled after the window |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.side} | ${r.mode} | ${r.completed} / ${r.expected} (${((100 * r.completed) / r.expected).toFixed(0)}%)` +
        `${r.failedRefreshes ? `, ${r.failedRefreshes} failed` : ''} | ${r.stored} / ${r.sent} | ` +
        `${ms(r.deliveryP50)} / ${ms(r.deliveryP99)}` +
        `${r.delivered < r.stored * STAFF ? ` (${r.delivered} of ${r.stored * STAFF} delivered)` : ''} | ${ms(r.customerIdleP50)} -> ${ms(r.customerLoadP50)} ` +
        `(${ratio(r.customerLoadP50 / r.customerIdleP50)}) | ${r.mode === 'apply' ? ms(r.markReadP50) : ''} | ${r.canceledQueries} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Running: databases, servers, clean-up.

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const c of cleanups.splice(0).reverse()) await c().catch((err: unknown) => console.error(err));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
// Output piped into a reader that stopped (| head) must not end the run before the databases are dropped.
process.stdout.on('error', () => undefined);

const sizeLabel = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));

function serverEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // One client asks for everything the bench measures: the per-client request budget would refuse it.
    REQUEST_RATE_LIMIT: '1000000000',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: LOG_LEVEL,
    JWT_SECRET: SECRET,
    DATA_DIR: dataDir,
  };
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-scale-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A scratch PostgreSQL database, migrated by the app and seeded. */
async function postgresOf(n: number): Promise<{ scratch: ScratchDatabase; subjects: Subjects }> {
  const scratch = await createScratchDatabase(BASE_DB, `pawcare_bench_scale_${sizeLabel(n)}`);
  cleanups.push(() => scratch.drop());
  const { openDatabase } = await import('../server/db/client.ts');
  await (await openDatabase({ databaseUrl: scratch.url, poolSize: 1 })).close();
  const c = new pg.Client({ connectionString: scratch.url });
  await c.connect();
  try {
    const exec: Exec = (text) => c.query(text);
    await seedHistory(exec, n, STAFF);
    return { scratch, subjects: await subjectsOf(exec, n) };
  } finally {
    await c.end();
  }
}

/** An embedded PGlite database under `dataDir/pglite` (where server/main.ts looks), migrated and seeded. */
async function pgliteOf(n: number, dataDir: string): Promise<Subjects> {
  const { openDatabase } = await import('../server/db/client.ts');
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const exec: Exec = async (text) => ({ rows: (await client.query<Record<string, unknown>>(text)).rows });
    await seedHistory(exec, n, STAFF);
    return await subjectsOf(exec, n);
  } finally {
    await database.close();
  }
}

async function startServer(
  label: string,
  n: number,
  subjects: Subjects,
  dataDir: string,
  scratch?: ScratchDatabase,
): Promise<Side> {
  const server = await startChild(path.join(root, 'server', 'main.ts'), [], serverEnv(dataDir, scratch?.url));
  cleanups.push(() => stopChild(server.child));
  return { label, n, port: server.port, child: server.child, subjects, database: scratch?.name };
}

async function runMeasurements() {
  const kind = PGLITE ? 'PGlite' : 'PostgreSQL';
  console.log(
    `bench:scale on ${kind}: ${SMALL.toLocaleString('en')} vs ${LARGE.toLocaleString('en')} rows of each kind, ` +
      `${CONNECTIONS} requests in flight, ${SECONDS} s per side x ${ROUNDS} rounds; ${machine()}`,
  );
  const t0 = performance.now();
  const sides: Side[] = [];
  for (const n of [SMALL, LARGE]) {
    const dataDir = tempDir();
    const label = sizeLabel(n);
    if (PGLITE) {
      const subjects = await pgliteOf(n, dataDir);
      sides.push(await startServer(label, n, subjects, dataDir));
    } else {
      const { scratch, subjects } = await postgresOf(n);
      sides.push(await startServer(label, n, subjects, dataDir, scratch));
    }
  }
  const pair = sides as [Side, Side];
  console.log(`ready after ${((performance.now() - t0) / 1000).toFixed(0)} s; endpoints:`);
  const endpoints = await measureEndpoints(pair);
  let screen: ScreenResult[] = [];
  if (!PGLITE && SCREEN_SECONDS > 0) {
    console.log(
      `staff screen: ${STAFF} staff, ${SCREEN_CUSTOMERS} customers sending ${SCREEN_RATE} messages/s for ${SCREEN_SECONDS} s:`,
    );
    for (const side of pair) screen = screen.concat(await staffScreen(side));
  }
  console.log(`\n${endpointTable(endpoints, pair)}\n`);
  if (screen.length) console.log(`${screenTable(screen)}\n`);
  console.log(`total ${((performance.now() - t0) / 1000).toFixed(0)} s; ${machine()}`);
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(
    outDir,
    `scale-${PGLITE ? 'pglite-' : ''}${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        kind,
        small: SMALL,
        large: LARGE,
        rounds: ROUNDS,
        seconds: SECONDS,
        connections: CONNECTIONS,
        endpoints,
        screen,
      },
      null,
      2,
    ),
  );
  console.log(`results: ${path.relative(root, file)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// --explain: what each endpoint runs, and how PostgreSQL runs it at the large size.

interface Explained {
  sql: string;
  ms: number;
  rowsRead: number;
  buffers: number;
  lines: string[];
  scans: string[];
}

async function runExplain() {
  console.log(`bench:scale --explain on PostgreSQL, ${LARGE.toLocaleString('en')} rows of each kind; ${machine()}`);
  const { scratch, subjects } = await postgresOf(LARGE);
  // Every statement the app sends through node-postgres while a request is being answered.
  let recording: { text: string; values: unknown[] }[] | null = null;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, and called with its `this` below
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof a === 'string' ? a : a.text;
      const values = Array.isArray(b) ? b : typeof a === 'object' ? (a.values ?? []) : [];
      recording.push({ text, values });
    }
    return (original as (...x: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  cleanups.push(() => {
    pg.Client.prototype.query = original;
    return Promise.resolve();
  });

  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/client.ts');
  const config = loadConfig({
    NODE_ENV: 'production',
    // One client asks for everything the bench measures: the per-client request budget would refuse it.
    REQUEST_RATE_LIMIT: '1000000000',
    DATABASE_URL: scratch.url,
    JWT_SECRET: SECRET,
    DATA_DIR: tempDir(),
    LOG_LEVEL: 'fatal',
  });
  const database = await openDatabase({ databaseUrl: scratch.url });
  cleanups.push(() => database.close());
  const app = await buildApp({
    config,
    database,
    logger: { level: 'fatal', stream: { write: () => undefined } },
  });
  cleanups.push(() => app.close());
  const explainer = new pg.Client({ connectionString: scratch.url });
  await explainer.connect();
  cleanups.push(() => explainer.end());

  const seen = new Map<string, number>();
  const all: Explained[] = [];
  const report: string[] = [];
  for (const e of ENDPOINTS) {
    const request = {
      method: 'GET' as const,
      url: e.url(subjects),
      headers: { authorization: `Bearer ${e.as(subjects).token}` },
    };
    await app.inject(request); // prepared statements and caches warm
    recording = [];
    const res = await app.inject(request);
    const statements = recording;
    recording = null;
    if (res.statusCode !== 200) throw new Error(`${e.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    console.log(`\n### ${e.label}: GET ${request.url.replace(/cursor=[^&]+/, 'cursor=...')}`);
    const parts: string[] = [];
    for (const st of statements) {
      if (!/^\s*(select|with)\b/i.test(st.text)) continue;
      const short = st.text.replace(/\s+/g, ' ').trim();
      const known = seen.get(st.text);
      await explainer.query('begin');
      let plan: { Plan: PlanNode; 'Execution Time': number };
      try {
        const { rows } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
          `explain (analyze, buffers, format json) ${st.text}`,
          st.values,
        );
        plan = rows[0]!['QUERY PLAN'][0];
      } finally {
        await explainer.query('rollback');
      }
      const { lines, scans, rowsRead } = explainLines(plan.Plan);
      const buffers = (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      const x: Explained = { sql: short, ms: plan['Execution Time'], rowsRead, buffers, lines, scans };
      if (known !== undefined) {
        console.log(`  #${known} again: ${fmt(rowsRead)} rows read, ${x.ms.toFixed(1)} ms`);
        // #1 is the caller's own row, read by every request.
        if (known !== 1) parts.push(`#${known} again: ${fmt(rowsRead)} rows read, ${x.ms.toFixed(1)} ms`);
        continue;
      }
      all.push(x);
      seen.set(st.text, all.length);
      console.log(`  #${all.length} ${short.slice(0, 160)}${short.length > 160 ? ' ...' : ''}`);
      console.log(`     ${fmt(rowsRead)} rows read, ${fmt(buffers)} buffers, ${x.ms.toFixed(1)} ms`);
      for (const l of lines) console.log(`     ${l}`);
      parts.push(`#${all.length}: ${fmt(rowsRead)} rows read, ${x.ms.toFixed(1)} ms; ${scans.join('; ')}`);
    }
    report.push(`| ${e.label} | ${parts.join('<br>') || "only the caller's own row (#1)"} |`);
  }
  console.log('\n| endpoint | statement: rows read, execution time; scans (index): rows read |');
  console.log('|---|---|');
  for (const r of report) console.log(r);
}

// ---------------------------------------------------------------------------------------------------------------

try {
  if (EXPLAIN) await runExplain();
  else await runMeasurements();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
// Sockets or timers left by a failed run must not keep the process (and the report) waiting.
process.exit();
