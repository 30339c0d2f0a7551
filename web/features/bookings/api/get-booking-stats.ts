import { useQuery } from '@tanstack/react-query';
import type { BookingStats } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { slotKeys } from './keys.ts';

/** GET /api/slots/stats (staff). */
function getBookingStats(signal?: AbortSignal): Promise<BookingStats> {
  return answer(client.GET('/api/slots/stats', { signal }));
}

/** The dashboard's counts: the spec's four, visits completed this week and the no-show rate. */
export function useBookingStats() {
  return useQuery({
    queryKey: slotKeys.stats(),
    queryFn: ({ signal }) => getBookingStats(signal),
    staleTime: 10_000,
    ...LIVE_QUERY,
  });
}
