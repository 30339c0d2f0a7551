/**
 * npm run bench:analytics: does GET /api/analytics stay fast with 100,000 bookings and orders of history?
 *
 * Two scratch PostgreSQL databases are migrated by the app and seeded by bench/history.ts (the history bench:scale
 * uses: 63 bookings a day, as many orders and chat messages as bookings, spread over the same days), SMALL and LARGE
 * rows of each kind. One server process (server/main.ts) runs per database. For each range (the last 7, 30 and 90
 * days, today included) the admin's request is measured on both servers, rounds alternating small/large, CONNECTIONS
 * requests in flight for SECONDS per side: p50 and p99 per side and the ratio large/small (p50: median of the
 * per-round ratios; p99: of the pooled samples). Then the indexes of migration 0008 are dropped on both databases and
 * the same is measured again ("before"), so the table shows what the indexes buy. For the 90-day range at the large
 * size, every statement the service sends is printed with its EXPLAIN (ANALYZE, BUFFERS) plan, with and without the
 * indexes.
 *
 * The databases hold the same number of rows per day, so a range the small one covers reads the same rows in both;
 * the small one holds only 13 days of past bookings, so its 30- and 90-day ranges hold fewer rows ("rows in range").
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_ANALYTICS_SMALL (1000),
 * BENCH_ANALYTICS_LARGE (100000), BENCH_ANALYTICS_ROUNDS (3), BENCH_ANALYTICS_SECONDS (1),
 * BENCH_ANALYTICS_CONNECTIONS (2). --after-only skips the measurements without the indexes.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lastDays } from '#shared/analytics';
import { todayIn } from '#shared/dates';
import { createScratchDatabase, type ScratchDatabase } from '../server/db/scratch.ts';
import { machine, median, ms, percentile, ratio, sorted, startChild, stopChild } from './child.ts';
import { explainLines, fmt, seedHistory, signToken, type PlanNode } from './history.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const SMALL = num('BENCH_ANALYTICS_SMALL', 1000);
const LARGE = num('BENCH_ANALYTICS_LARGE', 100_000);
const ROUNDS = num('BENCH_ANALYTICS_ROUNDS', 3);
const SECONDS = num('BENCH_ANALYTICS_SECONDS', 1);
const CONNECTIONS = num('BENCH_ANALYTICS_CONNECTIONS', 2);
const AFTER_ONLY = process.argv.includes('--after-only');
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = randomBytes(32).toString('hex');
/** The server's default clinic time zone, which the seed's days are counted in too. */
const TZ = 'Asia/Kolkata';
const RANGES = [7, 30, 90] as const;
/** The indexes migration 0008 adds for the figures. */
const ANALYTICS_INDEXES = [
  'slot_bookings_starts_service_status_idx',
  'orders_created_totals_idx',
  'order_items_placed_idx',
  'chat_messages_customer_sent_idx',
  'chat_messages_staff_reply_idx',
];

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const c of cleanups.splice(0).reverse()) await c().catch((err: unknown) => console.error(err));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
process.stdout.on('error', () => undefined);

const sizeLabel = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));

interface Side {
  label: string;
  n: number;
  scratch: ScratchDatabase;
  port: number;
  token: string;
}

/** Runs `fn` with a client of `url`, closed afterwards. */
async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function startSide(n: number): Promise<Side> {
  const label = sizeLabel(n);
  const scratch = await createScratchDatabase(BASE_DB, `pawcare_bench_analytics_${label}`);
  cleanups.push(() => scratch.drop());
  const { openDatabase } = await import('../server/db/client.ts');
  await (await openDatabase({ databaseUrl: scratch.url, poolSize: 1 })).close();
  const admin = await withClient(scratch.url, async (c) => {
    await seedHistory((text) => c.query(text), n, 5);
    return (
      await c.query<{ id: string; name: string; role: string }>(
        `select id, name, role from users where email = 'admin@bench.local'`,
      )
    ).rows[0]!;
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-analytics-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const server = await startChild(path.join(root, 'server', 'main.ts'), [], {
    NODE_ENV: 'production',
    // One client asks for everything the bench measures: the per-client request budget would refuse it.
    REQUEST_RATE_LIMIT: '1000000000',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: scratch.url,
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'fatal',
    JWT_SECRET: SECRET,
    DATA_DIR: dataDir,
    CLINIC_TZ: TZ,
  });
  cleanups.push(() => stopChild(server.child));
  return { label, n, scratch, port: server.port, token: signToken(SECRET, admin) };
}

const urlOf = (days: number) => {
  const { from, to } = lastDays(todayIn(TZ), days);
  return `/api/analytics?from=${from}&to=${to}`;
};

async function get(side: Side, url: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${side.port}${url}`, {
    headers: { authorization: `Bearer ${side.token}` },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} on ${side.label}: ${res.status} ${body.slice(0, 200)}`);
}

/** CONNECTIONS loops sending the request one after the other for `seconds` (each sends at least one). */
async function measure(side: Side, url: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      do {
        const t = performance.now();
        await get(side, url);
        latencies.push(performance.now() - t);
      } while (performance.now() - start < seconds * 1000);
    }),
  );
  return latencies;
}

