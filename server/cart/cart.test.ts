import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthResponseSchema } from '#shared/auth';
import { CART_CHANGED_EVENT, CART_LINES_MAX, CartSchema, type Cart } from '#shared/cart';
import { ProductSchema, type Product, type ProductInputValues } from '#shared/catalogue';
import { cartItems } from '../db/schema/index.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { collect, listenForSockets, nextEvent } from '../test/socket.ts';
import { announceCart, CART_FULL_MESSAGE } from './service.ts';

type Person = Awaited<ReturnType<TestContext['buildUser']>>;
let t: TestContext;
let live: Awaited<ReturnType<typeof listenForSockets>>;
let admin: Person;
let catalogue: Product[];

beforeAll(async () => {
  t = await createTestApp();
  live = await listenForSockets(t.app);
  admin = await t.buildUser({ role: 'admin' });
  const res = await t.app.inject({ method: 'GET', url: '/api/products' });
  catalogue = json(res, z.array(ProductSchema));
});
afterAll(async () => {
  live.disconnectAll();
  await t.close();
});

const product = (name: string) => catalogue.find((p) => p.name === name)!;

const put = (token: string, productId: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/cart/items/${productId}`,
    headers: t.auth(token),
    payload: payload as object,
  });
const remove = (token: string, productId: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/cart/items/${productId}`, headers: t.auth(token) });
const clear = (token: string) => t.app.inject({ method: 'DELETE', url: '/api/cart', headers: t.auth(token) });
async function cartOf(token: string): Promise<Cart> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, CartSchema);
}
async function set(token: string, productId: number, quantity: number): Promise<Cart> {
  const res = await put(token, productId, { quantity });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, CartSchema);
}

/** Admin changes to a product (stock, active, price), checked. */
async function changeProduct(id: number, patch: Record<string, unknown>): Promise<Product> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: t.auth(admin.token),
    payload: patch,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, ProductSchema);
}

let made = 0;
/** A new active product of the admin's, well stocked. */
async function newProduct(over: Partial<ProductInputValues> = {}): Promise<Product> {
  made += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: t.auth(admin.token),
    payload: {
      name: `Cart Test Product ${made}`,
      price: 100,
      discount: 0,
      category: 'Toys',
      details: 'A product for cart tests.',
      stock: 50,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, ProductSchema);
}

/** At least `n` active, well-stocked products. */
async function manyProducts(n: number): Promise<Product[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/products?status=active&limit=200',
    headers: t.auth(admin.token),
  });
  const have = json(res, z.array(ProductSchema)).filter((p) => p.stock >= 10);
  while (have.length < n) have.push(await newProduct());
  return have.slice(0, n);
}

