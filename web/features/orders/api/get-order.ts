import { useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/orders';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { orderKeys } from './keys.ts';

/** GET /api/orders/{id}: one order of the customer's own (or any, for staff); 404 for anyone else's. */
function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return answer(client.GET('/api/orders/{id}', { params: { path: { id } }, signal }));
}

/** One order as it is now; order events keep it current (see applyOrder). */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    ...LIVE_QUERY,
  });
}
