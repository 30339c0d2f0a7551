import { useMutation } from '@tanstack/react-query';
import type { Order } from '#shared/orders';
import { answer, client } from '../../../lib/api-client.ts';
import { useOrderSaved } from '../lib/order-lists.ts';

/** PUT /api/orders/{id}/cancel: the customer cancels their own order while it is placed or confirmed. */
function cancelOrder(id: string): Promise<Order> {
  return answer(client.PUT('/api/orders/{id}/cancel', { params: { path: { id } } }));
}

/** Cancels an order; it changes in every cached list and on its page (see useOrderSaved). */
export function useCancelOrder() {
  return useMutation({ mutationFn: cancelOrder, ...useOrderSaved() });
}
