/**
 * npm run bench:memory: how much memory the server holds when idle, on PostgreSQL and on the embedded database.
 *
 * For each database and each way of starting (the start script's Node flags, as `npm start` runs it, and `node
 * server/main.ts` with none, as it ran before decision 050), a new server process with the demo accounts: its
 * resident memory (VmRSS of /proc/<pid>/status) after MEMORY_IDLE_SECONDS (10) idle, then after MEMORY_REQUESTS
 * (3,000) requests of a customer and a staff member (8 in flight: pages of products, services, bookings, orders,
 * notifications, the month calendar) and the same idle time again. Medians over MEMORY_RUNS (1) runs.
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; a scratch database per server), MEMORY_RUNS,
 * MEMORY_IDLE_SECONDS, MEMORY_REQUESTS.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { demoAccounts } from '../server/test/process.ts';
import { machine, median, startChild, startScriptFlags, stopChild } from './child.ts';
import { login, timed } from './probes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const RUNS = num('MEMORY_RUNS', 1);
const IDLE_SECONDS = num('MEMORY_IDLE_SECONDS', 10);
const REQUESTS = num('MEMORY_REQUESTS', 3000);
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? NaN) / 1024);
}

async function load(base: string, dataDir: string) {
  const accounts = demoAccounts(dataDir);
  const customer = await login(base, accounts.user!.email, accounts.user!.password);
  const staff = await login(base, accounts.employee!.email, accounts.employee!.password);
  const month = new Date().toISOString().slice(0, 7);
  const asCustomer = { authorization: `Bearer ${customer.token}` };
  const asStaff = { authorization: `Bearer ${staff.token}` };
  const requests: [string, Record<string, string>][] = [
    ['/api/products?limit=24', {}],
    ['/api/slots/mine', asCustomer],
    ['/api/services', {}],
    ['/api/notifications', asCustomer],
    ['/api/orders/mine', asCustomer],
    [`/api/slots/calendar?month=${month}`, asStaff],
    ['/api/slots/bookings?limit=25', asStaff],
  ];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < REQUESTS) {
        const [p, headers] = requests[next++ % requests.length]!;
        if (Number.isNaN(await timed(`${base}${p}`, agent, headers))) failed++;
      }
    }),
  );
  agent.destroy();
  return failed;
}

type Way = 'npm start' | 'plain';

async function measure(database: 'PostgreSQL' | 'PGlite', way: Way) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-memory-'));
  const scratch = database === 'PostgreSQL' ? await createScratchDatabase(BASE_DB, 'pawcare_bench_memory') : null;
  try {
    const { child, port } = await startChild(
      way === 'plain' ? path.join(root, 'server', 'main.ts') : path.join(root, 'scripts', 'start.mjs'),
      [],
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: scratch?.url ?? '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The request budget would refuse the load of one client.
        REQUEST_RATE_LIMIT: '1000000000',
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
      },
      way === 'plain' ? [] : startScriptFlags(),
    );
    try {
      await sleep(IDLE_SECONDS * 1000);
      const idle = rssMb(child.pid!);
      const failed = await load(`http://127.0.0.1:${port}`, dataDir);
      await sleep(IDLE_SECONDS * 1000);
      return { idle, afterLoad: rssMb(child.pid!), failed };
    } finally {
      await stopChild(child);
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(machine());
  const rows = [];
  for (const database of ['PostgreSQL', 'PGlite'] as const) {
    const results: Record<Way, { idle: number; afterLoad: number; failed: number }[]> = { 'npm start': [], plain: [] };
    for (let i = 0; i < RUNS; i++)
      for (const way of ['npm start', 'plain'] as const) results[way].push(await measure(database, way));
    for (const way of ['npm start', 'plain'] as const) {
      const r = results[way];
      rows.push({
        database,
        way,
        runs: r.length,
        'idle MB': median(r.map((x) => x.idle)),
        [`after ${REQUESTS} requests, idle MB`]: median(r.map((x) => x.afterLoad)),
        'failed requests': r.reduce((a, x) => a + x.failed, 0),
      });
    }
  }
  console.table(rows);
  console.log(machine());
}

await main();
