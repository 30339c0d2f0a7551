import { useInfiniteQuery } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { slotKeys } from './keys.ts';

const PAGE = 20;

/** GET /api/slots/mine: one page of the customer's bookings, newest first. */
function getMyBookings(cursor: string | null, signal?: AbortSignal): Promise<Page<Booking>> {
  return page(
    client.GET('/api/slots/mine', { params: { query: { limit: PAGE, cursor: cursor ?? undefined } }, signal }),
  );
}

/** The customer's bookings, page by page. */
export function useMyBookings(enabled = true) {
  return useInfiniteQuery({
    queryKey: slotKeys.mine(),
    queryFn: ({ pageParam, signal }) => getMyBookings(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 10_000,
    ...LIVE_QUERY,
  });
}
