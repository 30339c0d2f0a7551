import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductSchema, type Product } from '#shared/catalogue';
import { seedProducts } from '../seed.ts';
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
  it('lists all 15 products to anyone, with numbers for money, a category, an image and stock for each', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.headers['x-total-count']).toBe('15');
    const products = json(res, ProductPageSchema);
    expect(products).toHaveLength(15);
    const bed = products.find((p) => p.name === 'Soft Pet Bed - Large')!;
    expect(bed).toMatchObject({
      price: 2500,
      rating: 3,
      discount: 25,
      category: 'Accessories',
      image: '/images/products/soft-pet-bed-large.svg',
      active: true,
    });
    expect(bed._id).toBe(bed.id);
    expect(Date.parse(bed.createdAt)).not.toBeNaN();
    expect(products.find((p) => p.name === 'Chew Toy - Rubber Bone')).toMatchObject({
      rating: 3.5,
      discount: 20,
      category: 'Toys',
    });
    for (const p of products) {
      expect(['Food', 'Toys', 'Accessories', 'Care']).toContain(p.category);
      expect(typeof p.price).toBe('number');
      expect(p.details.length).toBeGreaterThan(10);
      // Every seeded product starts well stocked, so a fresh shop sells each of them many times.
      expect(p.stock).toBeGreaterThanOrEqual(12);
      expect(p.stock).toBeLessThanOrEqual(60);
    }
    expect(new Set(products.map((p) => p.stock)).size).toBeGreaterThan(5);
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

  it('lists only products on offer with offers=true, as few as asked for (the rotating ads)', async () => {
    const bone = (await list()).find((p) => p.name === 'Chew Toy - Rubber Bone')!;
    await t.database.db.execute(sql`update products set discount = 0 where id = ${bone.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/products?offers=true&limit=6' });
      expect(res.statusCode).toBe(200);
      const offers = json(res, ProductPageSchema);
      // The first six in catalogue order, every one with a discount; 14 of the 15 are on offer.
      expect(offers).toHaveLength(6);
      expect(offers.every((p) => p.discount > 0)).toBe(true);
      expect(res.headers['x-total-count']).toBe('14');
      expect(offers.map((p) => p.id)).toEqual(
        (await list())
          .filter((p) => p.discount > 0)
          .slice(0, 6)
          .map((p) => p.id),
      );
      expect(await list('?offers=false')).toHaveLength(15);
      const bad = await t.app.inject({ method: 'GET', url: '/api/products?offers=yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('offers must be true or false');
    } finally {
      await t.database.db.execute(sql`update products set discount = ${bone.discount} where id = ${bone.id}`);
    }
  });
});

describe('GET /api/products sorted and paged', () => {
  const ids = (products: Product[]) => products.map((p) => p.id);

  it('sorts by price either way and by rating, equal values in catalogue order', async () => {
    const all = await list();
    const byId = [...all].sort((a, b) => a.id - b.id);
    const cheapest = await list('?sort=price');
    expect(ids(cheapest)).toEqual(ids([...byId].sort((a, b) => a.price - b.price)));
    expect(cheapest[0]).toMatchObject({ name: 'Pet Shampoo', price: 250 });
    const dearest = await list('?sort=-price');
    expect(ids(dearest)).toEqual(ids([...byId].sort((a, b) => b.price - a.price)));
    expect(dearest[0]).toMatchObject({ name: 'Soft Pet Bed - Large', price: 2500 });
    const best = await list('?sort=rating');
    expect(ids(best)).toEqual(ids([...byId].sort((a, b) => b.rating - a.rating)));
    expect(best[0]!.rating).toBe(5);
    expect(best.at(-1)!.rating).toBe(Math.min(...all.map((p) => p.rating)));
  });

  it('sorts newest first, the latest id first among products added at once', async () => {
    const newest = await list('?sort=newest');
    const expected = [...newest].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    expect(ids(newest)).toEqual(ids(expected));
  });

  it('pages any order with page and limit, X-Total-Count counting every match', async () => {
    const all = await list('?sort=-price');
    const seen: Product[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products?sort=-price&limit=4&page=${page}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('15');
      // Pages of a sorted list carry no cursor: the page number is how to go on.
      expect(res.headers['x-next-cursor']).toBeUndefined();
      seen.push(...json(res, ProductPageSchema));
    }
    expect(ids(seen)).toEqual(ids(all));
    const beyond = await t.app.inject({ method: 'GET', url: '/api/products?limit=4&page=5' });
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('15');
  });

  it('counts only what the filters match', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?category=Food&sort=price&limit=2' });
    expect(res.headers['x-total-count']).toBe('5');
    expect(json(res, ProductPageSchema).map((p) => p.name)).toEqual(['Dog Food', 'Organic Pet Treats']);
    const none = await t.app.inject({ method: 'GET', url: '/api/products?q=unicorn' });
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('lets a web app on another origin read X-Total-Count', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.headers['x-total-count']).toBe('15');
    const { httpCors } = await import('../lib/cors.ts');
    expect(httpCors('https://shop.example').exposedHeaders).toContain('x-total-count');
  });

  it('answers 400 for a cursor with a sort, a cursor with a page, and bad sorts or pages', async () => {
    for (const [query, message] of [
      ['?sort=price&cursor=3', 'cursor pages the catalogue order only: use page to page a sorted list'],
      ['?page=2&cursor=3', 'Use either page or cursor, not both'],
      ['?sort=cheapest', 'sort must be one of: price, -price, rating, newest'],
      ['?page=0', 'page must be a page number'],
      ['?page=1.5', 'page must be a page number'],
      ['?page=two', 'page must be a page number'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: message });
    }
  });

  it('treats empty sort and page as absent, as a shared link may carry them', async () => {
    expect(ids(await list('?sort=&page='))).toEqual(ids(await list()));
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