interface RangeResult {
  days: number;
  /** Bookings, orders and customers' chat messages in the range, per side. */
  rows: [string, string];
  p50: [number, number];
  p99: [number, number];
  ratioP50: number;
  ratioP99: number;
}

async function rowsInRange(side: Side, days: number): Promise<string> {
  const { from, to } = lastDays(todayIn(TZ), days);
  return withClient(side.scratch.url, async (c) => {
    const between = (column: string) =>
      `${column} >= ('${from}'::date::timestamp at time zone '${TZ}') and ${column} < (('${to}'::date + 1)::timestamp at time zone '${TZ}')`;
    const { rows } = await c.query<{ b: number; o: number; m: number }>(
      `select (select count(*) from slot_bookings where ${between('starts_at')})::int as b,
              (select count(*) from orders where ${between('created_at')})::int as o,
              (select count(*) from chat_messages where sender_role = 'user' and ${between('created_at')})::int as m`,
    );
    const r = rows[0]!;
    return `${fmt(r.b)} / ${fmt(r.o)} / ${fmt(r.m)}`;
  });
}

async function measureRanges(sides: [Side, Side]): Promise<RangeResult[]> {
  const results: RangeResult[] = [];
  for (const days of RANGES) {
    const url = urlOf(days);
    for (const side of sides) await measure(side, url, 0.2);
    const samples: [number[], number[]] = [[], []];
    const roundRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const p50s = [0, 0];
      for (const i of r % 2 ? [1, 0] : [0, 1]) {
        const lat = await measure(sides[i]!, url, SECONDS);
        samples[i]!.push(...lat);
        p50s[i] = percentile(sorted(lat), 50);
      }
      roundRatios.push(p50s[1]! / p50s[0]!);
    }
    const [a, b] = samples.map(sorted) as [number[], number[]];
    const result: RangeResult = {
      days,
      rows: [await rowsInRange(sides[0], days), await rowsInRange(sides[1], days)],
      p50: [percentile(a, 50), percentile(b, 50)],
      p99: [percentile(a, 99), percentile(b, 99)],
      ratioP50: median(roundRatios),
      ratioP99: percentile(b, 99) / percentile(a, 99),
    };
    results.push(result);
    console.log(
      `  ${days} days: ${ms(result.p50[0])} / ${ms(result.p99[0])} ms -> ${ms(result.p50[1])} / ${ms(result.p99[1])} ms, ` +
        `p50 ${ratio(result.ratioP50)}, p99 ${ratio(result.ratioP99)}`,
    );
  }
  return results;
}

/**
 * Every statement the service sends for the 90-day range on `side`'s database, with its plan: the service runs in
 * this process on a pool of its own, node-postgres' Client.query recording what it is asked.
 */
