import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CART_CHANGED_EVENT, Cart } from '#shared/cart';
import { answer, client } from './api-client.ts';
import { LIVE_QUERY } from './live-lists.ts';
import { useSession } from './session.tsx';
import { useSocketEvent } from './socket.ts';

/**
 * The customer's cart, kept on the server (GET/PUT/DELETE /api/cart...). Every change answers the whole cart, which
 * replaces the cached one; `cart_changed` brings the changes made in the customer's other tabs and devices.
 */
export const cartKey = ['cart'] as const;

// The event's name, checked against the contract by its type: a value import of #shared/cart would load zod into
// the public catalogue, which adds to the cart too.
const CART_CHANGED: typeof CART_CHANGED_EVENT = 'cart_changed';

const getCart = (signal?: AbortSignal) => answer(client.GET('/api/cart', { signal }));

/** The path parameter of a cart line: its product's id. */
const line = (productId: number) => ({ path: { productId: String(productId) } });

/** The signed-in customer's cart; disabled (no request) for visitors and staff. */
export function useCart() {
  const { user } = useSession();
  return useQuery({
    queryKey: cartKey,
    queryFn: ({ signal }) => getCart(signal),
    enabled: user?.role === 'user',
    ...LIVE_QUERY,
  });
}

/** Applies `cart_changed` events to the cached cart. Mount once per customer page tree (the customer layout). */
export function useLiveCart(): void {
  const queryClient = useQueryClient();
  useSocketEvent(CART_CHANGED, (e) => queryClient.setQueryData(cartKey, e.cart));
}

function useCartChange<V>(request: (vars: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (cart) => {
      // A load of the cart that started before this change would answer the cart as it was: drop it.
      await queryClient.cancelQueries({ queryKey: cartKey });
      queryClient.setQueryData(cartKey, cart);
    },
  });
}

/** Sets a line's quantity (adds the product when it is not in the cart yet). */
export function useSetCartQuantity() {
  return useCartChange(({ productId, quantity }: { productId: number; quantity: number }) =>
    answer(client.PUT('/api/cart/items/{productId}', { params: line(productId), body: { quantity } })),
  );
}

/** Removes one product's line. */
export function useRemoveCartLine() {
  return useCartChange((productId: number) =>
    answer(client.DELETE('/api/cart/items/{productId}', { params: line(productId) })),
  );
}

/** Add to Cart: one more unit of the product (its line's quantity + 1, or a new line of 1). */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useCartChange(async (productId: number) => {
    // The cached cart, or the one being loaded (the navbar's), or a fresh one: never two loads at once.
    const cart = await queryClient.ensureQueryData({ queryKey: cartKey, queryFn: ({ signal }) => getCart(signal) });
    const quantity = (cart.items.find((l) => l.productId === productId)?.quantity ?? 0) + 1;
    return answer(client.PUT('/api/cart/items/{productId}', { params: line(productId), body: { quantity } }));
  });
}

/**
 * sessionStorage key of the product a visitor pressed Add to Cart on: the spec sends them to /login, and once they
 * are signed in as a customer the product goes into their cart (once). Per tab, so it never follows another person.
 * Kept here, not in storage.ts, because only the catalogue and the customer area need it, not the landing page.
 */
const PENDING_CART_ADD_KEY = 'pendingCartAdd';

/** A product waiting to go into the cart after login. */
interface PendingCartAdd {
  id: number;
  name: string;
}

/** Remembers the product a visitor wants in their cart (the latest one wins). */
export function storePendingCartAdd(product: PendingCartAdd): void {
  try {
    sessionStorage.setItem(PENDING_CART_ADD_KEY, JSON.stringify({ id: product.id, name: product.name }));
  } catch {
    // Storage unavailable: the visitor adds the product again after logging in.
  }
}

/** The product waiting for the cart, removed from storage as it is read so it is added only once. */
export function takePendingCartAdd(): PendingCartAdd | null {
  try {
    const raw = sessionStorage.getItem(PENDING_CART_ADD_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(PENDING_CART_ADD_KEY);
    const v = JSON.parse(raw) as Partial<PendingCartAdd> | null;
    return v && Number.isInteger(v.id) && typeof v.name === 'string' ? { id: v.id!, name: v.name } : null;
  } catch {
    return null;
  }
}
