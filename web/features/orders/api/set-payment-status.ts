import { useMutation } from '@tanstack/react-query';
import type { Order } from '#shared/orders';
import { answer, client } from '../../../lib/api-client.ts';
import { useOrderSaved } from '../lib/order-lists.ts';

/** What staff record about a payment: the money arrived, or the refund of a canceled paid order was given. */
export type StaffPaymentStatus = 'paid' | 'refunded';

/** PUT /api/orders/{id}/payment with `{ status }` (employee, admin). */
function setPaymentStatus(id: string, status: StaffPaymentStatus): Promise<Order> {
  return answer(client.PUT('/api/orders/{id}/payment', { params: { path: { id } }, body: { status } }));
}

/** Marks an order paid or its refund given; its row changes in every list (see useOrderSaved). */
export function useSetPaymentStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: StaffPaymentStatus }) => setPaymentStatus(id, status),
    ...useOrderSaved(),
  });
}
