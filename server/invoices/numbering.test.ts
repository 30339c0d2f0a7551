import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClinicSettingsShapeSchema } from '#shared/clinic-settings';
import { ProductSchema } from '#shared/catalogue';
import { InvoiceSchema } from '#shared/invoices';
import { OrderSchema } from '#shared/orders';
import { rowsOf } from '../db/client.ts';
import { seedProducts } from '../seed.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { issueDocument, taxLines, type DocumentDraft } from './issue.ts';
import { documentNumber, fiscalYearOf } from './numbering.ts';

/* Invoice numbers: unique and gap-free per series and financial year, under racing issues (decision 053). */

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['buildUser']>>;

beforeAll(async () => {
  t = await createTestApp({ ORDER_RATE_LIMIT: 1000 });
  admin = await t.buildUser({ role: 'admin' });
  await seedProducts(t.database.db);
  await t.database.db.execute(sql`update products set stock = 100000`);
});
afterAll(() => t.close());

/** The numbers of a series and year in order, and its counter. */
async function series(kind: string, prefix: string, fiscalYear: string) {
  const seqs = rowsOf<{ seq: number }>(
    await t.database.db.execute(
      sql`select seq from invoices where kind = ${kind} and series = ${prefix} and fiscal_year = ${fiscalYear} order by seq`,
    ),
  ).map((r) => Number(r.seq));
  const [counter] = rowsOf<{ last_seq: number }>(
    await t.database.db.execute(
      sql`select last_seq from document_counters where kind = ${kind} and series = ${prefix} and fiscal_year = ${fiscalYear}`,
    ),
  );
  return { seqs, counter: counter ? Number(counter.last_seq) : 0 };
}

const supplier = { legalName: 'Pawcare LLP', gstin: '29AAGCB7383J1Z4', stateCode: '29', address: 'Bengaluru' };

/** A small document of series `prefix` issued at `issuedAt`. */
function draft(prefix: string, issuedAt: Date): DocumentDraft {
  return {
    kind: 'invoice',
    series: prefix,
    issuedAt,
    timeZone: 'Asia/Kolkata',
    customer: { id: null, name: 'Walk-in', email: 'walk-in@example.com', gstin: null, address: null },
    placeOfSupply: '29',
    supplier,
    pricesIncludeTax: true,
    lines: taxLines(
      [
        {
          description: 'Kibble',
          hsnSac: '2309',
          quantity: 1,
          unitPrice: 11800,
          discount: 0,
          gstRate: 18,
          productId: null,
        },
      ],
      { supplier, placeOfSupply: '29', pricesIncludeTax: true },
    ),
    issuedBy: null,
  };
}

describe('financial years on the clinic clock', () => {
  it('turns at midnight between 31 March and 1 April, India time', () => {
    expect(fiscalYearOf(new Date('2027-03-31T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2627'); // 23:59:59.999 IST
    expect(fiscalYearOf(new Date('2027-03-31T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2728'); // 00:00 IST
    expect(fiscalYearOf(new Date('2027-03-31T20:00:00.000Z'), 'UTC')).toBe('2627');
    expect(fiscalYearOf(new Date('2099-12-31T00:00:00.000Z'), 'Asia/Kolkata')).toBe('9900');
    expect(fiscalYearOf(new Date('2100-01-01T00:00:00.000Z'), 'Asia/Kolkata')).toBe('9900');
  });

  it('numbers a document of 31 March 23:59 in the old year and one of 1 April 00:00 from 1 in the new', async () => {
    const march = await t.database.db.transaction((tx) =>
      issueDocument(tx, draft('FY', new Date('2027-03-31T18:29:00.000Z'))),
    );
    const april = await t.database.db.transaction((tx) =>
      issueDocument(tx, draft('FY', new Date('2027-03-31T18:30:00.000Z'))),
    );
    const march2 = await t.database.db.transaction((tx) =>
      issueDocument(tx, draft('FY', new Date('2027-03-31T18:29:30.000Z'))),
    );
    expect([march.number, april.number, march2.number]).toEqual(['FY/2627/000001', 'FY/2728/000001', 'FY/2627/000002']);
  });

  it('keeps every number within 16 characters, and refuses one that would not fit', () => {
    expect(documentNumber('invoice', 'ABCD', '2627', 999_999)).toBe('ABCD/2627/999999');
    expect(documentNumber('credit_note', 'ABCD', '2627', 7)).toBe('ABCD/2627/C00007');
    expect(() => documentNumber('invoice', 'ABCD', '2627', 1_000_000)).toThrow(/full for this financial year/);
  });
});

describe('racing issues', () => {
  it('50 orders placed at once get 50 numbers, none shared, none skipped, and the counter says 50', async () => {
    const products = json(await t.app.inject({ method: 'GET', url: '/api/products?limit=50' }), z.array(ProductSchema));
    const get = await t.app.inject({ method: 'GET', url: '/api/settings/clinic', headers: t.auth(admin.token) });
    const settings = json(get, ClinicSettingsShapeSchema);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/clinic',
      headers: t.auth(admin.token),
      payload: { ...settings, invoicePrefix: 'RACE' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const customers = await Promise.all(Array.from({ length: 50 }, () => t.buildUser()));
    const placed = await Promise.all(
      customers.map((c, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...t.auth(c.token), 'idempotency-key': randomUUID() },
          payload: {
            items: [{ productId: products[i % products.length]!.id, quantity: 1 + (i % 3) }],
            address: {
              name: 'A',
              pin: '560001',
              city: 'Bengaluru',
              house: '1',
              landmark: 'Park',
              state: 'Karnataka',
              country: 'India',
            },
            paymentMethod: 'cod',
          },
        }),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const fy = fiscalYearOf(new Date(), t.config.CLINIC_TZ);
    const numbers = await Promise.all(
      placed.map(async (r, i) => {
        const order = json(r, OrderSchema);
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/orders/${order.id}/invoice`,
          headers: t.auth(customers[i]!.token),
        });
        return json(res, InvoiceSchema).number;
      }),
    );
    expect(new Set(numbers).size).toBe(50);
    const expected = Array.from({ length: 50 }, (_v, i) => `RACE/${fy}/${String(i + 1).padStart(6, '0')}`);
    expect([...numbers].sort()).toEqual(expected);
    const { seqs, counter } = await series('invoice', 'RACE', fy);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_v, i) => i + 1));
    expect(counter).toBe(50);
  });

  it('a transaction that rolls back gives its number back: 50 racing issues, every fifth undone, stay gap-free', async () => {
    const at = new Date();
    const fy = fiscalYearOf(at, 'Asia/Kolkata');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_v, i) =>
        t.database.db.transaction(async (tx) => {
          const doc = await issueDocument(tx, draft('RB', at));
          if (i % 5 === 4) throw new Error('undone after issuing');
          return doc;
        }),
      ),
    );
    const issued = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.number] : []));
    expect(issued).toHaveLength(40);
    expect(new Set(issued).size).toBe(40);
    const { seqs, counter } = await series('invoice', 'RB', fy);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_v, i) => i + 1));
    expect(counter).toBe(40);
  });
});
