import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditKind } from '#shared/audit';
import type { Product, ProductInput, ProductQuery, ProductSort, ProductUpdate } from '#shared/catalogue';
import { PRODUCT_MSG } from '#shared/catalogue';
import type { Category } from '#shared/catalogue-rules';
import { formatRupees } from '#shared/money';
import { CATEGORY_TAX } from '#shared/gst';
import { changedFields, recordAudit } from '../audit/record.ts';
import { isUniqueViolation } from '../db/client.ts';
import { present } from '../db/rows.ts';
import { productImages, products } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { StoredFile } from '../lib/uploads.ts';
import type { AuthUser } from '../lib/caller.ts';
import { PRODUCT_PLACEHOLDER_IMAGE } from './products-data.ts';

type ProductRow = typeof products.$inferSelect;

/** The public shape of a product: numbers for the DB's numeric strings, `_id` beside `id`. */
export function toProductDto(r: ProductRow): Product {
  return {
    ...present(r, ['name', 'discount', 'image', 'details', 'stock', 'active', 'hsnSac', 'gstRate', 'createdAt']),
    price: Number(r.price),
    rating: Number(r.rating),
    category: r.category as Category,
  };
}

/** A product id in a path: digits only; anything else is a 404 before the database sees it. */
export function parseProductId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw errors.notFound('Product');
  return Number(raw);
}

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Which products a list holds by their state: the public catalogue shows active ones only. */
type ProductStatus = 'active' | 'inactive' | 'all';

/** A list query of the catalogue or of the admins' product list. */
export type ProductListQuery = ProductQuery & { status: ProductStatus };

/** Each order ends on the id, so equal prices or ratings keep one order from page to page. */
const ORDERS: Record<ProductSort | 'catalogue', SQL[]> = {
  catalogue: [asc(products.id)],
  price: [asc(products.price), asc(products.id)],
  '-price': [desc(products.price), asc(products.id)],
  rating: [desc(products.rating), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
};

/** The conditions of the filters (not the cursor): what X-Total-Count counts. */
function filtersOf(query: ProductListQuery): SQL[] {
  const conds: SQL[] = [];
  if (query.status !== 'all') conds.push(eq(products.active, query.status === 'active'));
  if (query.category) conds.push(eq(products.category, query.category));
  if (query.offers) conds.push(gt(products.discount, 0));
  if (query.maxPrice !== undefined) conds.push(lte(products.price, query.maxPrice.toFixed(2)));
  if (query.minRating !== undefined) conds.push(gte(products.rating, query.minRating.toFixed(1)));
  if (query.q) {
    const pattern = likePattern(query.q);
    conds.push(or(ilike(products.name, pattern), ilike(products.details, pattern))!);
  }
  return conds;
}

/** One page of a product list and how many products match the filters in all. */
export interface ProductPage {
  /** At most `limit + 1` products: one more than the page when more follow. */
  products: Product[];
  total: number;
}

/**
 * Products matching the filters in the asked order, a page of `limit` by `page` (offset) or by `cursor` (the last id
 * of the previous page, catalogue order only), fetching one more so the caller can tell if more exist.
 */
export async function listProducts({ db }: Pick<Deps, 'db'>, query: ProductListQuery): Promise<ProductPage> {
  if (query.cursor !== undefined && query.sort !== undefined) {
    const message = 'cursor pages the catalogue order only: use page to page a sorted list';
    throw errors.validation(message, [{ path: 'cursor', message }]);
  }
  if (query.cursor !== undefined && query.page !== undefined) {
    const message = 'Use either page or cursor, not both';
    throw errors.validation(message, [{ path: 'cursor', message }]);
  }
  const filters = filtersOf(query);
  const where = [...filters];
  if (query.cursor !== undefined) where.push(gt(products.id, query.cursor));
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...ORDERS[query.sort ?? 'catalogue'])
      .limit(query.limit + 1)
      .offset(((query.page ?? 1) - 1) * query.limit),
    db
      .select({ n: count() })
      .from(products)
      .where(filters.length ? and(...filters) : undefined),
  ]);
  return { products: rows.map(toProductDto), total: n };
}