describe('the cart', () => {
  it('starts empty', async () => {
    const { token } = await t.buildUser();
    expect(await cartOf(token)).toEqual({ items: [], count: 0, total: 0 });
  });

  it('sets quantities (not adds), prices each line from the catalogue, and keeps lines oldest first', async () => {
    const { token } = await t.buildUser();
    const dogFood = product('Dog Food'); // ₹500, 10% off
    const catToy = product('Cat Toy'); // ₹300, 5% off
    const first = await set(token, dogFood.id, 2);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      productId: dogFood.id,
      quantity: 2,
      lineTotal: 900,
      available: true,
      product: { id: dogFood.id, name: 'Dog Food', price: 500, discount: 10, active: true },
    });
    expect(first).toMatchObject({ count: 2, total: 900 });

    await set(token, catToy.id, 1);
    const updated = await set(token, dogFood.id, 3);
    // Setting a quantity again replaces it, and the line keeps its place.
    expect(updated.items.map((l) => [l.product.name, l.quantity])).toEqual([
      ['Dog Food', 3],
      ['Cat Toy', 1],
    ]);
    expect(updated).toMatchObject({ count: 4, total: 1350 + 285 });
    expect(await cartOf(token)).toEqual(updated);
  });

  it('orders lines added in one moment by product id', async () => {
    const { user, token } = await t.buildUser();
    const [a, b] = [product('Fish Tank'), product('Bird Cage')].sort((x, y) => y.id - x.id);
    const at = new Date('2026-01-05T10:00:00Z');
    await t.database.db.insert(cartItems).values([
      { userId: user.id, productId: a!.id, quantity: 1, addedAt: at },
      { userId: user.id, productId: b!.id, quantity: 1, addedAt: at },
    ]);
    expect((await cartOf(token)).items.map((l) => l.productId)).toEqual([b!.id, a!.id]);
  });

  it('reprices lines when the catalogue changes, and marks lines checkout would refuse', async () => {
    const { token } = await t.buildUser();
    const p = await newProduct({ price: 200, discount: 0, stock: 10 });
    await set(token, p.id, 3);
    await changeProduct(p.id, { price: 150, discount: 20 });
    expect((await cartOf(token)).items[0]).toMatchObject({ lineTotal: 360, available: true });
    await changeProduct(p.id, { stock: 2 });
    expect((await cartOf(token)).items[0]).toMatchObject({ quantity: 3, available: false });
    await changeProduct(p.id, { stock: 10, active: false });
    const cart = await cartOf(token);
    expect(cart.items[0]).toMatchObject({ available: false, product: { active: false } });
    // An unavailable line still counts towards what the cart holds; checkout refuses it.
    expect(cart).toMatchObject({ count: 3, total: 360 });
  });

  it('refuses quantities that are not whole numbers from 1 to 99 with 400', async () => {
    const { token } = await t.buildUser();
    const id = product('Dog Food').id;
    for (const [payload, message] of [
      [{ quantity: 0 }, 'Quantity must be at least 1'],
      [{ quantity: -1 }, 'Quantity must be at least 1'],
      [{ quantity: 100 }, 'Quantity can be at most 99'],
      [{ quantity: 1.5 }, 'Quantity must be a whole number'],
      [{ quantity: '2' }, 'Quantity must be a whole number'],
      [{ quantity: 'two' }, 'Quantity must be a whole number'],
      [{ quantity: null }, 'Quantity must be a whole number'],
      [{}, 'Quantity must be a whole number'],
    ] as const) {
      expectError(await put(token, id, payload), 400, 'VALIDATION', message);
    }
    expect((await cartOf(token)).items).toEqual([]);
  });

  it('answers 404 for unknown products and ids that are not numbers', async () => {
    const { token } = await t.buildUser();
    for (const id of ['99999', 'abc', '1.5', '-1', '12345678901234']) {
      expectError(await put(token, id, { quantity: 1 }), 404, 'NOT_FOUND', 'Product not found');
    }
    for (const id of ['abc', '-1']) expectError(await remove(token, id), 404, 'NOT_FOUND', 'Product not found');
  });

  it('refuses a deactivated product with 409 naming it', async () => {
    const { token } = await t.buildUser();
    const p = await newProduct();
    await changeProduct(p.id, { active: false });
    expectError(await put(token, p.id, { quantity: 1 }), 409, 'CONFLICT', `${p.name} is no longer available`);
    expect((await cartOf(token)).items).toEqual([]);
  });

  it('refuses more than the stock with 409 OUT_OF_STOCK saying how many are left', async () => {
    const { token } = await t.buildUser();
    const p = await newProduct({ stock: 3 });
    expect((await set(token, p.id, 3)).count).toBe(3);
    const res = await put(token, p.id, { quantity: 4 });
    expectError(res, 409, 'OUT_OF_STOCK', `Only 3 left of ${p.name}`);
    expect(res.json()).toMatchObject({ details: [{ path: 'quantity', message: `Only 3 left of ${p.name}` }] });
    await changeProduct(p.id, { stock: 0 });
    expectError(await put(token, p.id, { quantity: 1 }), 409, 'OUT_OF_STOCK', `${p.name} is out of stock`);
    expect((await cartOf(token)).items[0]!.quantity).toBe(3);
  });

  it(`holds at most ${CART_LINES_MAX} different products`, async () => {
    const { token } = await t.buildUser();
    const products = await manyProducts(CART_LINES_MAX + 1);
    for (const p of products.slice(0, CART_LINES_MAX)) await set(token, p.id, 1);
    const extra = products[CART_LINES_MAX]!;
    const refused = await put(token, extra.id, { quantity: 1 });
    expectError(refused, 409, 'CONFLICT', CART_FULL_MESSAGE);
    expect(CART_FULL_MESSAGE).toBe('Your cart can hold at most 20 different products');
    // A full cart still changes the quantities of its lines.
    expect((await set(token, products[0]!.id, 5)).items).toHaveLength(CART_LINES_MAX);
    await remove(token, products[1]!.id);
    expect((await set(token, extra.id, 1)).items).toHaveLength(CART_LINES_MAX);
  });

  it(`keeps the limit when ${CART_LINES_MAX + 5} different products are added at once`, async () => {
    const { token } = await t.buildUser();
    const products = await manyProducts(CART_LINES_MAX + 5);
    const answers = await Promise.all(products.map((p) => put(token, p.id, { quantity: 2 })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CART_LINES_MAX);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const cart = await cartOf(token);
    expect(cart.items).toHaveLength(CART_LINES_MAX);
    expect(cart.count).toBe(CART_LINES_MAX * 2);
  });

  it('removes a line, removes nothing for a product not in the cart, and empties the cart', async () => {
    const { token } = await t.buildUser();
    const [a, b] = [product('Dog Food'), product('Cat Toy')];
    await set(token, a.id, 1);
    await set(token, b.id, 2);
    const afterRemove = await remove(token, a.id);
    expect(afterRemove.statusCode).toBe(200);
    expect(json(afterRemove, CartSchema).items.map((l) => l.productId)).toEqual([b.id]);
    for (const id of [a.id, 99999]) {
      const again = await remove(token, id);
      expect(again.statusCode).toBe(200);
      expect(json(again, CartSchema)).toMatchObject({ count: 2 });
    }
    const emptied = await clear(token);
    expect(json(emptied, CartSchema)).toEqual({ items: [], count: 0, total: 0 });
    expect(json(await clear(token), CartSchema)).toEqual({ items: [], count: 0, total: 0 });
  });

  it("keeps each customer's cart their own", async () => {
    const one = await t.buildUser();
    const two = await t.buildUser();
    await set(one.token, product('Dog Food').id, 1);
    expect((await cartOf(two.token)).items).toEqual([]);
    await clear(two.token);
    expect((await cartOf(one.token)).count).toBe(1);
  });

  it('is for customers only: 401 without a token, 403 for employees and admins', async () => {
    const id = product('Dog Food').id;
    const calls = [
      { method: 'GET', url: '/api/cart' },
      { method: 'PUT', url: `/api/cart/items/${id}`, payload: { quantity: 1 } },
      { method: 'DELETE', url: `/api/cart/items/${id}` },
      { method: 'DELETE', url: '/api/cart' },
    ] as const;
    const employee = await t.buildUser({ role: 'employee' });
    for (const call of calls) {
      expectError(await t.app.inject(call), 401, 'UNAUTHENTICATED');
      for (const token of [employee.token, admin.token]) {
        expectError(await t.app.inject({ ...call, headers: t.auth(token) }), 403, 'FORBIDDEN');
      }
    }
  });

  it('follows the customer to a new login', async () => {
    const { user, password, token } = await t.buildUser();
    await set(token, product('Fish Tank').id, 1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    const second = json(login, AuthResponseSchema).token;
    expect((await cartOf(second)).items.map((l) => l.product.name)).toEqual(['Fish Tank']);
  });

  it("goes with the customer's account when it is deleted", async () => {
    const { user, token } = await t.buildUser();
    await set(token, product('Dog Food').id, 1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: t.auth(admin.token) });
    expect(res.statusCode).toBe(200);
    const left = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(left).toEqual([]);
  });
});

