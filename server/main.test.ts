import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AuthResponseSchema } from '#shared/auth';
import { checked } from './test/json.ts';
import { childEnv as processEnv } from './test/process.ts';

/** The real entry points in child processes: `npm run create-admin`, then `server/main.ts` started and stopped. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-main-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Env for a child: only what it needs, on this file's throw-away embedded database. */
const childEnv = (extra: Record<string, string> = {}) => processEnv(dataDir, extra);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** `npm run create-admin -- <args>` on this file's database. */
const createAdmin = (...args: string[]) => run('npm', ['run', '--silent', 'create-admin', '--', ...args], childEnv());

describe('npm run create-admin', () => {
  it('creates an admin, and running it again changes nothing', async () => {
    const first = await createAdmin('Chief@Example.com', 'chiefpass1');
    expect(first.out).toContain('Admin chief@example.com created.');
    expect(first.code).toBe(0);
    const again = await createAdmin('chief@example.com', 'otherpass');
    expect(again.out).toContain('chief@example.com is already an admin.');
    expect(again.code).toBe(0);
  }, 240_000);

  it('explains its usage when the arguments are wrong', async () => {
    const res = await createAdmin('not-an-email', '1');
    expect(res.code).toBe(2);
    expect(res.out).toContain('Usage: npm run create-admin -- <email> <password>');
    expect(res.out).toContain('Invalid email format');
  }, 120_000);
});

describe('server/main.ts', () => {
  /** The fatal JSON log lines among what a process wrote. */
  const fatalLines = (out: string) =>
    out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
      .filter((line) => line.level === 60);

  it('refuses a bad configuration, naming the variable, in a JSON log line like every other', async () => {
    const res = await run(process.execPath, ['server/main.ts'], childEnv({ PORT: 'abc', SLOT_OPEN: '9am' }));
    expect(res.code).toBe(1);
    const [fatal, ...more] = fatalLines(res.out);
    expect(more).toEqual([]);
    expect(fatal?.msg).toContain('PORT:');
    expect(fatal?.msg).toContain('SLOT_OPEN:');
  }, 120_000);

  it('a start that fails after the configuration (no database to reach) ends in one fatal JSON line with the error', async () => {
    const res = await run(
      process.execPath,
      ['server/main.ts'],
      childEnv({ PORT: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/pawcare' }),
    );
    expect(res.code).toBe(1);
    const fatal = fatalLines(res.out);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]?.msg).toBe('Pawcare could not start');
    // The error and its cause (the refused connection) are fields of the line, not loose text around it.
    expect(JSON.stringify(fatal[0]?.err)).toContain('ECONNREFUSED');
  }, 120_000);

  it('serves the admin made by create-admin, then stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: childEnv({ PORT: '0', HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.on('message', (m: { ready?: boolean; port?: number }) => m.ready && resolve(m.port!));
      void exited.then((code) => reject(new Error(`server exited early (${code}): ${out}`)));
    });
    const base = `http://127.0.0.1:${port}`;

    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    const ready = await fetch(`${base}/readyz`);
    expect(await ready.json()).toEqual({ ok: true, db: 'pglite', redis: 'off' });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'chief@example.com', password: 'chiefpass1' }),
    });
    expect(login.status).toBe(200);
    expect(checked(await login.json(), AuthResponseSchema).user.role).toBe('admin');

    // An in-flight request (its body still arriving) is finished before the process exits.
    const body = JSON.stringify({ email: 'chief@example.com', password: 'wrong-password' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/api/auth/login`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 500);
    });
    const answered = await inFlight;
    expect(answered.status).toBe(401);
    expect(JSON.parse(answered.text)).toMatchObject({ error: 'Invalid credentials' });
    expect(await exited).toBe(0);
    expect(out).not.toMatch(/error during shutdown|took too long/);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 240_000);
});
