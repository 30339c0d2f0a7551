import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order, OrderStatus } from '#shared/orders';
import { apiPage } from '../../../lib/api-client.ts';

const PAGE_SIZE = 25;

/** GET /api/orders (employee, admin): one page of every customer's orders, optionally of one status. */
function getOrders(status: OrderStatus | undefined, cursor: string | null, signal?: AbortSignal) {
  return apiPage<Order>('/api/orders', { query: { limit: PAGE_SIZE, cursor, status }, signal });
}

/** All orders for staff, page by page. */
export function useOrders(status: OrderStatus | undefined) {
  return useInfiniteQuery({
    queryKey: ['orders', 'all', status ?? 'any'],
    queryFn: ({ pageParam, signal }) => getOrders(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
