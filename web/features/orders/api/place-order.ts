import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type Order, type PlaceOrderBody } from '#shared/orders';
import { answer, client } from '../../../lib/api-client.ts';
import { useOrderSaved } from '../lib/order-lists.ts';

/** POST /api/orders with the checkout attempt's Idempotency-Key (a retry with the same key returns the same order). */
function placeOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<Order> {
  return answer(client.POST('/api/orders', { params: { header: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }, body }));
}

/** Marks the order placements in flight (see useIsMutating). */
export const PLACE_ORDER_KEY = ['orders', 'place'] as const;

/** Places an order; it joins the customer's list of orders (see useOrderSaved). */
export function usePlaceOrder() {
  return useMutation({
    mutationKey: PLACE_ORDER_KEY,
    mutationFn: ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) =>
      placeOrder(body, idempotencyKey),
    ...useOrderSaved(),
  });
}
