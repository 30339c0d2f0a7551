import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Availability } from '#shared/slots';
import { api } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** GET /api/slots/availability?date= */
function getAvailability(date: string, signal?: AbortSignal): Promise<Availability> {
  return api<Availability>('/api/slots/availability', { query: { date }, signal });
}

/** Seats per time of a day; off while no date is chosen. Seats move fast, so it is always refetched on mount. */
export function useAvailability(date: string | undefined) {
  return useQuery({
    queryKey: slotKeys.availability(date ?? ''),
    queryFn: ({ signal }) => getAvailability(date!, signal),
    enabled: !!date,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
