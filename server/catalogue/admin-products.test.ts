import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_MSG,
  ProductSchema,
  type Product,
  type ProductInputValues,
} from '#shared/catalogue';
import { products } from '../db/schema/index.ts';
import { seedProducts } from '../seed.ts';
import { createTestApp, expectError, FILES, multipart, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

type Person = Awaited<ReturnType<TestContext['buildUser']>>;
let t: TestContext;
let admin: Person;
let employee: Person;
let customer: Person;

beforeAll(async () => {
  t = await createTestApp();
  [admin, employee, customer] = await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'employee' }),
    t.buildUser({ role: 'user' }),
  ]);
});
afterAll(() => t.close());

const ProductListSchema = z.array(ProductSchema);

const kibble = (over: Partial<ProductInputValues> = {}): ProductInputValues => ({
  name: `Salmon Kibble ${Math.random().toString(36).slice(2, 8)}`,
  price: 649.5,
  discount: 10,
  category: 'Food',
  details: 'Grain-free salmon kibble for adult cats.\nResealable 2 kg bag.',
  stock: 24,
  ...over,
});

const create = (body: unknown, token = admin.token) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth(token), payload: body as object });
const update = (id: number | string, body: unknown, token = admin.token) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: t.auth(token), payload: body as object });

async function created(over: Partial<ProductInputValues> = {}): Promise<Product> {
  const res = await create(kibble(over));
  expect(res.statusCode, res.body).toBe(201);
  return json(res, ProductSchema);
}

async function publicList(query = ''): Promise<{ products: Product[]; total: string | undefined }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(res.statusCode).toBe(200);
  return { products: json(res, ProductListSchema), total: res.headers['x-total-count'] as string | undefined };
}

