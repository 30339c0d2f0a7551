import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimeOffBooking } from '#shared/providers';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { slotKeys } from './keys.ts';

const PAGE = 20;

/** GET /api/bookings/provider-time-off (staff): upcoming open bookings whose provider is off at their time. */
function getProviderTimeOff(cursor: string | null, signal?: AbortSignal): Promise<Page<TimeOffBooking>> {
  return page(
    client.GET('/api/bookings/provider-time-off', {
      params: { query: { limit: PAGE, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

/** The bookings staff must give to another provider or move, by appointment time, page by page. */
export function useProviderTimeOff() {
  return useInfiniteQuery({
    queryKey: slotKeys.providerTimeOff,
    queryFn: ({ pageParam, signal }) => getProviderTimeOff(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
    ...LIVE_QUERY,
  });
}
