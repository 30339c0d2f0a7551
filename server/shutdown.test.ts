import http from 'node:http';
import net, { type Socket as NetSocket } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { testConfig } from './test/app.ts';
import { createTestDatabase } from './test/db.ts';
import { serverProcesses, type ServerProcess } from './test/process.ts';

/** SIGTERM to the real server process while clients hold connections: it must end cleanly, and soon. */

const procs = serverProcesses();
afterAll(() => procs.cleanup());

const ADMIN = { email: 'chief@example.com', password: 'chiefpass1' };

async function startWithAdmin(extra: Record<string, string> = {}): Promise<{ srv: ServerProcess; token: string }> {
  const srv = await procs.start({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extra } });
  const res = await fetch(`${srv.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { srv, token };
}

/** Resolves once `text` has appeared in the server's output. */
async function outputShows(srv: ServerProcess, text: string): Promise<void> {
  while (!srv.output().includes(text)) {
    if (srv.child.exitCode !== null) throw new Error(`server exited before logging "${text}": ${srv.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SIGTERM', () => {
  it('with an idle chat socket and an idle keep-alive connection: exits 0, and the socket is told to reconnect', async () => {
    const { srv, token } = await startWithAdmin();

    // Reconnection stays on (as in the web app), so `active` says whether the client would come back by itself.
    const socket = connect(srv.base, {
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 60_000,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<{ reason: string; willReconnect: boolean }>((resolve) =>
      socket.once('disconnect', (reason) => resolve({ reason, willReconnect: socket.active })),
    );

    const agent = new http.Agent({ keepAlive: true });
    const kept = await new Promise<NetSocket>((resolve, reject) => {
      const req = http.get(
        `${srv.base}/api/auth/me`,
        { agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers.connection).toBe('keep-alive');
          const socket = res.socket;
          res.resume();
          res.on('end', () => resolve(socket));
        },
      );
      req.on('error', reject);
    });
    const keptClosed = new Promise<void>((resolve) => kept.once('close', () => resolve()));

    srv.child.kill('SIGTERM');
    expect(await srv.exited).toBe(0);
    // 'transport close' is a reason socket.io clients reconnect from; 'io server disconnect' would leave chat offline.
    expect(await disconnected).toEqual({ reason: 'transport close', willReconnect: true });
    await keptClosed;
    expect(srv.output()).not.toMatch(/took too long|error during shutdown/);
    socket.close();
    agent.destroy();
  }, 120_000);

  it('with 50 requests in flight: every one gets its complete answer with Connection: close, then the process exits 0', async () => {
    const { srv, token } = await startWithAdmin({ LOG_LEVEL: 'info' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const body = JSON.stringify({ address: '1 Shutdown Lane' });

    // Each request sends its headers and the first bytes of its body, then waits: the server is mid-request.
    const pending = Array.from({ length: 50 }, () => {
      let finish!: () => void;
      const answer = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const req = http.request(
          `${srv.base}/api/users/profile`,
          {
            method: 'PUT',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
            );
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 5));
        finish = () => req.end(body.slice(5));
      });
      return { answer, finish: () => finish() };
    });
    // Handled from the start, so a connection reset is reported as a failed answer, not an unhandled rejection.
    const answers = Promise.allSettled(pending.map((p) => p.answer));
    // A request sent after all 50 and answered means the server has read their headers.
    expect((await fetch(`${srv.base}/healthz`)).status).toBe(200);

    srv.child.kill('SIGTERM');
    await outputShows(srv, 'answering requests in flight');
    for (const p of pending) p.finish();
    for (const settled of await answers) {
      expect(settled.status).toBe('fulfilled');
      const a = (settled as PromiseFulfilledResult<{ status: number; connection?: string; body: string }>).value;
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toMatchObject({ email: ADMIN.email, address: '1 Shutdown Lane' });
      expect(a.connection).toBe('close');
    }
    expect(await srv.exited).toBe(0);
    expect(srv.output()).not.toMatch(/took too long|error during shutdown/);
    agent.destroy();
  }, 120_000);

  it('drains first: /readyz answers 503 while a burst of new requests is still served, then the process exits 0', async () => {
    const { srv } = await startWithAdmin({ LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '3000' });
    const ready = await fetch(`${srv.base}/readyz`);
    expect(ready.status).toBe(200);

    srv.child.kill('SIGTERM');
    await outputShows(srv, 'shutting down');
    // The load balancer's check says "not here" at once, in the app's shape, with when to retry.
    const notReady = await fetch(`${srv.base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('retry-after')).toBe('5');
    expect(await notReady.json()).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    // Requests that still arrive on new connections meanwhile are all answered.
    const burst = await Promise.allSettled(
      Array.from({ length: 160 }, () =>
        fetch(`${srv.base}/api/services`, { headers: { connection: 'close' } }).then((r) => r.status),
      ),
    );
    expect(burst.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual(
      Array.from({ length: 160 }, () => 200),
    );
    expect(await srv.exited).toBe(0);
    expect(srv.output()).toContain('drained: closing the listener');
    expect(srv.output()).not.toMatch(/took too long|error during shutdown/);
  }, 120_000);
});

describe('a request that arrives while the app closes', () => {
  it("gets the app's 503 with Retry-After, not a bare one", async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, webDir: path.join(os.tmpdir(), 'pawcare-no-web') });
    // Told when the close has begun (after the app's own preClose hooks).
    let closing!: () => void;
    const started = new Promise<void>((resolve) => (closing = resolve));
    app.addHook('preClose', (done) => {
      closing();
      done();
    });
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // A kept-alive connection whose next request has begun to arrive (its first header line) when the close starts.
    const conn = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => conn.once('connect', () => resolve()));
    let raw = '';
    conn.on('data', (d: Buffer) => (raw += d.toString()));
    const ended = new Promise<void>((resolve) => conn.once('close', () => resolve()));
    conn.write('GET /api/services HTTP/1.1\r\nHost: clinic.example\r\n');
    const closed = app.close();
    await started;
    conn.write('Accept: application/json\r\n\r\n');
    await ended;
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head.toLowerCase()).toContain('retry-after: 5');
    expect(JSON.parse(body)).toEqual({
      error: 'This server is restarting. Please try again.',
      message: 'This server is restarting. Please try again.',
      code: 'UNAVAILABLE',
    });
    await closed;
    await database.close();
  });
});
