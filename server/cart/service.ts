import { and, asc, count, eq, sql } from 'drizzle-orm';
import { CART_CHANGED_EVENT, CART_LINES_MAX, type Cart, type CartChangedEvent } from '#shared/cart';
import { outOfStockMessage, UNAVAILABLE_PRODUCT } from '#shared/catalogue';
import { fromPaise, lineTotalPaise, toPaise } from '#shared/money';
import { toProductDto } from '../catalogue/service.ts';
import { rowsOf } from '../db/client.ts';
import { cartItems, products } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { userRoom } from '../lib/realtime.ts';

/** The refusal of a line beyond the cart's limit of different products. */
export const CART_FULL_MESSAGE = `Your cart can hold at most ${CART_LINES_MAX} different products`;

/** A customer's cart, oldest line first, each line priced from the catalogue as it is now. */
export async function cartOf({ db }: Pick<Deps, 'db'>, userId: string): Promise<Cart> {
  const rows = await db
    .select({ line: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
  let count = 0;
  let totalPaise = 0;
  const items = rows.map(({ line, product }) => {
    const p = toProductDto(product);
    const linePaise = lineTotalPaise(toPaise(product.price), line.quantity, p.discount);
    count += line.quantity;
    totalPaise += linePaise;
    return {
      productId: p.id,
      quantity: line.quantity,
      product: p,
      lineTotal: fromPaise(linePaise),
      available: p.active && p.stock >= line.quantity,
      addedAt: line.addedAt.toISOString(),
    };
  });
  return { items, count, total: fromPaise(totalPaise) };
}

/** Sends the cart to every tab and device of its customer. Call after the change has committed. */
function emitCart({ io }: Pick<Deps, 'io'>, userId: string, cart: Cart): void {
  const event: CartChangedEvent = { cart };
  io.to(userRoom(userId)).emit(CART_CHANGED_EVENT, event);
}

/** Reads the customer's cart and sends it to their tabs and devices (after an order took lines out of it). */
export async function announceCart(deps: Pick<Deps, 'db' | 'io'>, userId: string): Promise<void> {
  emitCart(deps, userId, await cartOf(deps, userId));
}

/** Answers a change of the cart: the cart as it is now, also sent to the customer's other tabs and devices. */
async function afterChange(deps: Pick<Deps, 'db' | 'io'>, userId: string): Promise<Cart> {
  const cart = await cartOf(deps, userId);
  emitCart(deps, userId, cart);
  return cart;
}

/**
 * Sets the quantity of a product in the customer's cart, adding the line when it is new. Refuses an unknown product
 * (404), a deactivated one and more than its stock (409), and a new line beyond CART_LINES_MAX (409). The customer's
 * row lock makes the line count exact when requests race (two tabs, a script).
 */
export async function setCartQuantity(
  deps: Pick<Deps, 'db' | 'io'>,
  userId: string,
  productId: number,
  quantity: number,
): Promise<Cart> {
  await deps.db.transaction(async (tx) => {
    const me = rowsOf(await tx.execute(sql`select 1 from users where id = ${userId}::uuid for no key update`));
    if (me.length === 0) throw errors.unauthenticated();
    const [product] = await tx
      .select({ name: products.name, stock: products.stock, active: products.active })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    if (!product) throw errors.notFound('Product');
    if (!product.active) throw errors.conflict(UNAVAILABLE_PRODUCT(product.name));
    if (quantity > product.stock) {
      const message = outOfStockMessage(product.name, product.stock);
      throw errors.conflict(message, 'OUT_OF_STOCK', [{ path: 'quantity', message }]);
    }
    const [lines] = await tx
      .select({
        n: count(),
        has: sql<number>`count(*) filter (where ${cartItems.productId} = ${productId})`.mapWith(Number),
      })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    if (lines && lines.has === 0 && lines.n >= CART_LINES_MAX) throw errors.conflict(CART_FULL_MESSAGE);
    await tx
      .insert(cartItems)
      .values({ userId, productId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity, updatedAt: sql`now()` },
      });
  });
  return afterChange(deps, userId);
}

/** Takes a product out of the customer's cart; a product not in it changes nothing. */
export async function removeCartLine(deps: Pick<Deps, 'db' | 'io'>, userId: string, productId: number): Promise<Cart> {
  await deps.db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return afterChange(deps, userId);
}

/** Empties the customer's cart. */
export async function clearCart(deps: Pick<Deps, 'db' | 'io'>, userId: string): Promise<Cart> {
  await deps.db.delete(cartItems).where(eq(cartItems.userId, userId));
  return afterChange(deps, userId);
}
