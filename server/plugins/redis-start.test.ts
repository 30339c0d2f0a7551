import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponseSchema } from '#shared/auth';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { startProxy, type CuttableProxy } from '../test/proxy.ts';
import { createSiblingApp } from '../test/sibling-app.ts';
import { connected, disconnection, Inbox, openConnected, send, type ClientSocket } from '../test/socket.ts';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('a process started while Redis is away (Redis behind a cut proxy)', () => {
  let proxy: CuttableProxy;
  let t: TestContext;
  let sibling: FastifyInstance | undefined;
  let url = '';
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 6379) });
    proxy.cut();
    // Before, the rate limits' plugin waited for Redis and the start failed after 10 s ("did not start in time").
    t = await createTestApp({ REDIS_URL: proxy.urlFor(redisUrl!), LOGIN_RATE_LIMIT_EMAIL: 3 });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    proxy.restore();
    await sibling?.close();
    await t?.close();
    await proxy?.close();
  });

  const readyz = async () => (await fetch(`${url}/readyz`)).json() as Promise<Record<string, unknown>>;
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('serves at once: ready (Redis degraded), logins limited in memory, sockets connected; links up once Redis answers', async () => {
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, db: t.database.kind, redis: 'unavailable', degraded: ['redis'] });

    const customer = await t.buildUser({ role: 'user', name: 'Pet Owner' });
    const employee = await t.buildUser({ role: 'employee', name: 'Clinic Staff' });
    expect(json(await login(customer.user.email, customer.password), AuthResponseSchema).user.id).toBe(
      customer.user.id,
    );
    // The limits still hold, counted by this process.
    for (let i = 0; i < 3; i++) expectError(await login(customer.user.email, 'wrong-password'), 401);
    expectError(await login(customer.user.email, 'wrong-password'), 429, 'RATE_LIMITED');

    const staff = await openConnected(url, employee.token);
    sockets.push(staff);
    const dropped = disconnection(staff);

    // Redis comes back: the process links up by itself, and the socket that connected meanwhile is moved over.
    proxy.restore();
    await expect.poll(readyz, { timeout: 15_000 }).toEqual({ ok: true, db: t.database.kind, redis: 'ready' });
    expect(await dropped).toBe('transport close');
    // The web app's client reconnects after a transport close by itself; this test's socket does it by hand.
    await connected(staff.connect());

    // A second process, linked through Redis from its start: what a customer sends there reaches this staff live.
    sibling = await createSiblingApp(t, { REDIS_URL: redisUrl! });
    const siblingUrl = await sibling.listen({ port: 0, host: '127.0.0.1' });
    const cust = await openConnected(siblingUrl, customer.token);
    sockets.push(cust);
    const inbox = new Inbox(staff);
    expect(await send(cust, { message: 'Sent from the other process' })).toMatchObject({ ok: true });
    expect(await inbox.waitFor((m) => m.message === 'Sent from the other process')).toMatchObject({
      senderId: customer.user.id,
    });
  });
});
