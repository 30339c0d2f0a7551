/**
 * npm run bench:start: how long the server takes to start on the embedded database, and where the time goes.
 *
 * Three cases, START_RUNS (3) times each, every start a new process on a free port, started two ways in turn: as
 * `npm start` starts it (scripts/start.mjs with the start script's Node flags: the compile cache on, decision 050)
 * and as `node server/main.ts` plain (how it started before):
 *   1. an empty clinic's first start (a new data folder: migrations, products, demo accounts),
 *   2. the same clinic started again (nothing to migrate or seed),
 *   3. a clinic with START_LARGE (100,000) rows of history (bench/history.ts, seeded once before), started again.
 * Measured from the spawn to the process's "ready" message (it is listening), with the parts the server reports in
 * its "Pawcare is running" line (`startupMs`: modules, database (open + migrations), app, seed, demo, listen).
 * Medians per case. The goal: under 5 s for an empty clinic and under 3 s for a 100k one on a quiet machine.
 *
 * Env: START_RUNS (3), START_LARGE (100000; 0 skips the third case).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { machine, median, startScriptFlags, stopChild } from './child.ts';
import { pgliteOf } from './scale/servers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.START_RUNS ?? 3);
const LARGE = Number(process.env.START_LARGE ?? 100_000);

interface Start {
  wallMs: number;
  parts: Record<string, number>;
}

type Way = 'npm start' | 'plain';
const WAYS: Way[] = ['npm start', 'plain'];
const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-start-cache-'));

/** Starts the server on `dataDir`, waits for it to listen, stops it; the time to listening and the server's parts. */
function startOnce(dataDir: string, way: Way): Promise<Start> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let wallMs = 0;
    let parts: Record<string, number> | undefined;
    const script = way === 'plain' ? path.join(root, 'server', 'main.ts') : path.join(root, 'scripts', 'start.mjs');
    const child = fork(script, [], {
      cwd: root,
      execArgv: way === 'plain' ? [] : startScriptFlags(),
      env: {
        ...process.env,
        // The compile cache of this run only, so the first start of the run fills it as a first start would.
        NODE_COMPILE_CACHE: cacheDir,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'bench-start-secret-0123456789abcdef0123456789abcdef',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('startupMs')) continue;
        try {
          parts = (JSON.parse(line) as { startupMs: Record<string, number> }).startupMs;
        } catch {
          /* a line still being written */
        }
      }
      if (parts && wallMs) void stopChild(child).then(() => resolve({ wallMs, parts: parts! }));
    });
    const timer = setTimeout(() => reject(new Error('the server did not start in 300 s')), 300_000);
    child.on('message', (m: { ready?: boolean }) => {
      if (!m.ready) return;
      clearTimeout(timer);
      wallMs = performance.now() - t0;
      if (parts) void stopChild(child).then(() => resolve({ wallMs, parts: parts! }));
    });
    child.once('exit', (code) => {
      if (!wallMs) reject(new Error(`the server exited with ${code}`));
    });
  });
}

function summary(label: string, way: Way, starts: Start[]) {
  const keys = Object.keys(starts[0]!.parts);
  const row: Record<string, string | number> = { case: label, way, runs: starts.length };
  row['to listening (ms)'] = Math.round(median(starts.map((s) => s.wallMs)));
  for (const k of keys) row[k] = Math.round(median(starts.map((s) => s.parts[k] ?? NaN)));
  return row;
}

async function main() {
  console.log(machine());
  // One start before measuring, not counted: `npm start` builds the web app first when it is missing or older than
  // its sources, and the machine's file cache gets the code either way.
  const warmUp = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-start-'));
  await startOnce(warmUp, 'npm start');
  rmSync(warmUp, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
  const rows = [];
  const firsts = { 'npm start': [] as Start[], plain: [] as Start[] };
  const agains = { 'npm start': [] as Start[], plain: [] as Start[] };
  for (let i = 0; i < RUNS; i++) {
    for (const way of WAYS) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-start-'));
      try {
        firsts[way].push(await startOnce(dir, way));
        agains[way].push(await startOnce(dir, way));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  for (const way of WAYS) {
    rows.push(summary('empty clinic, first start', way, firsts[way]));
    rows.push(summary('empty clinic, started again', way, agains[way]));
  }
  if (LARGE > 0) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-start-'));
    try {
      const t = performance.now();
      await pgliteOf(LARGE, dir);
      console.log(
        `seeded ${LARGE.toLocaleString('en')} rows of history in ${Math.round((performance.now() - t) / 1000)} s`,
      );
      const large = { 'npm start': [] as Start[], plain: [] as Start[] };
      for (let i = 0; i < RUNS; i++) for (const way of WAYS) large[way].push(await startOnce(dir, way));
      for (const way of WAYS) rows.push(summary(`${LARGE.toLocaleString('en')} rows, started again`, way, large[way]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.table(rows);
  console.log(machine());
  rmSync(cacheDir, { recursive: true, force: true });
}

await main();