describe('cart_changed', () => {
  it("reaches every tab of the customer after each change, and no one else's", async () => {
    const customer = await t.buildUser();
    const [tab1, tab2] = await Promise.all([live.connect(customer.token), live.connect(customer.token)]);
    const other = await t.buildUser();
    const otherTab = await live.connect(other.token);
    const otherSaw = collect(otherTab, CART_CHANGED_EVENT);

    const id = product('Dog Food').id;
    const [seen1, seen2] = [nextEvent(tab1, CART_CHANGED_EVENT), nextEvent(tab2, CART_CHANGED_EVENT)];
    const answer = json(await put(customer.token, id, { quantity: 2 }), CartSchema);
    expect((await seen1).cart).toEqual(answer);
    expect((await seen2).cart).toEqual(answer);

    const removed = nextEvent(tab2, CART_CHANGED_EVENT);
    await remove(customer.token, id);
    expect((await removed).cart.items).toEqual([]);

    const added = nextEvent(tab1, CART_CHANGED_EVENT, (e) => e.cart.count === 1);
    await set(customer.token, id, 1);
    await added;
    const cleared = nextEvent(tab1, CART_CHANGED_EVENT);
    await clear(customer.token);
    expect((await cleared).cart.count).toBe(0);

    // The other customer's own change arrives after everything sent before it: nothing of the first customer's came.
    const own = nextEvent(otherTab, CART_CHANGED_EVENT);
    await set(other.token, id, 1);
    await own;
    expect(otherSaw.map((e) => e.cart.count)).toEqual([1]);
  });

  it('announceCart sends the cart as it is (after an order took lines out of it)', async () => {
    const customer = await t.buildUser();
    const tab = await live.connect(customer.token);
    const id = product('Cat Toy').id;
    await set(customer.token, id, 2);
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, customer.user.id));
    const heard = nextEvent(tab, CART_CHANGED_EVENT, (e) => e.cart.count === 0);
    await announceCart({ db: t.database.db, io: t.app.io }, customer.user.id);
    expect((await heard).cart).toEqual({ items: [], count: 0, total: 0 });
  });
});

