import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
 * listens; `cleanup` kills
 * what is left and drops the databases.
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
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: repoRoot,
      env: childEnv(dataDir, { ...extra, ...opts.env }),
      stdio: ['ignore', opts.stdout ?? 'pipe', 'pipe', 'ipc'],
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
    return { child, port, base: `http://127.0.0.1:${port}`, output: () => out, outputBytes: () => bytes, exited };
  }

  async function cleanup(): Promise<void> {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(scratch.map((db) => db.drop().catch(() => undefined)));
  }

  return { start, cleanup };
}
