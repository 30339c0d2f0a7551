import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESYNC_EVENT } from '#shared/realtime';
import { createTestApp, type TestContext } from '../test/app.ts';
import { startProxy, type CuttableProxy } from '../test/proxy.ts';
import { Inbox, nextEvent, openConnected, send, type ClientSocket } from '../test/socket.ts';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('chat while Redis is away (one process; Redis behind a cuttable proxy)', () => {
  let proxy: CuttableProxy;
  let t: TestContext;
  let url = '';
  let closed = false;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp({ REDIS_URL: proxy.urlFor(redisUrl!) });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    proxy.restore();
    // The app says goodbye to Redis through the proxy, so it closes first.
    if (!closed) await t?.close();
    await proxy?.close();
  });

  const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });
  const readyBody = async () => (await readyz()).json<Record<string, unknown>>();

  it('reports Redis as degraded in /readyz (still ready), keeps /api/chat/online answering, says a message is queued for other processes, and tells clients to resync once Redis is back', async () => {
    const customer = await t.buildUser({ role: 'user', name: 'Pet Owner' });
    const employee = await t.buildUser({ role: 'employee', name: 'Clinic Staff' });
    const staff = await openConnected(url, employee.token);
    const cust = await openConnected(url, customer.token);
    sockets.push(staff, cust);
    const staffInbox = new Inbox(staff);

    const calm = await readyz();
    expect(calm.statusCode).toBe(200);
    expect(calm.json()).toEqual({ ok: true, db: t.database.kind, redis: 'ready' });

    proxy.cut();
    // The process still serves: ready, with Redis reported as degraded.
    await expect.poll(async () => (await readyBody()).redis, { timeout: 15_000 }).toBe('unavailable');
    const degraded = await readyz();
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ ok: true, db: t.database.kind, redis: 'unavailable', degraded: ['redis'] });

    // Who is online on this process is still known; the answer says it may be partial.
    const online = await t.app.inject({ method: 'GET', url: '/api/chat/online', headers: t.auth(employee.token) });
    expect(online.statusCode).toBe(200);
    expect(online.json()).toEqual({ userIds: [customer.user.id], partial: true });

    const resync = nextEvent(staff, RESYNC_EVENT);
    // Stored and delivered here, but not yet to people connected to other processes: the ack says so.
    const ack = await send(cust, { message: 'Sent while Redis is away' });
    expect(ack).toMatchObject({ ok: true, queued: true, message: { message: 'Sent while Redis is away' } });
    await staffInbox.waitFor((m) => m.message === 'Sent while Redis is away');

    proxy.restore();
    await resync;
    await expect.poll(readyBody, { timeout: 15_000 }).toEqual({
      ok: true,
      db: t.database.kind,
      redis: 'ready',
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/chat/online', headers: t.auth(employee.token) });
    expect(after.json()).toEqual({ userIds: [customer.user.id] });
    const back = await send(cust, { message: 'Redis is back' });
    expect(back).toMatchObject({ ok: true, message: { message: 'Redis is back' } });
    expect(back).not.toHaveProperty('queued');
  });

  it('shuts down promptly while Redis is unreachable', async () => {
    proxy.cut();
    await expect.poll(() => t.app.limits.redisReady(), { timeout: 15_000 }).toBe(false);
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
    closed = true;
  });
});
