import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { THEME_EVENT } from '#shared/realtime';
import { demoAccounts, serverProcesses, type ServerProcess } from './test/process.ts';
import { nextEvent, reconnectingSocket, type ReconnectingSocket } from './test/socket.ts';

/**
 * The server restarted (on the embedded database that restarts with it, or on PostgreSQL with TEST_DATABASE_URL)
 * while 200 sockets are connected and requests keep coming: every socket must come back by itself, as the web
 * app's do. Only the outcome is asserted; how many seconds it takes is measured by `npm run bench:socket-restart`.
 */

const SOCKETS = 200;
/** Requests kept in flight against the server, before, during and after the restart. */
const LOAD_LOOPS = 4;

const procs = serverProcesses();
afterAll(() => procs.cleanup());

async function login(base: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** One GET on a keep-alive connection; resolves with whether it was answered 200. */
function answered(url: string, token: string, agent: http.Agent): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      })
      .on('error', () => resolve(false));
  });
}

describe('a restart of the server with 200 sockets connected, under load', () => {
  let sockets: ReconnectingSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  // The timeout is a hang guard, not a time budget: a restart of the embedded database alone takes tens of seconds
  // on a busy two-core machine.
  it('brings all 200 sockets back by themselves, each hearing the next live event', async () => {
    let srv: ServerProcess = await procs.start({ env: { SEED_DEMO: 'true', REQUEST_RATE_LIMIT: '1000000' } });
    const accounts = demoAccounts(srv.dataDir);
    const customer = await login(srv.base, accounts.user!);
    const staff = await login(srv.base, accounts.employee!);
    const admin = await login(srv.base, accounts.admin!);

    // Mostly customers' tabs, some staff's (who hear the customers' presence).
    sockets = Array.from({ length: SOCKETS }, (_, i) => reconnectingSocket(srv.base, i % 10 === 0 ? staff : customer));
    await Promise.all(sockets.map((s) => s.nextConnection()));

    // The load: reads as fast as they are answered; a failed one waits for the restarted server. The restart comes
    // once it is well under way.
    let restarted: Promise<unknown> = Promise.resolve();
    let loading = true;
    let served = 0;
    let underWay: () => void;
    const loaded = new Promise<void>((resolve) => (underWay = resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD_LOOPS });
    const load = Array.from({ length: LOAD_LOOPS }, async () => {
      while (loading) {
        if (await answered(`${srv.base}/api/notifications?limit=20`, customer, agent)) {
          if (++served === LOAD_LOOPS * 10) underWay();
        } else await restarted;
      }
    });
    await loaded;

    const back = sockets.map((s) => s.nextConnection());
    restarted = procs.restart(srv).then((s) => (srv = s));
    await restarted;
    // Every socket reconnected; none was refused for good (a rejection fails the test).
    await Promise.all(back);
    loading = false;
    await Promise.all(load);
    agent.destroy();

    // Back in their rooms: the next live event reaches every one of them.
    const heard = sockets.map((s) => nextEvent(s.socket, THEME_EVENT));
    const res = await fetch(`${srv.base}/api/settings/theme`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ theme: 'green' }),
    });
    expect(res.status).toBe(200);
    expect(await Promise.all(heard)).toEqual(Array.from({ length: SOCKETS }, () => ({ theme: 'green' })));
  }, 300_000);
});
