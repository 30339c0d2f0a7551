import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as ioClient, type Socket } from 'socket.io-client';

/** Helpers the benches share: child processes that report when they listen, and percentiles. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Forks `script` (Node strips its types) and resolves once it sends `{ ready, port }` over IPC (as server/main.ts does).
 * `execArgv` adds node flags (a CPU profile, say).
 */
export function startChild(
  script: string,
  args: string[],
  env: Record<string, string>,
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      cwd: root,
      execArgv: [...execArgv],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A busy machine (CI's two lanes) can take most of a minute for a first start on the embedded database.
    const limitS = Number(process.env.BENCH_START_TIMEOUT_S ?? 180);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in ${limitS} s`));
    }, limitS * 1000);
    child.on('message', (m: { ready?: boolean; port?: number }) => {
      if (m.ready && m.port) {
        clearTimeout(timer);
        resolve({ child, port: m.port });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** SIGTERM, then resolves once the child has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The p-th percentile (nearest rank) of ascending numbers; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A socket.io client of `base` signed in with `token`, resolved once connected (no reconnection: a bench sees drops). */
export async function connectedSocket(base: string, token: string): Promise<Socket> {
  const s = ioClient(base, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** The median of numbers (NaN and infinities left out); NaN when there are none. */
export function median(xs: number[]): number {
  const s = [...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** Numbers in ascending order, as percentile() wants them. */
export const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** Milliseconds with as many decimals as they need (0.12, 1.23, 12.3, 123). */
export const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

/** A ratio as '1.23x'. */
export const ratio = (x: number) => `${x.toFixed(2)}x`;

/** The machine a result was measured on: CPUs, load and Node version. */
export function machine(): string {
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  return `${os.cpus().length} CPUs, load average ${load}, Node ${process.version}`;
}

/** The Node flags of package.json's start script (`--max-semi-space-size=16`, ...), the env-file flag left out. */
export function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((w) => w.startsWith('--') && !w.startsWith('--env-file'));
}
