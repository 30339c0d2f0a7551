/**
 * npm run bench:quick: every benchmark once, with knobs small enough for CI (a few seconds to a minute each), so a
 * bench that no longer runs on main fails the build instead of rotting unnoticed. The figures of a quick run mean
 * nothing; a bench's own run (npm run bench:<name>) gives the ones in docs/performance.md.
 *
 * Each bench runs with BENCH_QUICK=1, which only tells a bench that checks correctness and timings (bench:chat) to
 * fail on the correctness alone.
 * Pass names to run a subset: npm run bench:quick -- api slots; --ci leaves out the slow ones (`ci: false`). QUICK_BENCH_TIMEOUT_S (240) stops a bench that hangs,
 * or that runs at full size because its quick knobs no longer exist (the analytics bench once seeded a million rows here).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT_S = Number(process.env.QUICK_BENCH_TIMEOUT_S ?? 240);

/** Each bench with the arguments and environment of its quick run. */
/**
 * `ci: false` marks a bench whose quick run still takes minutes (it restarts servers, waits for a crash's recovery or
 * builds the web app): `npm run bench:quick -- --ci`, as CI runs it, leaves those out to keep CI within its budget;
 * `npm run bench:quick` runs every one.
 */
export const QUICK: Record<string, { args?: string[]; env: Record<string, string>; ci?: false }> = {
  api: { env: { API_BENCH_ROUNDS: '1', API_BENCH_SECONDS: '1', API_BENCH_CONNECTIONS: '4' } },
  slots: {
    env: {
      SLOTS_BENCH_BOOKINGS: '100',
      SLOTS_BENCH_CLIENTS: '40',
      SLOTS_BENCH_CONCURRENCY: '10',
      SLOTS_BENCH_ROUNDS: '1',
    },
  },
  shop: {
    env: {
      SHOP_BENCH_ORDERS: '100',
      SHOP_BENCH_CUSTOMERS: '20',
      // Fewer units than customers: the last units run out, as the bench checks.
      SHOP_BENCH_LAST: '10',
      SHOP_BENCH_DUPLICATES: '20',
      SHOP_BENCH_ROUNDS: '1',
      SHOP_BENCH_STOCK_ROUNDS: '1',
      SHOP_BENCH_CONCURRENCY: '10',
    },
  },
  chat: {
    env: { CHAT_BENCH_CUSTOMERS: '20', CHAT_BENCH_EMPLOYEES: '2', CHAT_BENCH_RATE: '20', CHAT_BENCH_SECONDS: '2' },
  },
  'chat-flood': { env: { FLOOD_MESSAGES: '2000', FLOOD_CALM_SECONDS: '1' } },
  scale: {
    env: {
      BENCH_SCALE_SMALL: '300',
      BENCH_SCALE_LARGE: '1000',
      BENCH_SCALE_ROUNDS: '1',
      BENCH_SCALE_SECONDS: '0.2',
      BENCH_SCALE_SCREEN_SECONDS: '2',
      BENCH_SCALE_SCREEN_CUSTOMERS: '20',
      BENCH_SCALE_STAFF: '2',
    },
  },
  analytics: {
    env: {
      BENCH_ANALYTICS_SIZES: '300,1000',
      BENCH_ANALYTICS_RANGES: '30',
      BENCH_ANALYTICS_ROUNDS: '1',
      BENCH_ANALYTICS_SECONDS: '0.2',
    },
  },
  care: {
    env: { BENCH_CARE_SIZES: '200,1000', BENCH_CARE_YEARS: '2', BENCH_CARE_ROUNDS: '1', BENCH_CARE_SECONDS: '0.2' },
  },
  uploads: {
    env: { UPLOADS_COUNT: '2', UPLOADS_DOWNLOADERS: '2', UPLOADS_DOWNLOAD_SECONDS: '1', UPLOADS_CALM_SECONDS: '1' },
  },
  abuse: { env: { ATTACK_SECONDS: '1', CALM_SECONDS: '1', ATTACK_LOOPS: '2' } },
  'socket-restart': { ci: false, env: { SOCKETS: '20', ROUNDS: '1', LOAD_LOOPS: '2' } },
  'outbox-crash': { ci: false, env: {} },
  start: { ci: false, env: { START_RUNS: '1', START_LARGE: '0' } },
  memory: { ci: false, env: { MEMORY_IDLE_SECONDS: '1', MEMORY_REQUESTS: '200' } },
  // The scripts of every page (no Lighthouse): budgets are reported, the run fails only when it cannot measure.
  'web-budget': { args: ['--quick'], env: {}, ci: false },
};

function run(name: string): Promise<{ name: string; ok: boolean; seconds: number; why?: string }> {
  const { args = [], env } = QUICK[name]!;
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bench', `${name}.ts`), ...args], {
      cwd: root,
      env: { ...process.env, BENCH_QUICK: '1', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, TIMEOUT_S * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = Math.round((Date.now() - t0) / 100) / 10;
      if (code === 0) resolve({ name, ok: true, seconds });
      else resolve({ name, ok: false, seconds, why: signal ? `stopped after ${TIMEOUT_S} s` : `exit ${code}` });
    });
  });
}

const ci = process.argv.includes('--ci');
const chosen = process.argv.slice(2).filter((a) => a !== '--ci');
const unknown = chosen.filter((n) => !(n in QUICK));
if (unknown.length) {
  console.error(`No quick run for: ${unknown.join(', ')} (known: ${Object.keys(QUICK).join(', ')})`);
  process.exit(2);
}
const results = [];
const names = chosen.length ? chosen : Object.keys(QUICK).filter((n) => !ci || QUICK[n]!.ci !== false);
for (const name of names) {
  console.log(`\n=== bench:${name} (quick) ===`);
  results.push(await run(name));
}
console.log();
console.table(results.map((r) => ({ bench: r.name, result: r.ok ? 'ran' : `FAILED (${r.why})`, seconds: r.seconds })));
process.exit(results.every((r) => r.ok) ? 0 : 1);
