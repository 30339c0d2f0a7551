import { useMutation } from '@tanstack/react-query';
import type { Order } from '#shared/orders';
import { answer, client } from '../../../lib/api-client.ts';
import { useOrderSaved } from '../lib/order-lists.ts';

/** PUT /api/orders/{id}/payment with `{ reference }`: the UTR of the customer's UPI payment, for staff to verify. */
function sendPaymentReference(id: string, reference: string): Promise<Order> {
  return answer(client.PUT('/api/orders/{id}/payment', { params: { path: { id } }, body: { reference } }));
}

/** Gives (or corrects) the UPI transaction reference of an unpaid order (see useOrderSaved for the cache). */
export function useSendPaymentReference() {
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) => sendPaymentReference(id, reference),
    ...useOrderSaved(),
  });
}
