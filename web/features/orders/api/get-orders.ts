import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order, OrderStatus } from '#shared/orders';
import { apiPage } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { orderKeys } from './keys.ts';

const PAGE_SIZE = 25;

/** GET /api/orders (employee, admin): one page of every customer's orders, optionally of one status. */
function getOrders(status: OrderStatus | undefined, cursor: string | null, signal?: AbortSignal) {
  return apiPage<Order>('/api/orders', { query: { limit: PAGE_SIZE, cursor, status }, signal });
}

/** All orders for staff, page by page; order events change its rows in place (see applyOrder). */
export function useOrders(status: OrderStatus | undefined) {
  return useInfiniteQuery({
    queryKey: orderKeys.staff(status),
    queryFn: ({ pageParam, signal }) => getOrders(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...LIVE_QUERY,
  });
}
