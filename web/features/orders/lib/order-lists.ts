import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/orders';
import { applyRow, newestFirst } from '../../../lib/live-lists.ts';
import { useSession } from '../../../lib/session.tsx';
import { orderKeys } from '../api/keys.ts';

/**
 * Puts an order as it is now into every cached list of orders, with no request: each staff list (every order, or
 * those of one fulfilment and/or payment status), the customer's own, all newest first, and its own page's copy.
 */
export function applyOrder(client: QueryClient, order: Order, me: string | undefined): void {
  applyRow(client, orderKeys.staffLists, order, (key) => {
    const [, , status, paymentStatus] = key;
    return {
      includes: (o) =>
        (status === 'any' || o.status === status) && (paymentStatus === 'any' || o.paymentStatus === paymentStatus),
      compare: newestFirst,
    };
  });
  if (client.getQueryData(orderKeys.one(order.id))) client.setQueryData(orderKeys.one(order.id), order);
  applyRow(client, orderKeys.mine, order, () => ({ includes: (o) => o.userId === me, compare: newestFirst }));
}

/**
 * Cache handling of a mutation that answers with the order: it goes into the cached lists. A refusal loads the
 * lists again: someone else may have moved the order meanwhile.
 */
export function useOrderSaved() {
  const client = useQueryClient();
  const { user } = useSession();
  return {
    onSuccess: (o: Order) => applyOrder(client, o, user?.id),
    onError: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  };
}