describe('cart limit', () => {
  it("refuses a customer's changes past the limit with the wait in words, changing nothing; reads and other customers go on", async () => {
    const limited = await createTestApp({ CART_RATE_LIMIT: 4 });
    try {
      const [shopper, other] = [await limited.buildUser(), await limited.buildUser()];
      const change = (token: string, url: string, method: 'PUT' | 'DELETE', payload?: object) =>
        limited.app.inject({ method, url, headers: limited.auth(token), payload });
      const [food, toy] = [product('Dog Food').id, product('Cat Toy').id];
      for (const [url, method, payload] of [
        [`/api/cart/items/${food}`, 'PUT', { quantity: 1 }],
        [`/api/cart/items/${food}`, 'PUT', { quantity: 2 }],
        [`/api/cart/items/${toy}`, 'PUT', { quantity: 1 }],
        [`/api/cart/items/${toy}`, 'DELETE', undefined],
      ] as const)
        expect((await change(shopper.token, url, method, payload)).statusCode).toBe(200);

      const message = /^Too many changes to your cart at once\. Please try again in (\d+ seconds?|1 minute)\.$/;
      for (const refused of [
        await change(shopper.token, `/api/cart/items/${toy}`, 'PUT', { quantity: 3 }),
        await change(shopper.token, `/api/cart/items/${food}`, 'DELETE'),
        await change(shopper.token, '/api/cart', 'DELETE'),
      ]) {
        expectError(refused, 429, 'RATE_LIMITED', message);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Nothing the refused changes asked for happened, and reading the cart is never refused.
      const read = await limited.app.inject({ method: 'GET', url: '/api/cart', headers: limited.auth(shopper.token) });
      expect(json(read, CartSchema).items.map((l) => [l.productId, l.quantity])).toEqual([[food, 2]]);
      expect((await change(other.token, `/api/cart/items/${toy}`, 'PUT', { quantity: 1 })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
