import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';

const BUDGET = 5;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_RATE_LIMIT: BUDGET });
});
afterAll(() => t.close());

const me = (token: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(token), remoteAddress });
const services = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/services', remoteAddress });
const codes = async (n: number, call: () => Promise<{ statusCode: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).statusCode);
  return out;
};

describe('REQUEST_RATE_LIMIT: one client flooding the API', () => {
  it('is refused with when to try again once past its budget; other accounts and addresses go on', async () => {
    const flooder = await t.buildUser({ role: 'user' });
    const neighbour = await t.buildUser({ role: 'user' });
    expect(await codes(BUDGET, () => me(flooder.token))).toEqual([200, 200, 200, 200, 200]);
    const refused = await me(flooder.token);
    expectError(
      refused,
      429,
      'RATE_LIMITED',
      /^Too many requests\. Please slow down and try again in (\d+ seconds?|\d+ minutes?)\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account behind the same address has its own budget.
    expect((await me(neighbour.token)).statusCode).toBe(200);
  });

  it('counts anonymous clients by address, and not the health checks', async () => {
    expect(await codes(BUDGET, () => services('198.51.100.1'))).toEqual([200, 200, 200, 200, 200]);
    expectError(await services('198.51.100.1'), 429, 'RATE_LIMITED');
    expect((await services('198.51.100.2')).statusCode).toBe(200);
    const health = await codes(BUDGET * 2, () =>
      t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '198.51.100.1' }),
    );
    expect(health.every((c) => c === 200)).toBe(true);
  });

  it("a token that does not verify cannot spend another account's budget", async () => {
    const victim = await t.buildUser({ role: 'user' });
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const forged = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: victim.user.id, exp: 9_999_999_999 })}.bad`;
    for (let i = 0; i < BUDGET * 2; i++) await me(forged, '192.0.2.50');
    expect((await me(victim.token, '192.0.2.51')).statusCode).toBe(200);
  });
});
