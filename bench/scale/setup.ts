/* What the scale bench measures and as whom: its options, the people and ids requests name, the endpoints, and the measuring. */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, percentile, ratio, sorted } from '../child.ts';
import { signToken, type Exec } from '../history.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
export const EXPLAIN = process.argv.includes('--explain') || process.env.BENCH_SCALE_EXPLAIN === '1';
export const PGLITE = process.argv.includes('--pglite') || process.env.BENCH_SCALE_PGLITE === '1';
export const SMALL = num('BENCH_SCALE_SMALL', 1000);
export const LARGE = num('BENCH_SCALE_LARGE', PGLITE ? 10_000 : 100_000);
export const ROUNDS = num('BENCH_SCALE_ROUNDS', 3);
export const SECONDS = num('BENCH_SCALE_SECONDS', 1);
export const CONNECTIONS = num('BENCH_SCALE_CONNECTIONS', 2);
const ONLY = process.env.BENCH_SCALE_ONLY ? new RegExp(process.env.BENCH_SCALE_ONLY, 'i') : undefined;
export const SCREEN_SECONDS = num('BENCH_SCALE_SCREEN_SECONDS', 30);
export const SCREEN_RATE = num('BENCH_SCALE_SCREEN_RATE', 5);
export const SCREEN_CUSTOMERS = num('BENCH_SCALE_SCREEN_CUSTOMERS', 500);
export const STAFF = num('BENCH_SCALE_STAFF', 5);
export const LOG_LEVEL = process.env.BENCH_SCALE_LOG_LEVEL ?? 'fatal';
export const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SECRET = randomBytes(32).toString('hex');
/** Refreshes that finish this long after the load stopped still count. */
export const GRACE_MS = 1000;
/** After the load (and its backlog) stopped, how long stored messages may still take to reach the staff. */
export const DRAIN_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Who the requests are made as, and the ids they name.

export interface Person {
  id: string;
  name: string;
  role: 'user' | 'employee' | 'admin';
  token: string;
}

export interface Subjects {
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

export async function subjectsOf(exec: Exec, n: number): Promise<Subjects> {
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
  {
    label: 'chat contacts, search by name (staff)',
    staff: true,
    url: (s) => `/api/users?limit=200&q=Customer%20${s.meNumber}`,
    as: asStaff,
  },
  { label: 'all customers, 50 (admin)', staff: true, url: () => '/api/all-customers?limit=50', as: asAdmin },
  {
    label: 'all customers, search by name (admin)',
    staff: true,
    url: (s) => `/api/all-customers?limit=50&q=Customer%20${s.meNumber}`,
    as: asAdmin,
  },
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
  {
    label: 'orders delivered and unpaid, 25 (staff)',
    staff: true,
    url: () => '/api/orders?status=delivered&paymentStatus=unpaid&limit=25',
    as: asStaff,
  },
  {
    label: 'orders unpaid, 25 (staff)',
    staff: true,
    url: () => '/api/orders?paymentStatus=unpaid&limit=25',
    as: asStaff,
  },
  { label: 'audit log, first 50 (admin)', staff: true, url: () => '/api/audit?limit=50', as: asAdmin },
  { label: 'audit log people (admin)', staff: true, url: () => '/api/audit/actors', as: asAdmin },
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
export const ENDPOINTS = ALL_ENDPOINTS.filter((e) => !ONLY || ONLY.test(e.label));

// ---------------------------------------------------------------------------------------------------------------
// Measuring.

export interface Side {
  label: string;
  n: number;
  port: number;
  child: ChildProcess;
  subjects: Subjects;
  /** The scratch database (PostgreSQL only), to cancel what the server still runs after a window. */
  database?: string;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function get(port: number, url: string, token: string, signal?: AbortSignal) {
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

export interface EndpointResult {
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

export async function measureEndpoints(sides: [Side, Side]): Promise<EndpointResult[]> {
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

export function endpointTable(results: EndpointResult[], sides: [Side, Side]): string {
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
