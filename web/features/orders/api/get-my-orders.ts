import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '#shared/orders';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { orderKeys } from './keys.ts';

const PAGE_SIZE = 20;

/** GET /api/orders/mine: one page of the customer's orders, newest first. */
function getMyOrders(cursor: string | null, signal?: AbortSignal): Promise<Page<Order>> {
  return page(
    client.GET('/api/orders/mine', { params: { query: { limit: PAGE_SIZE, cursor: cursor ?? undefined } }, signal }),
  );
}

/** The customer's order history, page by page; order events change its rows in place (see applyOrder). */
export function useMyOrders() {
  return useInfiniteQuery({
    queryKey: orderKeys.mine,
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...LIVE_QUERY,
  });
}
