import http from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
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
});
