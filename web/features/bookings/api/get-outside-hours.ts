import { useInfiniteQuery } from '@tanstack/react-query';
import type { OutsideHoursBooking } from '#shared/clinic-settings';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { slotKeys } from './keys.ts';

const PAGE = 20;

/** GET /api/bookings/outside-hours (staff): upcoming open bookings the clinic's hours or closures no longer cover. */
function getOutsideHours(cursor: string | null, signal?: AbortSignal): Promise<Page<OutsideHoursBooking>> {
  return page(
    client.GET('/api/bookings/outside-hours', {
      params: { query: { limit: PAGE, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

/** The bookings staff must move or cancel with their customers, by appointment time, page by page. */
export function useOutsideHours() {
  return useInfiniteQuery({
    queryKey: slotKeys.outsideHours,
    queryFn: ({ pageParam, signal }) => getOutsideHours(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
    ...LIVE_QUERY,
  });
}
