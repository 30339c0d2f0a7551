import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';

/* One customer hammering their invoices: each read is bounded, and their budget runs out before anyone else's. */

const BUDGET = 6;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_RATE_LIMIT: BUDGET });
});
afterAll(() => t.close());

describe('a customer flooding the invoice endpoints', () => {
  it('reads at most a page at a time, and is refused past the request budget while a neighbour goes on', async () => {
    const flooder = await t.buildUser();
    const neighbour = await t.buildUser();
    const mine = (token: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/invoices/mine${query}`, headers: t.auth(token) });
    expectError(await mine(flooder.token, '?limit=100000'), 400, 'VALIDATION');
    const codes: number[] = [];
    for (let i = 0; i < BUDGET - 1; i++) {
      const url = i % 2 ? '/api/invoices/mine' : `/api/invoices/${randomUUID()}`;
      codes.push((await t.app.inject({ method: 'GET', url, headers: t.auth(flooder.token) })).statusCode);
    }
    expect(codes).toEqual([404, 200, 404, 200, 404]);
    expectError(await mine(flooder.token), 429, 'RATE_LIMITED');
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/orders/${randomUUID()}/invoice`, headers: t.auth(flooder.token) }),
      429,
      'RATE_LIMITED',
    );
    expect((await mine(neighbour.token)).statusCode).toBe(200);
  });
});
