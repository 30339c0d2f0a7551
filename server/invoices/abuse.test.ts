import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProducts } from '../seed.ts';
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

describe('a customer asking for invoice PDFs again and again', () => {
  it('is refused past INVOICE_PDF_RATE_LIMIT; staff printing is not counted', async () => {
    const p = await createTestApp({ INVOICE_PDF_RATE_LIMIT: 2 });
    try {
      await seedProducts(p.database.db);
      const customer = await p.buildUser();
      const staff = await p.buildUser({ role: 'employee' });
      const placed = await p.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...p.auth(customer.token), 'idempotency-key': randomUUID() },
        payload: {
          items: [{ productId: 1, quantity: 1 }],
          address: {
            name: 'A',
            pin: '560001',
            city: 'B',
            house: '1',
            landmark: 'P',
            state: 'Karnataka',
            country: 'India',
          },
          paymentMethod: 'cod',
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<{ id: string }>();
      const invoice = (
        await p.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: p.auth(customer.token) })
      ).json<{ id: string }>();
      const pdf = (token: string) =>
        p.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, headers: p.auth(token) });
      expect((await pdf(customer.token)).statusCode).toBe(200);
      expect((await pdf(customer.token)).statusCode).toBe(200);
      expectError(await pdf(customer.token), 429, 'RATE_LIMITED', /^Too many invoice files asked for/);
      for (let i = 0; i < 3; i++) expect((await pdf(staff.token)).statusCode).toBe(200);
    } finally {
      await p.close();
    }
  });
});
