/**
 * Catalogue rules that need no zod: stock states, sort orders, page size and the shopper's messages. The public
 * catalogue and product pages import them from here, so a visitor's browser does not load zod and the product
 * schemas; shared/catalogue.ts re-exports them beside the schemas.
 */

/** Catalogue filters (spec section 9). */
export const PRICE_FILTER_MIN = 100;

export const PRICE_FILTER_MAX = 5000;

export const RATING_FILTERS = [0, 4, 3, 2] as const;

export const CATEGORIES = ['Food', 'Toys', 'Accessories', 'Care'] as const;

export type Category = (typeof CATEGORIES)[number];

/** At or below this many units a product page says "Only N left". */
const LOW_STOCK = 5;
type StockState = 'in_stock' | 'low' | 'out';
export function stockState(p: { stock: number }): StockState {
  return p.stock <= 0 ? 'out' : p.stock <= LOW_STOCK ? 'low' : 'in_stock';
}
/** What a shopper reads about a product's stock. */
export function stockLabel(p: { stock: number }): string {
  const state = stockState(p);
  return state === 'out' ? 'Out of stock' : state === 'low' ? `Only ${p.stock} left` : 'In stock';
}

/**
 * The 409 (code OUT_OF_STOCK) of an order or cart line asking for more than is left: one sentence per product,
 * joined, and a detail per line (`items.{i}.quantity`).
 */
export function outOfStockMessage(name: string, left: number): string {
  return left <= 0 ? `${name} is out of stock` : `Only ${left} left of ${name}`;
}
export const UNAVAILABLE_PRODUCT = (name: string) => `${name} is no longer available`;

/** Catalogue orders: by price either way, best rated first, newest first. Absent: catalogue order (id). */
export const PRODUCT_SORTS = ['price', '-price', 'rating', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  rating: 'Best rated',
  newest: 'Newest',
};
/** Products per catalogue page in the web app. */
export const CATALOGUE_PAGE_SIZE = 12;
/** Products a rotating ad (the catalogue's offers, Medical Tips) turns through: it asks for no more. */
export const AD_PRODUCTS = 6;
