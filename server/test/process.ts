import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Stream } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch.ts';

/** Test helpers: the real `server/main.ts` in a child process, as production runs it. */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Env for a child: only what it needs, on a throw-away data dir (and database). Extra entries win. */
export function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'npm_config_cache'];
  const base = Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  // No drain on SIGTERM (tests stop processes all the time); the drain's own test sets one.
  return {
    ...base,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SHUTDOWN_DRAIN_MS: '0',
    ...extra,
  };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Its DATA_DIR (the embedded database, the development JWT secret, the demo accounts' file). */
  dataDir: string;
  /** The environment it was started with. */
  env: NodeJS.ProcessEnv;
  /** Everything the child wrote to the piped stdout and stderr so far. */
  output(): string;
  /** Bytes written to the piped stdout and stderr so far. */
  outputBytes(): number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** stdout of the child: piped and collected by default; a stream or fd to redirect it elsewhere. */
  stdout?: 'pipe' | 'ignore' | Stream | number;
}

/**
 * Tracks every child and scratch database of a test file. `start` runs `server/main.ts` on a fresh data dir
 * (a fresh PostgreSQL database when TEST_DATABASE_URL is set, Redis when REDIS_URL is) and resolves once it
 * listens; `restart` stops one and starts it again on the same data; `cleanup` kills what is left and drops the
 * databases.
 */
export function serverProcesses() {
  const children: ChildProcess[] = [];
  const scratch: ScratchDatabase[] = [];

  async function start(opts: ServerProcessOptions = {}): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-proc-'));
    const extra: Record<string, string> = { PORT: '0', HOST: '127.0.0.1' };
    if (process.env.TEST_DATABASE_URL) {
      const db = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'pawcare_proc');
      scratch.push(db);
      extra.DATABASE_URL = db.url;
    }
    if (process.env.REDIS_URL) extra.REDIS_URL = process.env.REDIS_URL;
    return spawnServer(childEnv(dataDir, { ...extra, ...opts.env }), dataDir, opts.stdout);
  }

  /**
   * Stops `srv` with SIGTERM (as a supervisor restarting it would) and starts `server/main.ts` again on the same
   * data, database, port and configuration; resolves with the new process once it listens.
   */
  async function restart(srv: ServerProcess): Promise<ServerProcess> {
    srv.child.kill('SIGTERM');
    await srv.exited;
    return spawnServer({ ...srv.env, PORT: String(srv.port) }, srv.dataDir);
  }

  async function spawnServer(
    env: NodeJS.ProcessEnv,
    dataDir: string,
    stdout: ServerProcessOptions['stdout'] = 'pipe',
  ): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', stdout, 'pipe', 'ipc'],
    });
    children.push(child);
    let out = '';
    let bytes = 0;
    const collect = (d: Buffer) => {
      bytes += d.length;
      // Only the start of a runaway log is kept in memory; the byte count is what tests compare.
      if (out.length < 1_000_000) out += d.toString('utf8');
    };
    child.stdout?.on('data', collect);
    child.stderr!.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.on('message', (m: { ready?: boolean; port?: number }) => m.ready && resolve(m.port!));
      void exited.then((code) => reject(new Error(`server exited early (${code}): ${out}`)));
    });
    return {
      child,
      port,
      base: `http://127.0.0.1:${port}`,
      dataDir,
      env,
      output: () => out,
      outputBytes: () => bytes,
      exited,
    };
  }

  async function cleanup(): Promise<void> {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(scratch.map((db) => db.drop().catch(() => undefined)));
  }

  return { start, restart, cleanup };
}

/** The demo accounts the server wrote to its data folder once, by role (the first of a role: the vets come after the front desk). */
export function demoAccounts(dataDir: string): Record<string, { email: string; password: string }> {
  return Object.fromEntries(
    readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .map(([role, email, password]) => [role!, { email: email!, password: password! }] as const)
      .reverse(),
  );
}
