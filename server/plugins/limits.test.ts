import { afterAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '../config.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { startProxy, type CuttableProxy } from '../test/proxy.ts';
import { waitText } from '../errors.ts';

const redisUrl = process.env.REDIS_URL;
const small = (points: number): RateLimits => ({
  loginFailuresPerIp: { points, seconds: 60 },
  request: { points, seconds: 60 },
  loginFailuresPerAccountIp: { points, seconds: 60 },
  passwordFailures: { points, seconds: 60 },
  register: { points, seconds: 60 },
  forgotPasswordPerIp: { points, seconds: 60 },
  forgotPasswordPerEmail: { points, seconds: 60 },
  verificationResend: { points, seconds: 60 },
  booking: { points, seconds: 60 },
  order: { points, seconds: 60 },
  cart: { points, seconds: 60 },
  certificate: { points, seconds: 60 },
  invoicePdf: { points, seconds: 60 },
  chat: { points, seconds: 60 },
});

describe('rate limits', () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('allows a key its points, then refuses it with the time to wait, without touching other keys', async () => {
    const t = await createTestApp({ limits: small(3) });
    apps.push(t);
    for (let i = 0; i < 3; i++) expect((await t.app.limits.take('order', 'a')).allowed).toBe(true);
    const refused = await t.app.limits.take('order', 'a');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.used).toBe(4);
    expect(await t.app.limits.take('order', 'b')).toMatchObject({ allowed: true, used: 1 });
    expect((await t.app.limits.take('booking', 'a')).allowed).toBe(true);
    expect(await t.app.limits.check('order', 'a')).toMatchObject({ allowed: false });
    await t.app.limits.reset('order', 'a');
    expect(await t.app.limits.check('order', 'a')).toEqual({ allowed: true, retryAfterSeconds: 0, used: 0 });
  });

  it('says how long to wait in words', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(40)).toBe('40 seconds');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
  });

  describe.runIf(redisUrl)('with Redis', () => {
    let proxy: CuttableProxy;
    afterAll(async () => {
      // The apps close first (the outer afterAll runs after this one): their Redis clients say goodbye through it.
      for (const a of apps.splice(0)) await a.close();
      await proxy?.close();
    });

    it('is one limit for every process, not one per process', async () => {
      const prefix = `pawcare-test-shared-${Date.now()}`;
      const a = await createTestApp({ limits: small(5), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
      const b = await createTestApp({ limits: small(5), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
      apps.push(a, b);
      expect(a.app.limits.redisReady()).toBe(true);
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push(
          (await a.app.limits.take('chat', 'user-1')).allowed,
          (await b.app.limits.take('chat', 'user-1')).allowed,
        );
      expect(results.filter(Boolean)).toHaveLength(5);
    });

    it('keeps limiting per process while Redis is away, and shares again once it is back', async () => {
      const target = new URL(redisUrl!);
      proxy = await startProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const t = await createTestApp({ limits: small(2), REDIS_URL: proxy.urlFor(redisUrl!) });
      apps.unshift(t);
      expect((await t.app.limits.take('booking', 'k')).allowed).toBe(true);
      proxy.cut();
      await expect.poll(() => t.app.limits.redisReady()).toBe(false);
      // Neither an error nor a free pass: the in-memory insurance counts on.
      const during = [];
      for (let i = 0; i < 4; i++) during.push((await t.app.limits.take('booking', 'outage')).allowed);
      expect(during).toEqual([true, true, false, false]);
      proxy.restore();
      await expect.poll(() => t.app.limits.redisReady(), { timeout: 15_000 }).toBe(true);
      // Back on Redis, where 'k' already used one of its two points.
      expect((await t.app.limits.take('booking', 'k')).allowed).toBe(true);
      expect((await t.app.limits.take('booking', 'k')).allowed).toBe(false);
    });
  });
});
