import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatus } from '#shared/orders';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/orders/{id}/status (employee, admin). */
function updateOrderStatus(id: string, status: OrderStatus): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { status } });
}

/** Moves an order along; every order list is refreshed afterwards (also on failure: someone else may have acted). */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) => updateOrderStatus(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
