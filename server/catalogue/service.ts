import { and, asc, eq, gt, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Product, ProductQuery } from '#shared/catalogue';
import type { Category } from '#shared/constants';
import { present } from '../db/rows.ts';
import { products } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';

type ProductRow = typeof products.$inferSelect;

/** The public shape of a product: numbers for the DB's numeric strings, `_id` beside `id`. */
function toProductDto(r: ProductRow): Product {
  return {
    ...present(r, ['name', 'discount', 'image', 'details']),
    price: Number(r.price),
    rating: Number(r.rating),
    category: r.category as Category,
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Products matching the filters, in catalogue order; fetches `limit + 1` so the caller can tell if more exist. */
export async function listProducts({ db }: Pick<Deps, 'db'>, query: ProductQuery): Promise<Product[]> {
  const conds: SQL[] = [];
  if (query.category) conds.push(eq(products.category, query.category));
  if (query.maxPrice !== undefined) conds.push(lte(products.price, query.maxPrice.toFixed(2)));
  if (query.minRating !== undefined) conds.push(gte(products.rating, query.minRating.toFixed(1)));
  if (query.q) {
    const pattern = likePattern(query.q);
    conds.push(or(ilike(products.name, pattern), ilike(products.details, pattern))!);
  }
  if (query.cursor !== undefined) conds.push(gt(products.id, query.cursor));
  const rows = await db
    .select()
    .from(products)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(products.id))
    .limit(query.limit + 1);
  return rows.map(toProductDto);
}

/** One product by its numeric id, or undefined. */
export async function getProduct({ db }: Pick<Deps, 'db'>, id: number): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ? toProductDto(row) : undefined;
}

/** The products of the given ids (unknown ids are simply missing from the answer). */
export async function productsByIds({ db }: Pick<Deps, 'db'>, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return rows.map(toProductDto);
}