async function adminList(query = '', token = admin.token) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/products${query}`, headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return { products: json(res, ProductListSchema), total: res.headers['x-total-count'] as string | undefined };
}

describe('POST /api/products', () => {
  it('adds an active product with the placeholder picture, shown first among the newest in the catalogue', async () => {
    const body = kibble();
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const product = json(res, ProductSchema);
    expect(product).toMatchObject({
      name: body.name,
      price: 649.5,
      discount: 10,
      category: 'Food',
      details: body.details,
      stock: 24,
      active: true,
      rating: 0,
      image: '/images/products/placeholder.svg',
    });
    expect(product._id).toBe(product.id);
    const newest = await publicList('?sort=newest&limit=1');
    expect(newest.products[0]!.id).toBe(product.id);
    const again = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(json(again, ProductSchema)).toEqual(product);
  });

  it('takes the discount as 0 when none is sent, and trims the name', async () => {
    const { discount: _omitted, ...rest } = kibble();
    const res = await create({ ...rest, name: `  ${rest.name}  ` });
    expect(res.statusCode).toBe(201);
    expect(json(res, ProductSchema)).toMatchObject({ discount: 0, name: rest.name });
  });

  it('refuses a name another product has, whatever its case, with 409', async () => {
    expectError(await create(kibble({ name: 'Dog Food' })), 409, 'CONFLICT', PRODUCT_MSG.nameTaken);
    expectError(await create(kibble({ name: 'dog FOOD' })), 409, 'CONFLICT', PRODUCT_MSG.nameTaken);
  });

  it('two admins adding the same name at once get one product and one 409', async () => {
    const body = kibble();
    const answers = await Promise.all([create(body), create(body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const { products: found } = await adminList(`?q=${encodeURIComponent(body.name)}`);
    expect(found).toHaveLength(1);
  });

  it('answers 400 with the form texts for each bad field', async () => {
    const { name: _n, ...noName } = kibble();
    const cases: [unknown, string][] = [
      [noName, PRODUCT_MSG.nameRequired],
      [kibble({ name: '   ' }), PRODUCT_MSG.nameRequired],
      [kibble({ name: 'x'.repeat(81) }), 'Product name must be at most 80 characters'],
      [
        kibble({ name: 'Bad\u0000name' }),
        'Product name contains a character that is not allowed (a control character or invalid Unicode)',
      ],
      [kibble({ price: 0 }), PRODUCT_MSG.priceInvalid],
      [kibble({ price: 10.005 }), PRODUCT_MSG.priceInvalid],
      [kibble({ price: 1_000_001 }), PRODUCT_MSG.priceInvalid],
      [{ ...kibble(), price: '500' }, PRODUCT_MSG.priceInvalid],
      [kibble({ discount: 101 }), PRODUCT_MSG.discountInvalid],
      [kibble({ discount: 2.5 }), PRODUCT_MSG.discountInvalid],
      [kibble({ stock: -1 }), PRODUCT_MSG.stockInvalid],
      [kibble({ stock: 1.5 }), PRODUCT_MSG.stockInvalid],
      [{ ...kibble(), stock: undefined }, PRODUCT_MSG.stockInvalid],
      [kibble({ details: '' }), PRODUCT_MSG.detailsRequired],
      [kibble({ details: 'x'.repeat(2001) }), 'Description must be at most 2000 characters'],
      [{ ...kibble(), category: 'Cars' }, 'Category must be one of: Food, Toys, Accessories, Care'],
    ];
    for (const [body, message] of cases) expectError(await create(body), 400, 'VALIDATION', message);
  });

  it('is for admins only: 401 without a token, 403 for employees and customers', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/products', payload: kibble() });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    expectError(await create(kibble(), employee.token), 403, 'FORBIDDEN');
    expectError(await create(kibble(), customer.token), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/products/{id}', () => {
  it('changes only the fields sent, and the change time', async () => {
    const product = await created();
    const before = await t.database.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, product.id));
    const res = await update(product.id, { price: 599, stock: 7, details: 'Now in a 3 kg bag.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, ProductSchema)).toEqual({ ...product, price: 599, stock: 7, details: 'Now in a 3 kg bag.' });
    const after = await t.database.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, product.id));
    expect(after[0]!.updatedAt.getTime()).toBeGreaterThan(before[0]!.updatedAt.getTime());
  });

  it('renames, keeping its own name free to send again, and refuses a name taken by another product', async () => {
    const product = await created();
    const name = `${product.name} Large`;
    expect(json(await update(product.id, { name }), ProductSchema).name).toBe(name);
    expect((await update(product.id, { name })).statusCode).toBe(200);
    expect((await update(product.id, { name: name.toUpperCase() })).statusCode).toBe(200);
    expectError(await update(product.id, { name: 'Cat Toy' }), 409, 'CONFLICT', PRODUCT_MSG.nameTaken);
    expectError(await update(product.id, { name: 'cat toy' }), 409, 'CONFLICT', PRODUCT_MSG.nameTaken);
  });

  it('deactivates a product: gone from the catalogue and its count, still readable by id and by admins', async () => {
    const product = await created();
    const { total: before } = await publicList();
    const res = await update(product.id, { active: false });
    expect(json(res, ProductSchema)).toMatchObject({ id: product.id, active: false });

    const after = await publicList();
    expect(after.products.map((p) => p.id)).not.toContain(product.id);
    expect(Number(after.total)).toBe(Number(before) - 1);
    expect((await publicList(`?q=${encodeURIComponent(product.name)}`)).products).toEqual([]);

    const one = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(json(one, ProductSchema)).toMatchObject({ id: product.id, active: false });

    const inactive = await adminList('?status=inactive');
    expect(inactive.products.map((p) => p.id)).toContain(product.id);
    expect(inactive.products.every((p) => !p.active)).toBe(true);
    expect(inactive.total).toBe(String(inactive.products.length));

    expect(json(await update(product.id, { active: true }), ProductSchema).active).toBe(true);
    expect((await publicList()).products.map((p) => p.id)).toContain(product.id);
  });

  it('answers 404 for unknown and non-numeric ids, 400 for bad fields', async () => {
    for (const id of ['99999', 'abc', '1.5', '-1']) {
      expectError(await update(id, { price: 10 }), 404, 'NOT_FOUND', 'Product not found');
    }
    const product = await created();
    expectError(await update(product.id, { price: -5 }), 400, 'VALIDATION', PRODUCT_MSG.priceInvalid);
    expectError(await update(product.id, { active: 'no' }), 400, 'VALIDATION');
    expectError(await update(product.id, { stock: 100_001 }), 400, 'VALIDATION', PRODUCT_MSG.stockInvalid);
  });

  it('is for admins only', async () => {
    const product = await created();
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload: { stock: 1 } });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    expectError(await update(product.id, { stock: 1 }, employee.token), 403, 'FORBIDDEN');
    expectError(await update(product.id, { stock: 1 }, customer.token), 403, 'FORBIDDEN');
  });

  it('a renamed seeded product does not come back under its old name when the shop starts again', async () => {
    const [toy] = (await publicList('?q=Cat%20Toy')).products;
    await update(toy!.id, { name: 'Feather Wand Cat Toy' });
    expect(await seedProducts(t.database.db)).toBe(0);
    const all = await adminList('?limit=200');
    expect(all.products.filter((p) => p.name === 'Cat Toy')).toEqual([]);
  });
});

describe('GET /api/admin/products', () => {
  it('lists active and deactivated products with the catalogue filters, sorts and pages', async () => {
    const off = await created({ category: 'Care', price: 2, stock: 0 });
    await update(off.id, { active: false });
    const all = await adminList('?category=Care&sort=price&limit=200');
    expect(all.products[0]).toMatchObject({ id: off.id, active: false });
    expect(all.total).toBe(String(all.products.length));
    const active = await adminList('?category=Care&status=active&limit=200');
    expect(active.products.every((p) => p.active)).toBe(true);
    expect(Number(active.total)).toBe(all.products.length - all.products.filter((p) => !p.active).length);
    const page2 = await adminList('?category=Care&sort=price&limit=1&page=2');
    expect(page2.products.map((p) => p.id)).toEqual([all.products[1]!.id]);
  });

  it('answers 400 for a bad status and a cursor with a sort', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products?status=gone',
      headers: t.auth(admin.token),
    });
    expectError(bad, 400, 'VALIDATION', 'status must be one of: active, inactive, all');
    const mixed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products?sort=newest&cursor=4',
      headers: t.auth(admin.token),
    });
    expectError(mixed, 400, 'VALIDATION');
  });

  it('is for admins only', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/products' }), 401, 'UNAUTHENTICATED');
    for (const token of [employee.token, customer.token]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: t.auth(token) });
      expectError(res, 403, 'FORBIDDEN');
    }
  });
});

describe('product pictures', () => {
  const upload = async (
    id: number | string,
    file?: { data: Buffer; filename: string; type?: string },
    token = admin.token,
  ) => {
    const form = await multipart(file ? { image: file } : { note: 'no file here' });
    return t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}/image`,
      headers: { ...t.auth(token), ...form.headers },
      payload: form.payload,
    });
  };
  const picture = (url: string) => t.app.inject({ method: 'GET', url });

  it('stores a PNG checked by its bytes, serves it to anyone with its type, and a new upload changes the URL', async () => {
    const product = await created();
    const res = await upload(product.id, { data: FILES.png, filename: 'kibble.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const withPng = json(res, ProductSchema);
    expect(withPng.image).toMatch(new RegExp(`^/api/products/${product.id}/image\\?v=\\d+$`));

    const served = await picture(withPng.image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(FILES.png)).toBe(true);

    // Named .png but a JPEG: its bytes decide.
    const again = await upload(product.id, { data: FILES.jpeg, filename: 'kibble.png', type: 'image/png' });
    const withJpeg = json(again, ProductSchema);
    expect(withJpeg.image).not.toBe(withPng.image);
    const servedJpeg = await picture(withJpeg.image);
    expect(servedJpeg.headers['content-type']).toBe('image/jpeg');
    expect(servedJpeg.rawPayload.equals(FILES.jpeg)).toBe(true);
    // The old URL answers the current picture without letting caches keep it for ever.
    const old = await picture(withPng.image);
    expect(old.headers['content-type']).toBe('image/jpeg');
    expect(old.headers['cache-control']).not.toContain('immutable');

    const listed = await publicList(`?q=${encodeURIComponent(product.name)}`);
    expect(listed.products[0]!.image).toBe(withJpeg.image);
  });

  it('refuses text named .png (415), a picture over the limit (413) and a form without the file (400)', async () => {
    const product = await created();
    const fake = await upload(product.id, { data: FILES.text, filename: 'kibble.png', type: 'image/png' });
    expectError(fake, 415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MSG.imageType);
    const gif = await upload(product.id, { data: FILES.gif, filename: 'kibble.gif', type: 'image/gif' });
    expectError(gif, 415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MSG.imageType);
    const big = Buffer.concat([FILES.png, Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(product.id, { data: big, filename: 'kibble.png', type: 'image/png' });
    expectError(tooLarge, 413, 'PAYLOAD_TOO_LARGE', PRODUCT_MSG.imageTooLarge);
    expectError(await upload(product.id), 400, 'VALIDATION', PRODUCT_MSG.imageRequired);
    const notAForm = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/image`,
      headers: t.auth(admin.token),
      payload: { image: 'x' },
    });
    expectError(notAForm, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Nothing was stored: the product keeps its placeholder and has no uploaded picture.
    const after = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(after.json()).toMatchObject({ image: '/images/products/placeholder.svg' });
    expectError(await picture(`/api/products/${product.id}/image`), 404, 'NOT_FOUND', 'Product image not found');
  });

  it('answers 404 for an unknown product and for a product without an uploaded picture', async () => {
    const png = { data: FILES.png, filename: 'x.png', type: 'image/png' };
    expectError(await upload(99999, png), 404, 'NOT_FOUND', 'Product not found');
    expectError(await upload('abc', png), 404, 'NOT_FOUND', 'Product not found');
    const [dogFood] = (await publicList('?q=Dog%20Food&category=Food')).products;
    expect(dogFood!.image).toBe('/images/products/dog-food.svg');
    expectError(await picture(`/api/products/${dogFood!.id}/image`), 404, 'NOT_FOUND');
    expectError(await picture('/api/products/abc/image'), 404, 'NOT_FOUND');
  });

  it('is for admins only to upload', async () => {
    const product = await created();
    const png = { data: FILES.png, filename: 'x.png', type: 'image/png' };
    const form = await multipart({ image: png });
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/image`,
      headers: form.headers,
      payload: form.payload,
    });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    expectError(await upload(product.id, png, employee.token), 403, 'FORBIDDEN');
    expectError(await upload(product.id, png, customer.token), 403, 'FORBIDDEN');
  });
});
