/**
 * npm run bench:analytics: does GET /api/analytics stay as fast with years of history, and over two years as over a
 * month?
 *
 * One scratch PostgreSQL database per size is migrated by the app and seeded by bench/history.ts (the history
 * bench:scale uses: 63 bookings a day, as many orders and chat messages as bookings, spread over the same days), each
 * size holding that many rows of each kind (1,000 rows is 13 days of history, 100,000 about 4 years, 1,000,000 about
 * 43). One server process (server/main.ts) runs per database. For each range (the last 30 days and the last two
 * years, today included) the admin's request is measured on every server, rounds rotating which goes first,
 * CONNECTIONS requests in flight for SECONDS per server: p50 and p99 per size, the ratio of each size to the smallest
 * (p50: median of the per-round ratios) and, per size, the ratio of the two-year range to the 30-day one. Every
 * statement the service sends for the longest range at the largest size is printed with its EXPLAIN (ANALYZE,
 * BUFFERS) plan.
 *
 * With BENCH_ANALYTICS_BEFORE set to another checkout (main's code, say), that checkout's server migrates each empty
 * database and serves the first measurement ("before"); then this checkout's server starts on the same databases
 * (applying its own migrations: the time is printed) and serves the second ("after"), side by side on one history.
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_ANALYTICS_SIZES (1000,100000,1000000),
 * BENCH_ANALYTICS_RANGES (days, 30,730), BENCH_ANALYTICS_ROUNDS (3), BENCH_ANALYTICS_SECONDS (1),
 * BENCH_ANALYTICS_CONNECTIONS (2).
 */
import type { ChildProcess } from 'node:child_process';
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
const list = (name: string, def: number[]) =>
  process.env[name] ? process.env[name].split(',').map((x) => Number(x.trim())) : def;
const SIZES = list('BENCH_ANALYTICS_SIZES', [1000, 100_000, 1_000_000]);
const RANGES = list('BENCH_ANALYTICS_RANGES', [30, 730]);
const ROUNDS = num('BENCH_ANALYTICS_ROUNDS', 3);
const SECONDS = num('BENCH_ANALYTICS_SECONDS', 1);
const CONNECTIONS = num('BENCH_ANALYTICS_CONNECTIONS', 2);
/** A checkout of the code to compare with (its server/main.ts serves "before"), or none. */
const BEFORE = process.env.BENCH_ANALYTICS_BEFORE ? path.resolve(process.env.BENCH_ANALYTICS_BEFORE) : undefined;
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = randomBytes(32).toString('hex');
/** The server's default clinic time zone, which the seed's days are counted in too. */
const TZ = 'Asia/Kolkata';

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const c of cleanups.splice(0).reverse()) await c().catch((err: unknown) => console.error(err));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
process.stdout.on('error', () => undefined);

const sizeLabel = (n: number) =>
  n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n % 1000 === 0 ? `${n / 1000}k` : String(n);

interface Side {
  label: string;
  n: number;
  scratch: ScratchDatabase;
  port: number;
  child: ChildProcess;
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

/** Starts `root`'s server/main.ts on `scratch` (it applies its own migrations first); the time it took to listen. */
async function startServer(root: string, scratch: ScratchDatabase) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-analytics-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const t = performance.now();
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
  return { ...server, seconds: (performance.now() - t) / 1000 };
}

/**
 * A database of `n` rows of each kind and a server on it: BEFORE's server when comparing (it migrates the empty
 * database to its own migrations before the history goes in), else this checkout's.
 */
async function startSide(n: number): Promise<Side> {
  const label = sizeLabel(n);
  const scratch = await createScratchDatabase(BASE_DB, `pawcare_bench_analytics_${label.toLowerCase()}`);
  cleanups.push(() => scratch.drop());
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  if (BEFORE) server = await startServer(BEFORE, scratch);
  else {
    const { openDatabase } = await import('../server/db/client.ts');
    await (await openDatabase({ databaseUrl: scratch.url, poolSize: 1 })).close();
  }
  const admin = await withClient(scratch.url, async (c) => {
    await seedHistory((text) => c.query(text), n, 5);
    return (
      await c.query<{ id: string; name: string; role: string }>(
        `select id, name, role from users where email = 'admin@bench.local'`,
      )
    ).rows[0]!;
  });
  server ??= await startServer(root, scratch);
  return { label, n, scratch, port: server.port, child: server.child, token: signToken(SECRET, admin) };
}

