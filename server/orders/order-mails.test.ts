import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '#shared/money';
import { OrderSchema, type Order } from '#shared/orders';
import { rowsOf } from '../db/client.ts';
import { outbox, products } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { deliveryAddress, placeOrder, productIds, setStock } from '../test/orders.ts';

type Person = Awaited<ReturnType<TestContext['buildUser']>>;

let t: TestContext;
let customer: Person;
let employee: Person;
let boneId: number;
const BONE = 'Chew Bone & <script>alert("bone")</script>';

beforeAll(async () => {
  t = await createTestApp();
  await setStock(t.database.db, 1000);
  boneId = (await productIds(t.database.db)).get('Dog Food')!;
  // A product whose name holds markup, as an admin could type it.
  await t.database.db.update(products).set({ name: BONE }).where(eq(products.id, boneId));
  [customer, employee] = await Promise.all([
    t.buildUser({ role: 'user', name: 'Tom & <script>alert(1)</script>' }),
    t.buildUser({ role: 'employee' }),
  ]);
});
afterAll(() => t.close());

async function order(paymentMethod = 'cod'): Promise<Order> {
  const res = await placeOrder(t.app, customer.token, {
    items: [{ productId: boneId, quantity: 2 }],
    address: deliveryAddress(),
    paymentMethod,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, OrderSchema);
}
const setStatus = (id: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/status`,
    headers: t.auth(employee.token),
    payload: { status },
  });
const cancelOwn = (id: string) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}/cancel`, headers: t.auth(customer.token) });

/** The status mails queued for the customer about one order (the confirmation of placing it left out), oldest first. */
async function mailsAbout(o: Order) {
  const rows = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, customer.user.email), sql`${outbox.kind} <> 'order_placed'`))
    .orderBy(outbox.createdAt);
  return rows.filter((r) => r.text.includes(o.number));
}

/** True when the mail was written by the transaction that last changed the order (PostgreSQL's xmin of both rows). */
async function sameTransaction(mailId: string, orderId: string): Promise<boolean> {
  const [row] = rowsOf<{ same: boolean }>(
    await t.database.db.execute(sql`
      select (select xmin::text from outbox where id = ${mailId}::uuid) = (select xmin::text from orders where id = ${orderId}::uuid) as same`),
  );
  return row!.same;
}

describe('order status e-mails', () => {
  it('mails the customer when staff ship and deliver the order, in the transaction of each change', async () => {
    const o = await order();
    expect((await setStatus(o.id, 'confirmed')).statusCode).toBe(200);
    expect(await mailsAbout(o)).toEqual([]); // confirming is not worth a mail
    expect((await setStatus(o.id, 'shipped')).statusCode).toBe(200);
    const [shipped] = await mailsAbout(o);
    expect(shipped).toMatchObject({ kind: 'order_shipped', subject: `Your Pawcare order ${o.number} is on its way` });
    expect(await sameTransaction(shipped!.id, o.id)).toBe(true);
    expect(shipped!.text).toContain(`See your order: ${t.config.PUBLIC_URL}/customer/my-orders/${o.id}`);
    expect(shipped!.html).toContain(`<a href="${t.config.PUBLIC_URL}/customer/my-orders/${o.id}"`);

    expect((await setStatus(o.id, 'delivered')).statusCode).toBe(200);
    const mails = await mailsAbout(o);
    expect(mails.map((m) => m.kind)).toEqual(['order_shipped', 'order_delivered']);
    expect(mails[1]!.subject).toBe(`Your Pawcare order ${o.number} has been delivered`);
    expect(await sameTransaction(mails[1]!.id, o.id)).toBe(true);
  });

  it('escapes the customer name and the product in the HTML; the text part reads them as typed', async () => {
    const o = await order();
    expect((await setStatus(o.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'shipped')).statusCode).toBe(200);
    const [mail] = await mailsAbout(o);
    expect(mail!.html).toContain('Hello Tom &amp; &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail!.html).toContain('2 x Chew Bone &amp; &lt;script&gt;alert(&quot;bone&quot;)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script');
    expect(mail!.text).toContain(`2 x ${BONE}`);
  });

  it('tells the customer when staff cancel, with the refund of a paid order', async () => {
    const o = await order('upi');
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${o.id}/payment`,
      headers: t.auth(employee.token),
      payload: { status: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    expect((await setStatus(o.id, 'cancelled')).statusCode).toBe(200);
    const [mail] = await mailsAbout(o);
    expect(mail).toMatchObject({
      kind: 'order_cancelled_by_staff',
      subject: `Your Pawcare order ${o.number} has been canceled`,
    });
    expect(mail!.text).toContain(`the shop has canceled your order ${o.number}.`);
    expect(mail!.text).toContain(`You have paid ${formatRupees(o.total)} for it; we will refund the payment`);
    expect(await sameTransaction(mail!.id, o.id)).toBe(true);
  });

  it('confirms a cancellation the customer made, in its transaction', async () => {
    const o = await order();
    expect((await cancelOwn(o.id)).statusCode).toBe(200);
    const [mail] = await mailsAbout(o);
    expect(mail).toMatchObject({
      kind: 'order_cancelled_by_customer',
      subject: `You canceled your Pawcare order ${o.number}`,
    });
    expect(mail!.text).toContain(`As you asked, your order ${o.number} has been canceled.`);
    expect(mail!.text).not.toContain('refund');
    expect(await sameTransaction(mail!.id, o.id)).toBe(true);
  });

  it('mails nothing when the change is refused', async () => {
    const o = await order();
    expect((await setStatus(o.id, 'delivered')).statusCode).toBe(409); // skips shipping
    expect((await setStatus(o.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'shipped')).statusCode).toBe(200);
    expect((await cancelOwn(o.id)).statusCode).toBe(409); // too late for the customer
    expect((await setStatus(o.id, 'cancelled')).statusCode).toBe(409); // and for staff
    expect((await setStatus(o.id, 'shipped')).statusCode).toBe(409); // already shipped
    expect((await mailsAbout(o)).map((m) => m.kind)).toEqual(['order_shipped']);

    const canceled = await order();
    expect((await cancelOwn(canceled.id)).statusCode).toBe(200);
    expect((await cancelOwn(canceled.id)).statusCode).toBe(409);
    expect((await setStatus(canceled.id, 'cancelled')).statusCode).toBe(409);
    expect((await mailsAbout(canceled)).map((m) => m.kind)).toEqual(['order_cancelled_by_customer']);
  });
});
