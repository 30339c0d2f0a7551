import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClinicSettingsShapeSchema } from '#shared/clinic-settings';
import { ProductSchema, type Product } from '#shared/catalogue';
import { InvoiceSchema, type Invoice } from '#shared/invoices';
import { OrderSchema, type DeliveryAddress, type Order } from '#shared/orders';
import { findPgError, rowsOf } from '../db/client.ts';
import { seedProducts } from '../seed.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { readPdf } from '../test/pdf.ts';
import { fiscalYearOf } from './numbering.ts';

/* Every shop order's GST invoice, its credit note when canceled, and who may read them (decision 053). */

type Person = Awaited<ReturnType<TestContext['buildUser']>>;
let t: TestContext;
let admin: Person;
let employee: Person;
let food: Product;
let toy: Product;
let fy: string;

const BENGALURU: DeliveryAddress = {
  name: 'Asha Rao',
  pin: '560001',
  city: 'Bengaluru',
  house: '4 MG Road',
  landmark: 'Near the metro',
  state: 'Karnataka',
  country: 'India',
};
const PUNE: DeliveryAddress = { ...BENGALURU, pin: '411001', city: 'Pune', state: 'Maharashtra' };

beforeAll(async () => {
  t = await createTestApp({ CLINIC_ADDRESS: '4 Residency Road, Bengaluru 560025' });
  admin = await t.buildUser({ role: 'admin' });
  employee = await t.buildUser({ role: 'employee' });
  await seedProducts(t.database.db);
  // Plenty on the shelf for every order of this file, at list prices.
  await t.database.db.execute(sql`update products set stock = 10000, discount = 0`);
  const list = json(await t.app.inject({ method: 'GET', url: '/api/products?limit=50' }), z.array(ProductSchema));
  food = list.find((p) => p.category === 'Food')!;
  toy = list.find((p) => p.category === 'Toys')!;
  await setTax({ gstin: '29AAGCB7383J1Z4', stateCode: '29', invoicePrefix: 'PC', pricesIncludeTax: true });
  fy = fiscalYearOf(new Date(), t.config.CLINIC_TZ);
});
afterAll(() => t.close());

async function setTax(tax: object) {
  const get = await t.app.inject({ method: 'GET', url: '/api/settings/clinic', headers: t.auth(admin.token) });
  const current = json(get, ClinicSettingsShapeSchema);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/clinic',
    headers: t.auth(admin.token),
    payload: { ...current, ...tax },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function placeOrder(
  who: Person,
  items: { productId: number; quantity: number }[],
  address = BENGALURU,
): Promise<Order> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...t.auth(who.token), 'idempotency-key': randomUUID() },
    payload: { items, address, paymentMethod: 'cod' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, OrderSchema);
}

const read = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? t.auth(token) : {} });

async function invoiceOf(order: Order, who: Person = admin): Promise<Invoice> {
  const res = await read(who.token, `/api/orders/${order.id}/invoice`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, InvoiceSchema);
}

const paise = (rupees: number) => Math.round(rupees * 100);