/** Stops BEFORE's servers and starts this checkout's on the same databases (migrating them): seconds per size. */
async function switchToThisCode(sides: Side[]): Promise<string[]> {
  const out: string[] = [];
  for (const side of sides) {
    await stopChild(side.child);
    const server = await startServer(root, side.scratch);
    side.port = server.port;
    side.child = server.child;
    out.push(`${side.label} ${server.seconds.toFixed(1)} s`);
  }
  return out;
}

const urlOf = (days: number) => {
  const { from, to } = lastDays(todayIn(TZ), days);
  return `/api/analytics?from=${from}&to=${to}`;
};

/** The answer's size in bytes. */
async function get(side: Side, url: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${side.port}${url}`, {
    headers: { authorization: `Bearer ${side.token}` },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} on ${side.label}: ${res.status} ${body.slice(0, 200)}`);
  return body.length;
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

interface SizeResult {
  /** Bookings, orders and customers' chat messages in the range. */
  rows: string;
  bytes: number;
  p50: number;
  p99: number;
  /** Median over rounds of this size's p50 over the smallest size's p50 in the same round. */
  ratioP50: number;
}

interface RangeResult {
  days: number;
  sizes: Record<string, SizeResult>;
  /** Per round, each size's p50 (for the ratio between ranges). */
  roundP50s: Record<string, number[]>;
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

async function measureRange(sides: Side[], days: number): Promise<RangeResult> {
  const url = urlOf(days);
  const bytes: Record<string, number> = {};
  for (const side of sides) {
    bytes[side.label] = await get(side, url);
    await measure(side, url, 0.2);
  }
  const samples = new Map<string, number[]>(sides.map((s) => [s.label, []]));
  const roundP50s: Record<string, number[]> = Object.fromEntries(sides.map((s) => [s.label, []]));
  const roundRatios = new Map<string, number[]>(sides.map((s) => [s.label, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = sides.map((_, i) => sides[(i + r) % sides.length]!);
    const p50s = new Map<string, number>();
    for (const side of order) {
      const lat = await measure(side, url, SECONDS);
      samples.get(side.label)!.push(...lat);
      p50s.set(side.label, percentile(sorted(lat), 50));
    }
    for (const side of sides) {
      roundP50s[side.label]!.push(p50s.get(side.label)!);
      roundRatios.get(side.label)!.push(p50s.get(side.label)! / p50s.get(sides[0]!.label)!);
    }
  }
  const sizes: Record<string, SizeResult> = {};
  for (const side of sides) {
    const s = sorted(samples.get(side.label)!);
    sizes[side.label] = {
      rows: await rowsInRange(side, days),
      bytes: bytes[side.label]!,
      p50: percentile(s, 50),
      p99: percentile(s, 99),
      ratioP50: median(roundRatios.get(side.label)!),
    };
  }
  console.log(
    `  ${days} days: ${sides.map((s) => `${s.label} ${ms(sizes[s.label]!.p50)} / ${ms(sizes[s.label]!.p99)} ms (${ratio(sizes[s.label]!.ratioP50)})`).join(', ')}`,
  );
  return { days, sizes, roundP50s };
}

/**
 * Every statement the service sends for a range on `side`'s database, with its plan: the service runs in this process
 * on a pool of its own, node-postgres' Client.query recording what it is asked.
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

/**
 * How long counting the summaries again in another time zone takes at `side`'s size (what a start with a new
 * CLINIC_TZ, or the migration's backfill, does), then back; undefined where the database keeps no summaries.
 */
async function timeRecount(side: Side): Promise<string | undefined> {
  return withClient(side.scratch.url, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_proc where proname = 'analytics_recount'`,
    );
    if (!rows[0]?.n) return undefined;
    const t = performance.now();
    await c.query(`select analytics_recount('UTC')`);
    const seconds = (performance.now() - t) / 1000;
    await c.query(`select analytics_recount('${TZ}')`);
    return `recount of every summary in another time zone at ${side.label}: ${seconds.toFixed(1)} s`;
  });
}

/** Each size and range, before and after: p50 and p99, and how many times faster. */
function sideBySide(before: RangeResult[], after: RangeResult[], sides: Side[]): string {
  const lines = [
    '| size | range | before p50 / p99 ms | after p50 / p99 ms | before / after p50 |',
    '|---|---|---|---|---|',
  ];
  for (const side of sides)
    after.forEach((r, i) => {
      const a = r.sizes[side.label]!;
      const b = before[i]!.sizes[side.label]!;
      lines.push(
        `| ${side.label} | ${r.days} days | ${ms(b.p50)} / ${ms(b.p99)} | ${ms(a.p50)} / ${ms(a.p99)} | ${ratio(b.p50 / a.p50)} |`,
      );
    });
  return lines.join('\n');
}

function table(results: RangeResult[], sides: Side[]): string {
  const labels = sides.map((s) => s.label);
  const head = [
    `| range | ${labels.map((l) => `${l}: p50 / p99 ms`).join(' | ')} | ${labels
      .slice(1)
      .map((l) => `${l} / ${labels[0]} p50`)
      .join(' | ')} | answer size | rows in range at ${labels.at(-1)} (bookings / orders / customer messages) |`,
    `|---|${labels.map(() => '---|').join('')}${labels
      .slice(1)
      .map(() => '---|')
      .join('')}---|---|`,
  ];
  const rows = results.map((r) => {
    const s = labels.map((l) => r.sizes[l]!);
    return (
      `| ${r.days} days | ${s.map((x) => `${ms(x.p50)} / ${ms(x.p99)}`).join(' | ')} | ` +
      `${s
        .slice(1)
        .map((x) => `**${ratio(x.ratioP50)}**`)
        .join(' | ')} | ${fmt(s.at(-1)!.bytes / 1024)} kB | ${s.at(-1)!.rows} |`
    );
  });
  const lines = [...head, ...rows];
  if (results.length > 1) {
    const first = results[0]!;
    const last = results.at(-1)!;
    lines.push(
      '',
      `| size | ${last.days} days / ${first.days} days, p50 (median of per-round ratios) |`,
      '|---|---|',
      ...labels.map((l) => {
        const per = last.roundP50s[l]!.map((x, i) => x / first.roundP50s[l]![i]!);
        return `| ${l} | **${ratio(median(per))}** (${ms(first.sizes[l]!.p50)} -> ${ms(last.sizes[l]!.p50)} ms) |`;
      }),
    );
  }
  return lines.join('\n');
}

async function run() {
  console.log(
    `bench:analytics on PostgreSQL: ${SIZES.map((n) => n.toLocaleString('en')).join(' / ')} rows of each kind, ` +
      `ranges ${RANGES.join(' / ')} days, ${CONNECTIONS} requests in flight, ${SECONDS} s per size x ${ROUNDS} rounds; ${machine()}`,
  );
  const t0 = performance.now();
  const sides: Side[] = [];
  for (const n of SIZES) sides.push(await startSide(n));
  console.log(`ready after ${((performance.now() - t0) / 1000).toFixed(0)} s:`);
  let before: RangeResult[] | undefined;
  let migrated: string[] | undefined;
  if (BEFORE) {
    console.log(`before (${BEFORE}):`);
    before = [];
    for (const days of RANGES) before.push(await measureRange(sides, days));
    migrated = await switchToThisCode(sides);
    console.log(`this checkout's server started on the same databases (migrations included): ${migrated.join(', ')}`);
  }
  const results: RangeResult[] = [];
  for (const days of RANGES) results.push(await measureRange(sides, days));
  const largest = sides.at(-1)!;
  const longest = Math.max(...RANGES);
  console.log(`\nplans of the ${longest}-day range at ${largest.label}:`);
  const plans = await explainRange(largest, longest);
  const recount = await timeRecount(largest);
  if (before) console.log(`\nbefore:\n\n${table(before, sides)}\n\nafter:`);
  console.log(`\n${table(results, sides)}\n`);
  if (before) console.log(`${sideBySide(before, results, sides)}\n`);
  if (recount) console.log(`${recount}\n`);
  console.log(`| statement (${longest} days, ${largest.label}) | reads |\n|---|---|`);
  plans.forEach((p, i) => console.log(`| #${i + 1} | ${p} |`));
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s; ${machine()}`);
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `analytics-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { at: new Date().toISOString(), sizes: SIZES, ranges: RANGES, before, migrated, results, plans, recount },
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
