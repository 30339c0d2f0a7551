import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '../server/db/scratch.ts';
import { freePort } from '../server/test/free-port.ts';

const root = path.resolve(import.meta.dirname, '..');

/** One server process on a fixed port and data, which the test can stop and start again. */
export class OwnServer {
  private proc: ChildProcess | null = null;
  private log = '';
  readonly port: number;
  private env: NodeJS.ProcessEnv;
  constructor(port: number, env: NodeJS.ProcessEnv) {
    this.port = port;
    this.env = env;
  }

  /** Changes variables for the next start (a restart with the clock moved on, say). */
  setEnv(extra: NodeJS.ProcessEnv): void {
    this.env = { ...this.env, ...extra };
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once it answers /healthz. */
  async start(): Promise<void> {
    this.log = '';
    const proc = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.proc = proc;
    // A beforeAll that times out while the server starts never gets to stop it: it goes with the test worker.
    const stopWithWorker = () => proc.kill('SIGKILL');
    process.once('exit', stopWithWorker);
    proc.once('exit', () => process.off('exit', stopWithWorker));
    proc.stderr.on('data', (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-4000);
    });
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code) => reject(new Error(`the server exited (${code}) while starting:\n${this.log}`))),
    );
    const ready = (async () => {
      for (;;) {
        const ok = await fetch(`${this.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await Promise.race([ready, exited]);
  }

  /** SIGTERM, and resolves once the process is gone. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    await gone;
    this.proc = null;
  }
}

/**
 * How long a spec's beforeAll may take to start its server: as long as the shared server gets (webServer.timeout in
 * playwright.config.ts). A fresh database is migrated first, which on a busy two-core machine takes well over the
 * 60 s a test gets.
 */
export const OWN_SERVER_START_MS = 180_000;

/**
 * A server of a spec's own, started: on a fresh embedded database in a temporary folder, or on a scratch
 * PostgreSQL database when TEST_DATABASE_URL is set; no Redis, no demo data, limits that let a test log in freely.
 * `env` adds or overrides variables. `dispose` stops it and removes its data.
 */
export async function startOwnServer(
  label: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ server: OwnServer; dataDir: string; dispose: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pawcare-e2e-${label}-`));
  const scratch: ScratchDatabase | undefined = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'pawcare_e2e')
    : undefined;
  const port = await freePort();
  const server = new OwnServer(port, {
    ...process.env,
    PORT: String(port),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    REDIS_URL: '',
    JWT_SECRET: `e2e-${label}-secret-0123456789-abcdefghijklmnopqrstuvwxyz`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Stopped to simulate an outage: at once, without the production drain.
    SHUTDOWN_DRAIN_MS: '0',
    LOGIN_RATE_LIMIT_IP: '100000',
    LOGIN_RATE_LIMIT_EMAIL: '100000',
    REGISTER_RATE_LIMIT_IP: '100000',
    REQUEST_RATE_LIMIT: '1000000',
    ...env,
  });
  await server.start();
  return {
    server,
    dataDir,
    dispose: async () => {
      await server.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