describe('the invoice of a shop order', () => {
  it('is issued with the order: a number of the series and year, CGST + SGST within the state, the total paid', async () => {
    const customer = await t.buildUser();
    const order = await placeOrder(customer, [
      { productId: food.id, quantity: 2 },
      { productId: toy.id, quantity: 1 },
    ]);
    const invoice = await invoiceOf(order, customer);
    expect(invoice.number).toMatch(new RegExp(`^PC/${fy}/\\d{6}$`));
    expect(invoice.number.length).toBeLessThanOrEqual(16);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      orderId: order.id,
      customerId: customer.user.id,
      customerName: customer.user.name,
      customerGstin: null,
      placeOfSupply: '29',
      placeOfSupplyName: 'Karnataka',
      supplier: { gstin: '29AAGCB7383J1Z4', stateCode: '29' },
      pricesIncludeTax: true,
      creditNotes: [],
      credits: null,
      bookingId: null,
    });
    // Prices include GST: the customer pays the order's total, and the taxes are inside it.
    expect(invoice.totals.total).toBe(order.total);
    expect(invoice.lines).toHaveLength(2);
    const [kibble, ball] = invoice.lines;
    expect(kibble).toMatchObject({ description: food.name, hsnSac: '2309', quantity: 2, gstRate: 18, igst: 0 });
    expect(ball).toMatchObject({ description: toy.name, hsnSac: '9503', quantity: 1, gstRate: 5, igst: 0 });
    for (const l of invoice.lines) {
      expect(l.cgst).toBe(l.sgst);
      expect(paise(l.taxableValue) + paise(l.cgst) + paise(l.sgst)).toBe(paise(l.total));
    }
    expect(paise(kibble!.total)).toBe(paise(food.price) * 2);
    // 18% inside: the taxable value is the price over 1.18, each half of the tax to the paisa.
    expect(Math.abs(paise(kibble!.taxableValue) - Math.round((paise(food.price) * 2 * 100) / 118))).toBeLessThanOrEqual(
      1,
    );
    expect(paise(invoice.totals.cgst)).toBe(invoice.lines.reduce((s, l) => s + paise(l.cgst), 0));
    expect(invoice.totalInWords).toMatch(/Rupees.*Only$/);
    expect(invoice.paid).toBe(0);
    expect(invoice.balanceDue).toBe(invoice.totals.total);
  });

  it('charges IGST when the delivery goes to another state, read from the state name or else the PIN code', async () => {
    const customer = await t.buildUser();
    const pune = await invoiceOf(await placeOrder(customer, [{ productId: food.id, quantity: 1 }], PUNE));
    expect(pune).toMatchObject({ placeOfSupply: '27', placeOfSupplyName: 'Maharashtra' });
    expect(pune.lines[0]).toMatchObject({ cgst: 0, sgst: 0, gstRate: 18 });
    expect(pune.lines[0]!.igst).toBeGreaterThan(0);
    expect(pune.totals.igst).toBe(pune.lines[0]!.igst);

    const byPin = await invoiceOf(
      await placeOrder(customer, [{ productId: food.id, quantity: 1 }], { ...PUNE, state: 'MH side', pin: '400001' }),
    );
    expect(byPin.placeOfSupply).toBe('27');
  });

  it('adds GST on top when prices exclude it, and the order costs what the invoice says', async () => {
    await setTax({ pricesIncludeTax: false });
    try {
      const customer = await t.buildUser();
      const order = await placeOrder(customer, [{ productId: food.id, quantity: 1 }]);
      const invoice = await invoiceOf(order);
      expect(invoice.pricesIncludeTax).toBe(false);
      expect(invoice.lines[0]!.taxableValue).toBe(food.price);
      const half = Math.round((paise(food.price) * 9) / 100);
      expect(paise(invoice.lines[0]!.cgst)).toBe(half);
      expect(paise(order.total)).toBe(paise(food.price) + 2 * half);
      expect(invoice.totals.total).toBe(order.total);
    } finally {
      await setTax({ pricesIncludeTax: true });
    }
  });
});

describe('a canceled order', () => {
  it("is credited in full by a credit note of its own series that names the invoice, by the customer's cancel", async () => {
    const customer = await t.buildUser();
    const order = await placeOrder(customer, [{ productId: food.id, quantity: 3 }]);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/cancel`,
      headers: t.auth(customer.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const invoice = await invoiceOf(order, customer);
    expect(invoice.creditNotes).toHaveLength(1);
    expect(invoice.creditNotes[0]!.number).toMatch(new RegExp(`^PC/${fy}/C\\d{5}$`));
    expect(invoice.creditNotes[0]!.total).toBe(invoice.totals.total);
    expect(invoice.balanceDue).toBe(0);
    const note = json(await read(customer.token, `/api/invoices/${invoice.creditNotes[0]!.id}`), InvoiceSchema);
    expect(note).toMatchObject({
      kind: 'credit_note',
      credits: { id: invoice.id, number: invoice.number },
      reason: 'Order canceled',
      totals: invoice.totals,
      lines: invoice.lines,
      placeOfSupply: invoice.placeOfSupply,
    });
  });

  it('by staff, with an audit entry naming the credit note and the invoice', async () => {
    const customer = await t.buildUser();
    const order = await placeOrder(customer, [{ productId: toy.id, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/status`,
      headers: t.auth(employee.token),
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = await invoiceOf(order);
    const note = invoice.creditNotes[0]!;
    const [entry] = rowsOf<{ summary: string; actor_id: string }>(
      await t.database.db.execute(
        sql`select summary, actor_id from audit_log where kind = 'invoice.credit_note_issued' and subject_id = ${note.id}`,
      ),
    );
    expect(entry).toEqual({
      summary: `Issued credit note ${note.number} for invoice ${invoice.number} of ${customer.user.name}: order canceled`,
      actor_id: employee.user.id,
    });
  });
});

