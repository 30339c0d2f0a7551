import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Analytics } from '#shared/analytics';
import { answer, client } from '../../../lib/api-client.ts';

/** GET /api/analytics (admin): every figure over clinic-local days `from` to `to`, both included. */
function getAnalytics(range: { from: string; to: string }, signal?: AbortSignal): Promise<Analytics> {
  return answer(client.GET('/api/analytics', { params: { query: range }, signal }));
}

/**
 * The figures of a range, once the range is known. A new range keeps the previous figures on screen (marked busy)
 * until its own arrive. Figures are a snapshot: read again on Refresh or when the range changes, not on every event.
 */
export function useAnalytics(range: { from: string; to: string } | undefined) {
  return useQuery({
    queryKey: ['analytics', range?.from, range?.to],
    queryFn: ({ signal }) => getAnalytics(range!, signal),
    enabled: !!range,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
