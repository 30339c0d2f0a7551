import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order, OrderStatus, PaymentStatus } from '#shared/orders';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { orderKeys } from './keys.ts';

const PAGE_SIZE = 25;

interface StaffFilters {
  status: OrderStatus | undefined;
  paymentStatus: PaymentStatus | undefined;
}

/** GET /api/orders (employee, admin): one page of every customer's orders, optionally of one status of each kind. */
function getOrders(
  { status, paymentStatus }: StaffFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<Order>> {
  return page(
    client.GET('/api/orders', {
      params: { query: { limit: PAGE_SIZE, cursor: cursor ?? undefined, status, paymentStatus } },
      signal,
    }),
  );
}

/** All orders for staff, page by page; order events change its rows in place (see applyOrder). */
export function useOrders(filters: StaffFilters) {
  return useInfiniteQuery({
    queryKey: orderKeys.staff(filters.status, filters.paymentStatus),
    queryFn: ({ pageParam, signal }) => getOrders(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...LIVE_QUERY,
  });
}
