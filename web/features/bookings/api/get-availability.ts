import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Availability } from '#shared/availability';
import { answer, client } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** GET /api/slots/availability?date=&serviceId=&providerId= (without a service: the checkup; without a provider: any). */
function getAvailability(
  date: string,
  serviceId: string | undefined,
  providerId: string | undefined,
  signal?: AbortSignal,
): Promise<Availability> {
  return answer(client.GET('/api/slots/availability', { params: { query: { date, serviceId, providerId } }, signal }));
}

/**
 * Free seats per start time of a day for a service (each counting the whole service's duration); off while no date
 * is chosen. Seats move fast, so it is always refetched on mount.
 */
export function useAvailability(date: string | undefined, serviceId?: string, providerId?: string) {
  return useQuery({
    queryKey: slotKeys.availability(date ?? '', serviceId, providerId),
    queryFn: ({ signal }) => getAvailability(date!, serviceId, providerId, signal),
    enabled: !!date,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
