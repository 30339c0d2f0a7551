import { z } from 'zod';
import { ProductSchema } from './catalogue.ts';
import { ORDER_LINES_MAX, QuantitySchema } from './orders.ts';

/** A cart holds as many different products as one order may. */
export const CART_LINES_MAX = ORDER_LINES_MAX;

/** PUT /api/cart/items/{productId} body: the line's new quantity (at least 1; DELETE removes the line). */
export const CartQuantityBodySchema = z.object({ quantity: QuantitySchema });

/** `{productId}` of the cart paths. */
export const CartProductParamSchema = z.object({ productId: z.string().min(1).max(64) });

/** One line of a cart, priced from the catalogue as it is now. */
const CartLineSchema = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  product: ProductSchema,
  /** product.price x quantity x (1 - discount/100), rounded to paise (the spec's formula). */
  lineTotal: z.number(),
  /** False when the product was deactivated or holds fewer units than the line asks: checkout would refuse it. */
  available: z.boolean(),
  addedAt: z.string(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** GET /api/cart (and every cart change's answer): the customer's cart, oldest line first. */
export const CartSchema = z.object({
  items: z.array(CartLineSchema),
  /** Units in the cart (the navbar's count). */
  count: z.number().int(),
  /** Sum of the line totals, in rupees. */
  total: z.number(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CART_MSG = {
  tooManyChanges: (wait: string) => `Too many changes to your cart at once. Please try again in ${wait}.`,
};

/** Socket event to the customer's own tabs and devices whenever their cart changes (including after an order). */
export const CART_CHANGED_EVENT = 'cart_changed';
export const CartChangedEventSchema = z.object({ cart: CartSchema });
export type CartChangedEvent = z.infer<typeof CartChangedEventSchema>;