describe('who may read invoices', () => {
  it('lets the customer read their own and staff any; others hear 404, strangers 401', async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const order = await placeOrder(owner, [{ productId: food.id, quantity: 1 }]);
    const invoice = await invoiceOf(order, owner);
    for (const url of [`/api/orders/${order.id}/invoice`, `/api/invoices/${invoice.id}`]) {
      expect((await read(owner.token, url)).statusCode).toBe(200);
      expect((await read(employee.token, url)).statusCode).toBe(200);
      expect((await read(admin.token, url)).statusCode).toBe(200);
      expectError(await read(other.token, url), 404, 'NOT_FOUND');
      expectError(await read(undefined, url), 401);
    }
    expectError(await read(owner.token, '/api/invoices/not-a-uuid'), 404, 'NOT_FOUND');
    expectError(await read(owner.token, `/api/invoices/${randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await read(owner.token, `/api/orders/${randomUUID()}/invoice`), 404, 'NOT_FOUND');
  });

  it("lists a customer's own documents, newest first, page by page; staff have no such list", async () => {
    const owner = await t.buildUser();
    const first = await invoiceOf(await placeOrder(owner, [{ productId: food.id, quantity: 1 }]));
    const second = await invoiceOf(await placeOrder(owner, [{ productId: toy.id, quantity: 1 }]));
    await t.buildUser().then((other) => placeOrder(other, [{ productId: toy.id, quantity: 1 }]));
    const page1 = await read(owner.token, '/api/invoices/mine?limit=1');
    expect(page1.statusCode, page1.body).toBe(200);
    expect(json(page1, z.array(InvoiceSchema)).map((i) => i.number)).toEqual([second.number]);
    const cursor = page1.headers['x-next-cursor'] as string;
    const page2 = await read(owner.token, `/api/invoices/mine?limit=1&cursor=${cursor}`);
    expect(json(page2, z.array(InvoiceSchema)).map((i) => i.number)).toEqual([first.number]);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
    expectError(await read(owner.token, '/api/invoices/mine?cursor=bogus'), 400);
    expectError(await read(employee.token, '/api/invoices/mine'), 403);
    expectError(await read(undefined, '/api/invoices/mine'), 401);
  });
});

describe('issued documents', () => {
  it('are never changed or deleted, but outlive their customer', async () => {
    const customer = await t.buildUser();
    const invoice = await invoiceOf(await placeOrder(customer, [{ productId: food.id, quantity: 1 }]));
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await t.database.db.execute(statement).catch((e: unknown) => e);
      expect(findPgError(err)?.code).toBe('PW403');
    };
    await refused(sql`update invoices set total = total + 1, taxable = taxable + 1 where id = ${invoice.id}`);
    await refused(sql`update invoices set customer_name = 'Someone else' where id = ${invoice.id}`);
    await refused(sql`update invoice_lines set quantity = 9 where invoice_id = ${invoice.id}`);
    await refused(sql`delete from invoice_lines where invoice_id = ${invoice.id}`);
    await refused(sql`delete from invoices where id = ${invoice.id}`);
    await refused(sql`truncate invoice_lines, invoices`);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${customer.user.id}`,
      headers: t.auth(admin.token),
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const kept = json(await read(admin.token, `/api/invoices/${invoice.id}`), InvoiceSchema);
    expect(kept).toEqual({ ...invoice, customerId: null });
  });
});

describe('the PDF of a document', () => {
  it('reads back with the clinic, GSTIN, lines with HSN and taxes, totals in words, and a UPI code for the balance', async () => {
    const customer = await t.buildUser({ name: 'Meera Iyer' });
    const order = await placeOrder(customer, [{ productId: food.id, quantity: 2 }]);
    const invoice = await invoiceOf(order, customer);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
      headers: t.auth(customer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, qr } = await readPdf(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    for (const part of [
      'Tax invoice',
      invoice.number,
      'GSTIN 29AAGCB7383J1Z4',
      'Meera Iyer',
      'Place of supply 29 Karnataka',
      food.name,
      '2309',
      '18%',
      invoice.totalInWords,
    ])
      expect(flat).toContain(part);
    expect(qr).toBe(
      `upi://pay?pa=${encodeURIComponent(t.config.SHOP_UPI_ID)}&pn=${encodeURIComponent(t.config.SHOP_UPI_NAME).replace(/%20/g, '+')}&am=${invoice.balanceDue.toFixed(2)}&cu=INR&tn=${encodeURIComponent(invoice.number)}`,
    );
    const other = await t.buildUser();
    expectError(await read(other.token, `/api/invoices/${invoice.id}/pdf`), 404, 'NOT_FOUND');
    expect((await read(employee.token, `/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
    expectError(await read(undefined, `/api/invoices/${invoice.id}/pdf`), 401);
  });
});
