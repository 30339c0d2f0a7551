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
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machine } from './child.ts';
import {
  root,
  EXPLAIN,
  PGLITE,
  SMALL,
  LARGE,
  ROUNDS,
  SECONDS,
  CONNECTIONS,
  SCREEN_SECONDS,
  SCREEN_RATE,
  SCREEN_CUSTOMERS,
  STAFF,
  type Side,
  measureEndpoints,
  endpointTable,
} from './scale/setup.ts';
import { type ScreenResult, staffScreen, screenTable } from './scale/staff-screen.ts';
import { cleanUp, sizeLabel, tempDir, postgresOf, pgliteOf, startServer } from './scale/servers.ts';
import { runExplain } from './scale/explain.ts';

// ---------------------------------------------------------------------------------------------------------------
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
