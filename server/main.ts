import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoAccounts, seedEssentials } from './seed.ts';
import { createLogDestination, loggerOptions } from './logger.ts';
import { startOutboxWorker } from './outbox/worker.ts';
import { sweepTemporaryFiles } from './lib/file-store.ts';
import { startReminderWorker } from './reminders/worker.ts';
import { startCareReminderWorker } from './vaccines/reminder-worker.ts';
import { startHoldExpiry } from './orders/expire-holds.ts';
import { ensureAdmin } from './users/service.ts';
import { countAnalyticsIn } from './analytics/service.ts';
import { StartupClock } from './lib/startup-clock.ts';

// A terminal gets pino-pretty; anything else (a pipe, a file, a log collector) gets JSON lines through a destination
// whose exit flush cannot hang on a stalled or vanished reader. Chosen before the configuration is read, so that a
// start that fails is a log line like every other.
const pretty = !!process.stdout.isTTY && process.env.NODE_ENV !== 'production';
const logDestination = pretty ? undefined : createLogDestination();

/** A start that failed: one fatal JSON line (a readable message on a terminal), then exit code 1. */
function startFailed(message: string, err?: unknown): never {
  if (pretty) console.error(message, ...(err === undefined ? [] : [err]));
  else pino(loggerOptions({ level: 'info', stream: logDestination })).fatal({ err }, message);
  process.exit(1);
}

/** Starts Pawcare: config, database + migrations, seed, HTTP + socket server, outbox worker, graceful stop. */
async function main() {
  // How long each part of the start took, in the "running" line: a slow start says where its time went.
  const startup = new StartupClock();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) startFailed(err.message);
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
  });
  startup.mark('database');
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions({ level: config.LOG_LEVEL, stream: logDestination, pretty }),
  });
  for (const w of config.warnings) app.log.warn(w);
  app.log.info({ db: database.kind }, 'database ready');
  startup.mark('app');

  await seedEssentials(database.db);
  // Summaries counted in another time zone than CLINIC_TZ are counted again (decision 048).
  if (await countAnalyticsIn(database.db, config.CLINIC_TZ))
    app.log.info({ timeZone: config.CLINIC_TZ }, 'analytics counted again in the clinic time zone');
  const swept = await sweepTemporaryFiles(config.dataDir);
  if (swept) app.log.info({ swept }, 'removed unfinished upload files');
  // Demo accounts only go into an empty database, so they are seeded before the configured admin.
  startup.mark('seed');
  if (config.SEED_DEMO) {
    const accounts = await seedDemoAccounts(database.db, config.dataDir, config);
    if (accounts.length) {
      const lines = accounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(26)} ${a.password}`);
      console.log(
        [
          '',
          'Demo accounts (shown once; also saved to ' + path.join(config.dataDir, 'demo-accounts.txt') + '):',
          ...lines,
          '',
        ].join('\n'),
      );
    }
  }

  startup.mark('demo');
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin({ db: database.db }, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    app.log.info({ email: config.ADMIN_EMAIL, result }, 'admin account from ADMIN_EMAIL');
  }
  const worker = startOutboxWorker({ db: database.db, config, log: app.log });
  const reminderWorker = startReminderWorker({ db: database.db, config, log: app.log, io: app.io });
  const careReminderWorker = startCareReminderWorker({ db: database.db, config, log: app.log, io: app.io });
  const holdExpiry = startHoldExpiry({
    db: database.db,
    config,
    log: app.log,
    io: app.io,
    pollMs: config.ORDER_HOLD_CHECK_SECONDS * 1000,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A supervisor's SIGTERM drains first: /readyz answers 503 so the load balancer stops sending new requests
    // here, while every request that still comes is served; then the listener closes. Ctrl-C stops at once.
    const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_MS : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, drainMs + 15_000);
    force.unref();
    try {
      if (drainMs > 0) {
        app.draining.on = true;
        await sleep(drainMs);
        app.log.info('drained: closing the listener');
      }
      // app.close(): sockets are told to reconnect, no new connections are accepted, requests in flight are
      // answered (with Connection: close) and idle keep-alive connections closed. The outbox worker finishes
      // the mail it is sending meanwhile. The database closes once neither needs it.
      await Promise.all([
        app.close(),
        worker.stop(),
        reminderWorker.stop(),
        careReminderWorker.stop(),
        holdExpiry.stop(),
      ]);
      await database.close();
      app.log.info('stopped');
      // Lines still queued are written now; a reader that does not take them within a second loses them.
      await logDestination?.drain(1000);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  startup.mark('listen');
  app.log.info({ startupMs: startup.parts() }, `Pawcare is running on ${address.replace('0.0.0.0', 'localhost')}`);
  process.send?.({ ready: true, port: (app.server.address() as { port: number }).port });
}

main().catch((err: unknown) => startFailed('Pawcare could not start', err));
