import { useQuery } from '@tanstack/react-query';
import type { Ride } from '#shared/rides';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { rideKeys } from './keys.ts';

/** GET /api/rides?date= (staff): a clinic day's rides in time order. */
function getRides(date: string, signal?: AbortSignal): Promise<Ride[]> {
  return answer(client.GET('/api/rides', { params: { query: { date } }, signal }));
}

/**
 * A day's rides. Booking events keep every cached day current (see applyRideBooking), so a day seen before is not
 * loaded again when the driver comes back to it; a reconnect, the server's resync and the tab's return do reload it.
 */
export function useRides(date: string | undefined) {
  return useQuery({
    queryKey: rideKeys.day(date ?? ''),
    queryFn: ({ signal }) => getRides(date!, signal),
    enabled: !!date,
    staleTime: Infinity,
    ...LIVE_QUERY,
  });
}
