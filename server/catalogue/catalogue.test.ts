import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductSchema, type Product } from '#shared/catalogue';
import { seedProducts } from '../db/seed.ts';
import { createTestApp, nextCursor, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ProductPageSchema = z.array(ProductSchema);

async function list(query = ''): Promise<Product[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(res.statusCode).toBe(200);
  return json(res, ProductPageSchema);
}

describe('GET /api/products', () => {
  it('lists all 15 products to anyone, with numbers for money and a category and image for each', async () => {
    const products = await list();
    expect(products).toHaveLength(15);
    const bed = products.find((p) => p.name === 'Soft Pet Bed - Large')!;
    expect(bed).toMatchObject({
      price: 2500,
      rating: 3,
      discount: 25,
      category: 'Accessories',
      image: '/images/products/soft-pet-bed-large.svg',
    });
    expect(bed._id).toBe(bed.id);
    expect(products.find((p) => p.name === 'Chew Toy - Rubber Bone')).toMatchObject({
      rating: 3.5,
      discount: 20,
      category: 'Toys',
    });
    for (const p of products) {
      expect(['Food', 'Toys', 'Accessories', 'Care']).toContain(p.category);
      expect(typeof p.price).toBe('number');
      expect(p.details.length).toBeGreaterThan(10);
    }
  });

  it('seeding again adds nothing', async () => {
    expect(await seedProducts(t.database.db)).toBe(0);
    expect(await list()).toHaveLength(15);
  });

  it('filters by category', async () => {
    const food = await list('?category=Food');
    expect(food.map((p) => p.name).sort()).toEqual([
      'Dog Food',
      'Organic Pet Treats',
      'Pedigree Puppy Food',
      'Royal Canin Dog Food',
      'Whiskas Cat Food',
    ]);
    const care = await list('?category=Care');
    expect(care.map((p) => p.name).sort()).toEqual(['Pet Shampoo', 'Pet Shampoo - Anti Flea']);
  });

  it('filters by maximum price (inclusive) and minimum rating (inclusive)', async () => {
    const cheap = await list('?maxPrice=500');
    expect(cheap.map((p) => p.name).sort()).toEqual([
      'Cat Toy',
      'Chew Toy - Rubber Bone',
      'Dog Food',
      'Pet Shampoo',
      'Pet Shampoo - Anti Flea',
    ]);
    const great = await list('?minRating=4.5');
    expect(great.map((p) => p.name).sort()).toEqual([
      'Cat Scratching Post',
      'Dog Food',
      'Fish Tank',
      'Pet Water Dispenser',
      'Whiskas Cat Food',
    ]);
    const combined = await list('?category=Accessories&maxPrice=1500&minRating=4');
    expect(combined.map((p) => p.name).sort()).toEqual(['Bird Cage', 'Cat Scratching Post', 'Pet Water Dispenser']);
  });

  it('searches name and details case-insensitively, treating wildcards as text', async () => {
    expect((await list('?q=SHAMPOO')).map((p) => p.name).sort()).toEqual(['Pet Shampoo', 'Pet Shampoo - Anti Flea']);
    expect((await list('?q=puppies')).map((p) => p.name)).toEqual(['Pedigree Puppy Food']);
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?q=_')).toEqual([]);
  });

  it('treats empty filter values as no filter, as a shared link may carry them', async () => {
    expect(await list('?category=&q=&maxPrice=&minRating=')).toHaveLength(15);
  });

  it('answers 400 with a clear message for bad filters', async () => {
    for (const [query, message] of [
      ['?category=Cars', 'Category must be one of: Food, Toys, Accessories, Care'],
      ['?maxPrice=cheap', 'maxPrice must be a number'],
      ['?minRating=9', 'minRating must be between 0 and 5'],
      [`?q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: message });
    }
  });

  it('pages with limit and the X-Next-Cursor header', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/products?limit=10' });
    expect(first.json()).toHaveLength(10);
    const cursor = nextCursor(first);
    expect(cursor).toMatch(/^[\w-]+$/);
    const second = await t.app.inject({ method: 'GET', url: `/api/products?limit=10&cursor=${cursor}` });
    expect(second.json()).toHaveLength(5);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const names = [...json(first, ProductPageSchema), ...json(second, ProductPageSchema)].map((p) => p.name);
    expect(new Set(names).size).toBe(15);
  });
});

describe('GET /api/products/{id}', () => {
  it('returns one product', async () => {
    const [first] = await list('?q=Whiskas');
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${first!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Whiskas Cat Food',
      price: 800,
      discount: 15,
      rating: 5,
      category: 'Food',
    });
  });

  it('answers 404 for unknown and non-numeric ids', async () => {
    for (const id of ['99999', 'abc', '1.5', '-1', '12345678901234']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Product not found' });
    }
  });
});
