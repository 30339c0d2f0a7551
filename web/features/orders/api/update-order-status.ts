import { useMutation } from '@tanstack/react-query';
import type { Order, OrderStatus } from '#shared/orders';
import { answer, client } from '../../../lib/api-client.ts';
import { useOrderSaved } from '../lib/order-lists.ts';

/** PUT /api/orders/{id}/status (employee, admin). */
function updateOrderStatus(id: string, status: OrderStatus): Promise<Order> {
  return answer(client.PUT('/api/orders/{id}/status', { params: { path: { id } }, body: { status } }));
}

/** Moves an order along; its row changes in every list (see useOrderSaved). */
export function useUpdateOrderStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) => updateOrderStatus(id, status),
    ...useOrderSaved(),
  });
}
