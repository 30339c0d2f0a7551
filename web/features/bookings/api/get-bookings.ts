import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { BookingListQuery, Booking } from '#shared/bookings';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { slotKeys } from './keys.ts';

const PAGE = 25;

/** GET /api/slots/bookings (staff): one page, filtered by status, service and day, in the order `sort` names. */
function getBookings(filter: BookingListQuery, cursor: string | null, signal?: AbortSignal): Promise<Page<Booking>> {
  return page(
    client.GET('/api/slots/bookings', {
      params: { query: { ...filter, limit: PAGE, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

/**
 * Every booking matching the filter, page by page; the last list stays on screen while a new filter loads. A list
 * not `enabled` (the agenda's view not shown) asks for nothing, and keeps what it has cached current from events.
 */
export function useBookings(filter: BookingListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    enabled,
    queryKey: slotKeys.bookings(filter),
    queryFn: ({ pageParam, signal }) => getBookings(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    ...LIVE_QUERY,
  });
}