async function explainRange(side: Side, days: number): Promise<string[]> {
  const recorded: { text: string; values: unknown[] }[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, and called with its `this` below
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown];
    const text = typeof a === 'string' ? a : a.text;
    recorded.push({ text, values: Array.isArray(b) ? b : typeof a === 'object' ? (a.values ?? []) : [] });
    return (original as (...x: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const { openDatabase } = await import('../server/db/client.ts');
  const { analytics } = await import('../server/analytics/service.ts');
  const database = await openDatabase({ databaseUrl: side.scratch.url, poolSize: 1 });
  const range = lastDays(todayIn(TZ), days);
  try {
    await analytics({ db: database.db, config: { CLINIC_TZ: TZ } }, range); // warm
    recorded.length = 0;
    await analytics({ db: database.db, config: { CLINIC_TZ: TZ } }, range);
  } finally {
    pg.Client.prototype.query = original;
    await database.close();
  }
  const out: string[] = [];
  await withClient(side.scratch.url, async (c) => {
    for (const st of recorded.filter((s) => /^\s*(select|with)\b/i.test(s.text))) {
      const { rows } = await c.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
        `explain (analyze, buffers, format json) ${st.text}`,
        st.values,
      );
      const plan = rows[0]!['QUERY PLAN'][0];
      const { lines, scans, rowsRead } = explainLines(plan.Plan);
      const short = st.text.replace(/\s+/g, ' ').trim();
      console.log(`  ${short.slice(0, 150)}${short.length > 150 ? ' ...' : ''}`);
      console.log(`     ${fmt(rowsRead)} rows read, ${plan['Execution Time'].toFixed(1)} ms`);
      for (const l of lines) console.log(`     ${l}`);
      out.push(`${fmt(rowsRead)} rows read, ${plan['Execution Time'].toFixed(1)} ms; ${scans.join('; ')}`);
    }
  });
  return out;
}

function table(after: RangeResult[], before: RangeResult[] | undefined, sides: [Side, Side]): string {
  const [s, l] = sides.map((x) => x.n.toLocaleString('en'));
  const head = [
    `| range | rows in range: bookings / orders / customer messages (${s} ; ${l}) | ${s}: p50 / p99 ms | ${l}: p50 / p99 ms | ratio p50 | ratio p99 |`,
    '|---|---|---|---|---|---|',
  ];
  const extra = before ? ` ${s} / ${l} p50 without the indexes |` : '';
  if (before) {
    head[0] += extra;
    head[1] += '---|';
  }
  return [
    ...head,
    ...after.map((r, i) => {
      const b = before?.[i];
      return (
        `| ${r.days} days | ${r.rows[0]} ; ${r.rows[1]} | ${ms(r.p50[0])} / ${ms(r.p99[0])} | ${ms(r.p50[1])} / ${ms(r.p99[1])} | ` +
        `**${ratio(r.ratioP50)}** | ${ratio(r.ratioP99)} |${b ? ` ${ms(b.p50[0])} / ${ms(b.p50[1])} |` : ''}`
      );
    }),
  ].join('\n');
}

async function run() {
  console.log(
    `bench:analytics on PostgreSQL: ${SMALL.toLocaleString('en')} vs ${LARGE.toLocaleString('en')} bookings and orders, ` +
      `${CONNECTIONS} requests in flight, ${SECONDS} s per side x ${ROUNDS} rounds; ${machine()}`,
  );
  const t0 = performance.now();
  const sides: Side[] = [];
  for (const n of [SMALL, LARGE]) sides.push(await startSide(n));
  const pair = sides as [Side, Side];
  console.log(`ready after ${((performance.now() - t0) / 1000).toFixed(0)} s; with the indexes:`);
  const after = await measureRanges(pair);
  console.log(`\nplans of the 90-day range at ${pair[1].label}, with the indexes:`);
  const plansAfter = await explainRange(pair[1], 90);
  let before: RangeResult[] | undefined;
  let plansBefore: string[] | undefined;
  if (!AFTER_ONLY) {
    for (const side of pair)
      await withClient(side.scratch.url, async (c) => {
        for (const index of ANALYTICS_INDEXES) await c.query(`drop index ${index}`);
        await c.query('analyze');
      });
    console.log('\nwithout the indexes of migration 0008:');
    before = await measureRanges(pair);
    console.log(`\nplans of the 90-day range at ${pair[1].label}, without the indexes:`);
    plansBefore = await explainRange(pair[1], 90);
  }
  console.log(`\n${table(after, before, pair)}\n`);
  console.log('| statement (90 days, large) | with the indexes | without |\n|---|---|---|');
  plansAfter.forEach((p, i) => console.log(`| #${i + 1} | ${p} | ${plansBefore?.[i] ?? ''} |`));
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s; ${machine()}`);
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `analytics-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { at: new Date().toISOString(), small: SMALL, large: LARGE, after, before, plansAfter, plansBefore },
      null,
      2,
    ),
  );
  console.log(`results: ${path.relative(root, file)}`);
}

try {
  await run();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
