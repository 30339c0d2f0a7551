import { useInfiniteQuery } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { petKeys } from '../../../lib/pets.ts';

const PAGE = 10;

/** GET /api/pets/{id}/timeline: one page of the pet's bookings and visits, newest appointment first. */
function getPetTimeline(id: string, cursor: string | null, signal?: AbortSignal): Promise<Page<Booking>> {
  return page(
    client.GET('/api/pets/{id}/timeline', {
      params: { path: { id }, query: { limit: PAGE, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

/** The pet's history, page by page ("Load more"). */
export function usePetTimeline(id: string) {
  return useInfiniteQuery({
    queryKey: petKeys.timeline(id),
    queryFn: ({ pageParam, signal }) => getPetTimeline(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
    ...LIVE_QUERY,
  });
}
