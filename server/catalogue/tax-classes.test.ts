import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductSchema } from '#shared/catalogue';
import { TAX_MSG } from '#shared/invoices';
import { OfferingSchema } from '#shared/offerings';
import { rowsOf } from '../db/client.ts';
import { seedProducts } from '../seed.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

/* Products and services carry an HSN code or SAC and a GST rate (decision 053). */

let t: TestContext;
let admin: { token: string };
let employee: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  employee = await t.buildUser({ role: 'employee' });
  await seedProducts(t.database.db);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, token = admin.token) =>
  t.app.inject({ method, url, headers: t.auth(token), payload });

const lastAudit = async (kind: string) =>
  rowsOf<{ summary: string }>(
    await t.database.db.execute(
      sql`select summary from audit_log where kind = ${kind} order by at desc, id desc limit 1`,
    ),
  )[0]?.summary;

describe('tax classes of products', () => {
  it('seeds pet food as HSN 2309 at 18% and the rest of the shop by its category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?limit=50' });
    const all = json(res, z.array(ProductSchema));
    expect(all.length).toBeGreaterThan(0);
    for (const p of all) {
      const want = { Food: ['2309', 18], Toys: ['9503', 5], Accessories: ['4201', 5], Care: ['3305', 5] }[p.category];
      expect([p.hsnSac, p.gstRate], p.name).toEqual(want);
    }
  });

  it("takes a new product's HSN and rate, or its category's, and changes them with an audit entry", async () => {
    const base = { price: 499, category: 'Toys', details: 'A rope toy.', stock: 5 };
    const given = json(
      await send('POST', '/api/products', { ...base, name: 'Rope A', hsnSac: '95030030', gstRate: 12 }),
      ProductSchema,
    );
    expect([given.hsnSac, given.gstRate]).toEqual(['95030030', 12]);
    const defaulted = json(await send('POST', '/api/products', { ...base, name: 'Rope B' }), ProductSchema);
    expect([defaulted.hsnSac, defaulted.gstRate]).toEqual(['9503', 5]);

    const changed = await send('PUT', `/api/products/${defaulted.id}`, { gstRate: 18, hsnSac: '4201' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed, ProductSchema)).toMatchObject({ hsnSac: '4201', gstRate: 18 });
    expect(await lastAudit('product.updated')).toBe('Changed the product Rope B: HSN 9503 → 4201, GST rate 5% → 18%');
  });

  it('refuses a rate GST does not have and a code that is not an HSN or SAC', async () => {
    for (const [body, message] of [
      [{ gstRate: 10 }, TAX_MSG.gstRate],
      [{ gstRate: '18' }, TAX_MSG.gstRate],
      [{ hsnSac: '23O9' }, TAX_MSG.hsnSac],
      [{ hsnSac: '12345' }, TAX_MSG.hsnSac],
    ] as const) {
      const res = await send('PUT', '/api/products/1', body);
      expectError(res, 400, 'VALIDATION', message);
    }
    expectError(await send('PUT', '/api/products/1', { gstRate: 5 }, employee.token), 403);
  });
});

describe('tax classes of services', () => {
  it('keeps a checkup exempt under SAC 998351 and training at 18%', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/services' });
    const all = json(res, z.array(OfferingSchema));
    const byKind = Object.fromEntries(all.map((s) => [s.kind, [s.hsnSac, s.gstRate]]));
    expect(byKind.checkup).toEqual(['998351', 0]);
    expect(byKind.emergency).toEqual(['998351', 0]);
    expect(byKind.training).toEqual(['999799', 18]);
  });

  it("takes a new service's SAC and rate, or its kind's, and changes them with an audit entry", async () => {
    const base = { kind: 'training', durationMinutes: 60, price: 800, capacity: 4 };
    const made = await send('POST', '/api/services', { ...base, name: 'Puppy school' });
    expect(made.statusCode, made.body).toBe(201);
    const school = json(made, OfferingSchema);
    expect([school.hsnSac, school.gstRate]).toEqual(['999799', 18]);
    const changed = await send('PUT', `/api/services/${school.id}`, { gstRate: 5 });
    expect(json(changed, OfferingSchema).gstRate).toBe(5);
    expect(await lastAudit('service.updated')).toBe('Changed the service Puppy school: GST rate 18% → 5%');
    expectError(await send('PUT', `/api/services/${school.id}`, { gstRate: 7 }), 400, 'VALIDATION', TAX_MSG.gstRate);
  });
});
