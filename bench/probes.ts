import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, startChild } from './child.ts';

/** What the benches that probe a running server share: the server with its demo accounts, logins, timed requests. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The real server (server/main.ts) in a process of its own, as production runs it, on the embedded database in
 * `dataDir` (or what `env` names) with the demo accounts seeded; resolves with it once it listens. `tree` runs the
 * server of another checkout (a baseline).
 */
export function startDemoServer(dataDir: string, env: Record<string, string> = {}, tree = root) {
  return startChild(path.join(tree, 'server', 'main.ts'), [], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    ...env,
  });
}

/** Logs in through the API. */
export async function login(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()) as { token: string; user: { id: string } };
}

/** Milliseconds until `url` answered 2xx; NaN for an error or another status (counted as failed). */
export function timed(url: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<number> {
  const t = performance.now();
  return new Promise((resolve) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode && res.statusCode < 300 ? performance.now() - t : NaN));
      })
      .on('error', () => resolve(NaN));
  });
}

/** Probes, failed ones, p50, p99 and the slowest of a list of timings (NaN: failed). */
export function probeStats(ms: number[]) {
  const s = ms.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return {
    probes: ms.length,
    failed: ms.length - s.length,
    p50: +percentile(s, 50).toFixed(1),
    p99: +percentile(s, 99).toFixed(1),
    max: +(s.at(-1) ?? NaN).toFixed(1),
  };
}