/** One product by its numeric id (deactivated ones too), or undefined. */
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

/**
 * 409 when another product already carries the name, whatever its case ("dog food" beside "Dog Food" would be the
 * same product to a shopper). The unique index stands behind this for requests that race.
 */
async function assertNameFree({ db }: Pick<Deps, 'db'>, name: string, exceptId?: number): Promise<void> {
  const same = eq(sql`lower(${products.name})`, name.toLowerCase());
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(exceptId === undefined ? same : and(same, ne(products.id, exceptId)))
    .limit(1);
  if (row) throw nameTaken();
}

const nameTaken = () => errors.conflict(PRODUCT_MSG.nameTaken);

/** Runs a write that may hit the unique product name, turning that into the 409 a person reads. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'products_name_uq')) throw nameTaken();
    throw err;
  }
}

/** Adds a product (admin), active, with no rating yet and the placeholder picture until one is uploaded. */
export async function createProduct(
  deps: Pick<Deps, 'db'>,
  actor: AuthUser,
  input: ProductInput,
): Promise<{ product: Product; audit: AuditEntry }> {
  await assertNameFree(deps, input.name);
  return withUniqueName(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          name: input.name,
          price: input.price.toFixed(2),
          rating: '0.0',
          category: input.category,
          discount: input.discount,
          image: PRODUCT_PLACEHOLDER_IMAGE,
          details: input.details,
          stock: input.stock,
          hsnSac: input.hsnSac ?? CATEGORY_TAX[input.category].hsnSac,
          gstRate: input.gstRate ?? CATEGORY_TAX[input.category].gstRate,
        })
        .returning();
      const product = toProductDto(row!);
      const audit = await recordAudit(tx, actor, {
        kind: 'product.created',
        subjectType: 'product',
        subjectId: String(product.id),
        summary: `Added the product ${product.name} (${formatRupees(product.price)}, ${product.stock} in stock)`,
        before: null,
        after: {
          name: product.name,
          price: product.price,
          discount: product.discount,
          category: product.category,
          stock: product.stock,
          hsnSac: product.hsnSac,
          gstRate: product.gstRate,
        },
      });
      return { product, audit };
    }),
  );
}

/** How the audit log names a product's fields. */
const PRODUCT_FIELD_WORDS: Record<keyof ProductUpdate, string> = {
  name: 'name',
  price: 'price',
  discount: 'discount',
  category: 'category',
  details: 'description',
  stock: 'stock',
  active: 'active',
  hsnSac: 'HSN',
  gstRate: 'GST rate',
};

/** One changed field of a product as the log's summary says it: 'stock 12 → 3' (the description by name only). */
function productChangeWords(
  field: keyof ProductUpdate,
  before: ProductUpdate[keyof ProductUpdate],
  after: ProductUpdate[keyof ProductUpdate],
): string {
  if (field === 'details') return 'description';
  const shown = (v: ProductUpdate[keyof ProductUpdate]) =>
    field === 'price'
      ? formatRupees(Number(v))
      : field === 'discount' || field === 'gstRate'
        ? `${String(v)}%`
        : String(v);
  return `${PRODUCT_FIELD_WORDS[field]} ${shown(before)} → ${shown(after)}`;
}

/**
 * Changes the fields sent of a product (admin); `active` deactivates it or brings it back. 404 when unknown. The
 * product's row is locked while the fields that really change are compared and written, with their audit entry in
 * the same transaction (none when nothing changed).
 */
