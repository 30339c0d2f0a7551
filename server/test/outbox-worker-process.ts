/**
 * An outbox worker alone in its own process, for tests that kill it with SIGKILL. It reads DATABASE_URL (else the
 * PGlite directory PGLITE_DIR), SMTP_URL, OUTBOX_LEASE_MS and OUTBOX_POLL_MS, says `{ ready: true }` over IPC once
 * running, and stops cleanly on SIGTERM.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { startOutboxWorker } from '../outbox/worker.ts';
import { silentLog } from './silent-log.ts';

const env = process.env;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
  SMTP_URL: env.SMTP_URL,
  DATA_DIR: env.DATA_DIR,
});
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: env.DATABASE_URL ? undefined : env.PGLITE_DIR,
  poolSize: 4,
});
const worker = startOutboxWorker({
  db: database.db,
  config,
  log: silentLog,
  leaseMs: Number(env.OUTBOX_LEASE_MS),
  pollMs: Number(env.OUTBOX_POLL_MS),
});
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
process.send?.({ ready: true });
