import type { Cart, CartLine } from '#shared/cart';
import { outOfStockMessage, UNAVAILABLE_PRODUCT } from '#shared/catalogue';
import { fromPaise, toPaise } from '#shared/money';
import { ORDER_QTY_MAX } from '#shared/orders';
import { ApiError } from '../../../lib/api-client.ts';

/** Why checkout would refuse a line as it is (a deactivated product, fewer units in stock than asked), or null. */
export function lineProblem(line: CartLine): string | null {
  if (line.available) return null;
  if (!line.product.active) return UNAVAILABLE_PRODUCT(line.product.name);
  return outOfStockMessage(line.product.name, line.product.stock);
}

/**
 * The most a line's stepper may ask for: the order limit, the clinic's cap on units of a product per order (its
 * settings, once known), or the units in stock when fewer (never below 1).
 */
export function lineMax(line: CartLine, unitsPerOrder: number = ORDER_QTY_MAX): number {
  return Math.max(1, Math.min(ORDER_QTY_MAX, unitsPerOrder, line.product.stock));
}

/** A line the server refused when the order was placed, with the quantity it refused and its message. */
export interface RefusedLine {
  quantity: number;
  message: string;
}

/**
 * The lines a refused order names: a 409 (out of stock, or a product no longer sold) carries details whose paths are
 * `items.{i}.…`, `i` being the line's place in the posted items. Returns them by product id.
 */
export function refusedLines(
  err: unknown,
  posted: readonly { productId: number; quantity: number }[],
): Map<number, RefusedLine> {
  const out = new Map<number, RefusedLine>();
  if (!(err instanceof ApiError) || err.status !== 409) return out;
  for (const d of err.details ?? []) {
    const m = /^items\.(\d+)(?:\.|$)/.exec(d.path);
    const item = m ? posted[Number(m[1])] : undefined;
    if (item) out.set(item.productId, { quantity: item.quantity, message: d.message });
  }
  return out;
}

/** The cart once the given products have left it (an order took them), counted and totalled as the server does. */
export function withoutLines(cart: Cart, productIds: ReadonlySet<number>): Cart {
  const items = cart.items.filter((l) => !productIds.has(l.productId));
  return {
    items,
    count: items.reduce((n, l) => n + l.quantity, 0),
    total: fromPaise(items.reduce((sum, l) => sum + toPaise(l.lineTotal), 0)),
  };
}
