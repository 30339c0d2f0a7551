import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { startProxy, type CuttableProxy } from '../test/proxy.ts';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('closing while Redis is away', () => {
  let proxy: CuttableProxy | undefined;
  afterAll(() => proxy?.close());

  it('the app still closes (the chat adapter drops its reconnecting Redis clients)', async () => {
    const target = new URL(redisUrl!);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const t = await createTestApp({ REDIS_URL: proxy.urlFor(redisUrl!) });
    // One round trip to Redis first: by its answer the adapter's start-up subscriptions (not awaited) have been
    // answered too, so the cut below meets connected clients, as an outage in service would.
    await t.app.limits.take('chat', 'warm-up');
    proxy.cut();
    await expect.poll(() => t.app.limits.redisReady()).toBe(false);
    await t.close();
    expect(t.app.server.listening).toBe(false);
  });
});
