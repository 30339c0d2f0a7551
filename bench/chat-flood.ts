/**
 * npm run bench:chat-flood: does one abusive chat socket stall everyone else? The real server (embedded database,
 * a fresh data folder, its own process) is probed with GET /healthz (the process answers) and GET /readyz (the
 * database answers too), first calm, then while one customer's socket sends FLOOD_MESSAGES messages as fast as it
 * can (from a child process of its own, so the flooder's work never delays the probes). Probes are sent at a fixed
 * rate whatever the answers take. Same server, same run: the ratios flood/calm are what to read.
 *
 * Env: FLOOD_MESSAGES (20000), FLOOD_CALM_SECONDS (5), FLOOD_PROBE_GAP_MS (100 ms between probe pairs),
 * FLOOD_MAX_SECONDS (120: the flood is given up after that).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccounts } from '../server/test/process.ts';
import { connectedSocket, stopChild } from './child.ts';
import { login, probeStats, startDemoServer, timed } from './probes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const MESSAGES = num('FLOOD_MESSAGES', 20_000);
const CALM_SECONDS = num('FLOOD_CALM_SECONDS', 5);
const PROBE_GAP_MS = num('FLOOD_PROBE_GAP_MS', 100);
const MAX_SECONDS = num('FLOOD_MAX_SECONDS', 120);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the flooding child reports once the server has answered (or dropped) everything it sent. */
interface FloodReport {
  sent: number;
  accepted: number;
  refused: number;
  unanswered: number;
  messageErrors: number;
  disconnected: string | null;
  seconds: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The flooder: `node bench/chat-flood.ts flood <baseUrl> <token> <n>`, one socket, n sends without waiting.

async function runFlooder(base: string, token: string, n: number) {
  const s = await connectedSocket(base, token);
  const report: FloodReport = {
    sent: 0,
    accepted: 0,
    refused: 0,
    unanswered: 0,
    messageErrors: 0,
    disconnected: null,
    seconds: 0,
  };
  s.on('message_error', () => (report.messageErrors += 1));
  process.send?.({ started: true });
  const t0 = performance.now();
  const settled = new Promise<void>((resolve) => {
    const check = () => {
      if (report.accepted + report.refused === n || report.disconnected) resolve();
    };
    s.on('disconnect', (reason) => {
      report.disconnected = reason;
      check();
    });
    const tag = randomBytes(4).toString('hex');
    for (let i = 0; i < n; i++) {
      s.emit('send_message', { message: `flood ${i}`, clientMessageId: `${tag}-${i}` }, (a: { ok: boolean }) => {
        if (a.ok) report.accepted += 1;
        else report.refused += 1;
        check();
      });
      report.sent += 1;
    }
  });
  await Promise.race([settled, sleep(MAX_SECONDS * 1000)]);
  report.seconds = (performance.now() - t0) / 1000;
  report.unanswered = report.sent - report.accepted - report.refused;
  s.disconnect();
  process.send?.({ done: report });
  setTimeout(() => process.exit(0), 100);
}

// ---------------------------------------------------------------------------------------------------------------

// Each probed path has a few kept-alive connections of its own (as browsers or a load balancer would), so a slow
// /readyz never holds up a /healthz on the client side; no client-side timeouts, so a stall shows in full.
const agents = {
  healthz: new http.Agent({ keepAlive: true, maxSockets: 8 }),
  readyz: new http.Agent({ keepAlive: true, maxSockets: 8 }),
};

/**
 * Starts a /healthz and a /readyz request every PROBE_GAP_MS, without waiting for earlier ones (as other people's
 * requests would arrive), until `until()` says stop; then waits for the answers. A stall of the server delays every
 * probe sent during it, so the percentiles show how long it lasted, not just that it happened.
 */
async function probe(base: string, until: () => boolean) {
  const healthz: number[] = [];
  const readyz: number[] = [];
  const inFlight: Promise<void>[] = [];
  while (!until()) {
    inFlight.push(timed(`${base}/healthz`, agents.healthz).then((ms) => void healthz.push(ms)));
    inFlight.push(timed(`${base}/readyz`, agents.readyz).then((ms) => void readyz.push(ms)));
    await sleep(PROBE_GAP_MS);
  }
  await Promise.all(inFlight);
  return { healthz, readyz };
}

async function main() {
  console.log(
    `chat flood bench: one socket sends ${MESSAGES} messages; /healthz and /readyz probed calm (${CALM_SECONDS} s) and during the flood`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-flood-'));
  const children: ChildProcess[] = [];
  try {
    // One client asks for everything the bench measures: the per-client request budget would refuse it.
    const server = await startDemoServer(dataDir, { REQUEST_RATE_LIMIT: '1000000000' });
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    // The demo accounts' passwords are written once to the data folder.
    const accounts = demoAccounts(dataDir);
    const customer = await login(base, accounts.user!.email, accounts.user!.password);
    const employee = await login(base, accounts.employee!.email, accounts.employee!.password);
    // Someone on the receiving end, as in real use: accepted messages are delivered to this staff socket.
    const staff = await connectedSocket(base, employee.token);
    let delivered = 0;
    staff.on('receive_message', () => (delivered += 1));

    // Warm-up, then calm.
    const warm = performance.now();
    await probe(base, () => performance.now() - warm > 1000);
    const calmStart = performance.now();
    const calm = await probe(base, () => performance.now() - calmStart > CALM_SECONDS * 1000);

    // The flood, from its own process; probing until it has been answered, dropped or given up.
    const flooder = fork(fileURLToPath(import.meta.url), ['flood', base, customer.token, String(MESSAGES)], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(flooder);
    let report: FloodReport | undefined;
    let started = false;
    flooder.on('message', (m: { started?: boolean; done?: FloodReport }) => {
      if (m.started) started = true;
      if (m.done) report = m.done;
    });
    while (!started) await sleep(5);
    const flood = await probe(base, () => report !== undefined);
    if (!report) throw new Error('no flood report');
    await sleep(500);

    const unread = await fetch(`${base}/api/chat/unread-count`, {
      headers: { authorization: `Bearer ${employee.token}` },
    });
    const storedRows = ((await unread.json()) as { count: number }).count;
    staff.disconnect();

    const rows = [
      { phase: 'calm', endpoint: '/healthz', ...probeStats(calm.healthz) },
      { phase: 'flood', endpoint: '/healthz', ...probeStats(flood.healthz) },
      { phase: 'calm', endpoint: '/readyz (database)', ...probeStats(calm.readyz) },
      { phase: 'flood', endpoint: '/readyz (database)', ...probeStats(flood.readyz) },
    ];
    console.table(rows);
    const ratio = (a: number, b: number) => +(a / b).toFixed(2);
    const ratios = {
      healthzP50: ratio(rows[1]!.p50, rows[0]!.p50),
      healthzP99: ratio(rows[1]!.p99, rows[0]!.p99),
      readyzP50: ratio(rows[3]!.p50, rows[2]!.p50),
      readyzP99: ratio(rows[3]!.p99, rows[2]!.p99),
    };
    console.log('flood / calm:', ratios);
    console.log('flood:', { ...report, seconds: +report.seconds.toFixed(2), storedRows, deliveredToStaff: delivered });

    const outDir = path.join(root, 'bench', 'results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `chat-flood-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          messages: MESSAGES,
          rows,
          ratios,
          flood: report,
          storedRows,
          deliveredToStaff: delivered,
        },
        null,
        2,
      ),
    );
    console.log(`results: ${path.relative(root, file)}`);
  } finally {
    agents.healthz.destroy();
    agents.readyz.destroy();
    await Promise.all(children.map(stopChild));
  }
}

if (process.argv[2] === 'flood') void runFlooder(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
