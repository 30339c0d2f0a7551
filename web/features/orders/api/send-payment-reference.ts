import { useMutation } from '@tanstack/react-query';
import type { Order } from '#shared/orders';
import { api } from '../../../lib/api-client.ts';
import { useOrderSaved } from '../lib/order-lists.ts';

/** PUT /api/orders/{id}/payment with `{ reference }`: the UTR of the customer's UPI payment, for staff to verify. */
function sendPaymentReference(id: string, reference: string): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(id)}/payment`, { method: 'PUT', body: { reference } });
}

/** Gives (or corrects) the UPI transaction reference of an unpaid order (see useOrderSaved for the cache). */
export function useSendPaymentReference() {
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) => sendPaymentReference(id, reference),
    ...useOrderSaved(),
  });
}
