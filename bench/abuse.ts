/**
 * npm run bench:abuse: can one account or address make the product slower for everyone else? The real server
 * (server/main.ts, its own process, the shipped limits) is probed at a fixed rate by a signed-in staff member
 * reading the month's calendar and by GET /healthz, first calm, then while an abuser (a child process of its own,
 * so its work never delays the probes) hammers one surface with ATTACK_LOOPS requests in flight for ATTACK_SECONDS:
 *   - calendar: one customer asks for the month's calendar over and over (an expensive read);
 *   - login bodies: anonymous 1 MB login bodies from one address;
 *   - anything: one customer sends cheap requests as fast as it can (the per-client request budget).
 * Same server, same run: the ratios (under abuse / calm) of the probes' medians are what to read. The goal (issue
 * "Trust 2"): within 3x of calm on PostgreSQL and 10x on PGlite.
 *
 * Env: BENCH_DATABASE_URL with --postgres (a scratch database is created and dropped; default: the embedded
 * database), ATTACK_SECONDS (5), ATTACK_LOOPS (8), CALM_SECONDS (5), PROBE_GAP_MS (100).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../server/db/scratch.ts';
import { demoAccounts } from '../server/test/process.ts';
import { machine, median, ms, ratio, stopChild } from './child.ts';
import { login, startDemoServer, timed } from './probes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const ATTACK_SECONDS = num('ATTACK_SECONDS', 5);
const LOOPS = num('ATTACK_LOOPS', 8);
const CALM_SECONDS = num('CALM_SECONDS', 5);
const PROBE_GAP_MS = num('PROBE_GAP_MS', 100);
const POSTGRES = process.argv.includes('--postgres');
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const MONTH = new Date().toISOString().slice(0, 7);

type Attack = 'calendar' | 'login-bodies' | 'anything';
const ATTACKS: Attack[] = ['calendar', 'login-bodies', 'anything'];

/** One request of an attack; resolves with its status (0 when the connection failed). */
function attackOnce(base: string, attack: Attack, token: string, agent: http.Agent): Promise<number> {
  const [method, url, body, headers]: [string, string, string | undefined, Record<string, string>] =
    attack === 'calendar'
      ? ['GET', `/api/slots/calendar?month=${MONTH}`, undefined, { authorization: `Bearer ${token}` }]
      : attack === 'login-bodies'
        ? [
            'POST',
            '/api/auth/login',
            JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(1024 * 1024) }),
            { 'content-type': 'application/json' },
          ]
        : ['GET', '/api/notifications?limit=1', undefined, { authorization: `Bearer ${token}` }];
  return new Promise((resolve) => {
    const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** The abuser: `node bench/abuse.ts attack <base> <token> <attack> <seconds>`; reports its answers by status. */
async function attacker([base, token, attack, seconds]: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: LOOPS });
  const until = performance.now() + Number(seconds) * 1000;
  const statuses: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: LOOPS }, async () => {
      while (performance.now() < until) {
        const status = await attackOnce(base!, attack as Attack, token!, agent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  process.send?.({ statuses });
  setTimeout(() => process.exit(0), 100);
}

/** A /healthz and a staff calendar read every PROBE_GAP_MS, without waiting for earlier ones, until `until()`. */
async function probe(base: string, staffToken: string, until: () => boolean) {
  const agents = [
    new http.Agent({ keepAlive: true, maxSockets: 8 }),
    new http.Agent({ keepAlive: true, maxSockets: 8 }),
  ];
  const healthz: number[] = [];
  const calendar: number[] = [];
  const inFlight: Promise<void>[] = [];
  while (!until()) {
    inFlight.push(timed(`${base}/healthz`, agents[0]!).then((t) => void healthz.push(t)));
    inFlight.push(
      timed(`${base}/api/slots/calendar?month=${MONTH}`, agents[1]!, { authorization: `Bearer ${staffToken}` }).then(
        (t) => void calendar.push(t),
      ),
    );
    await sleep(PROBE_GAP_MS);
  }
  await Promise.all(inFlight);
  for (const a of agents) a.destroy();
  const ok = (xs: number[]) => xs.filter((x) => !Number.isNaN(x));
  return {
    healthz: median(ok(healthz)),
    calendar: median(ok(calendar)),
    failed: healthz.length + calendar.length - ok(healthz).length - ok(calendar).length,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-abuse-'));
  const scratch: ScratchDatabase | undefined = POSTGRES
    ? await createScratchDatabase(BASE_DB, 'pawcare_bench_abuse')
    : undefined;
  const children: ChildProcess[] = [];
  try {
    console.log(
      `bench:abuse on ${POSTGRES ? 'PostgreSQL' : 'PGlite'}: probes every ${PROBE_GAP_MS} ms, calm ${CALM_SECONDS} s, each attack ${ATTACK_SECONDS} s with ${LOOPS} requests in flight; ${machine()}`,
    );
    const server = await startDemoServer(dataDir, { DATABASE_URL: scratch?.url ?? '' });
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    const accounts = demoAccounts(dataDir);
    const abuser = (await login(base, accounts.user!.email, accounts.user!.password)).token;
    const staff = (await login(base, accounts.employee!.email, accounts.employee!.password)).token;

    const warm = performance.now();
    await probe(base, staff, () => performance.now() - warm > 1000);
    const rows: string[] = [];
    for (const attack of ATTACKS) {
      const calmStart = performance.now();
      const calm = await probe(base, staff, () => performance.now() - calmStart > CALM_SECONDS * 1000);
      const child = fork(fileURLToPath(import.meta.url), ['attack', base, abuser, attack, String(ATTACK_SECONDS)], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      let statuses: Record<string, number> = {};
      const done = new Promise<void>((resolve) =>
        child.on('message', (m: { statuses: Record<string, number> }) => {
          statuses = m.statuses;
          resolve();
        }),
      );
      let over = false;
      void done.then(() => (over = true));
      const under = await probe(base, staff, () => over);
      const answered = Object.entries(statuses)
        .map(([status, n]) => `${n} x ${status}`)
        .join(', ');
      rows.push(
        `| ${attack} | ${ms(calm.healthz)} -> ${ms(under.healthz)} ms | **${ratio(under.healthz / calm.healthz)}** | ${ms(calm.calendar)} -> ${ms(under.calendar)} ms | **${ratio(under.calendar / calm.calendar)}** | ${under.failed} | ${answered} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(
      [
        '',
        '| attack | /healthz p50 calm -> under | ratio | staff calendar p50 calm -> under | ratio | probes failed | what the abuser got |',
        '|---|---|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    for (const c of children) await stopChild(c);
    await scratch?.drop();
  }
}

if (process.argv[2] === 'attack') await attacker(process.argv.slice(3));
else await main();