export async function updateProduct(
  deps: Pick<Deps, 'db'>,
  actor: AuthUser,
  id: number,
  patch: ProductUpdate,
): Promise<{ product: Product; audit?: AuditEntry }> {
  if (patch.name !== undefined) await assertNameFree(deps, patch.name, id);
  const set: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.price !== undefined) set.price = patch.price.toFixed(2);
  if (patch.discount !== undefined) set.discount = patch.discount;
  if (patch.category !== undefined) set.category = patch.category;
  if (patch.details !== undefined) set.details = patch.details;
  if (patch.stock !== undefined) set.stock = patch.stock;
  if (patch.active !== undefined) set.active = patch.active;
  if (patch.hsnSac !== undefined) set.hsnSac = patch.hsnSac;
  if (patch.gstRate !== undefined) set.gstRate = patch.gstRate;
  return withUniqueName(() =>
    deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
      if (!current) throw errors.notFound('Product');
      const [row] = await tx.update(products).set(set).where(eq(products.id, id)).returning();
      const product = toProductDto(row!);
      const was = toProductDto(current);
      const change = changedFields<ProductUpdate>(
        {
          name: was.name,
          price: was.price,
          discount: was.discount,
          category: was.category,
          details: was.details,
          stock: was.stock,
          active: was.active,
          hsnSac: was.hsnSac,
          gstRate: was.gstRate as ProductUpdate['gstRate'],
        },
        patch,
      );
      if (!change) return { product };
      const fields = (Object.keys(change.after) as (keyof ProductUpdate)[]).filter((f) => f !== 'active');
      const words = fields.map((f) => productChangeWords(f, change.before[f], change.after[f])).join(', ');
      const kind: AuditKind =
        change.after.active === false
          ? 'product.deactivated'
          : change.after.active === true
            ? 'product.reactivated'
            : 'product.updated';
      const summary =
        kind === 'product.updated'
          ? `Changed the product ${was.name}: ${words}`
          : `${kind === 'product.deactivated' ? 'Deactivated' : 'Reactivated'} the product ${was.name}` +
            (words ? `, and changed ${words}` : '');
      const audit = await recordAudit(tx, actor, {
        kind,
        subjectType: 'product',
        subjectId: String(id),
        summary,
        before: change.before,
        after: change.after,
      });
      return { product, audit };
    }),
  );
}

/** The `?v=` of an uploaded picture's URL: its upload time in ms. */
function versionOf(image: string): number {
  const m = /[?&]v=(\d+)$/.exec(image);
  return m ? Number(m[1]) : 0;
}

/**
 * Stores a product's picture (already checked by its bytes) and points the product's image at it, with its audit
 * entry in the same transaction. The URL carries
 * the upload time, so caches may keep each version for ever; a second upload within the same millisecond still
 * gets a new URL.
 */
export async function setProductImage(
  deps: Pick<Deps, 'db'>,
  actor: AuthUser,
  id: number,
  file: StoredFile,
): Promise<{ product: Product; audit: AuditEntry }> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ image: products.image, name: products.name })
      .from(products)
      .where(eq(products.id, id))
      .for('no key update');
    if (!current) throw errors.notFound('Product');
    const version = Math.max(Date.now(), versionOf(current.image) + 1);
    const at = new Date(version);
    await tx
      .insert(productImages)
      .values({ productId: id, data: file.data, mime: file.mime, size: file.size, updatedAt: at })
      .onConflictDoUpdate({
        target: productImages.productId,
        set: { data: file.data, mime: file.mime, size: file.size, updatedAt: at },
      });
    const [row] = await tx
      .update(products)
      .set({ image: `/api/products/${id}/image?v=${version}`, updatedAt: at })
      .where(eq(products.id, id))
      .returning();
    const audit = await recordAudit(tx, actor, {
      kind: 'product.image_changed',
      subjectType: 'product',
      subjectId: String(id),
      summary: `Changed the picture of the product ${current.name}`,
      before: { image: current.image },
      after: { image: row!.image },
    });
    return { product: toProductDto(row!), audit };
  });
}

/**
 * The uploaded picture of a product and its version (the `?v=` of its URL), or 404 when it has none (seeded
 * products use files of the web app).
 */
export async function getProductImage({ db }: Pick<Deps, 'db'>, id: number): Promise<StoredFile & { version: number }> {
  const [image] = await db
    .select({
      data: productImages.data,
      mime: productImages.mime,
      size: productImages.size,
      updatedAt: productImages.updatedAt,
    })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .limit(1);
  if (!image) throw errors.notFound('Product image');
  const { updatedAt, ...file } = image;
  return { ...file, version: updatedAt.getTime() };
}
