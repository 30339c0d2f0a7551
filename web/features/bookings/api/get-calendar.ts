import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Calendar } from '#shared/availability';
import { answer, client } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** GET /api/slots/calendar?month=YYYY-MM&serviceId=&providerId= */
function getCalendar(
  month: string,
  serviceId: string | undefined,
  providerId: string | undefined,
  signal?: AbortSignal,
): Promise<Calendar> {
  return answer(client.GET('/api/slots/calendar', { params: { query: { month, serviceId, providerId } }, signal }));
}

/**
 * How many start times each day of a month has free for a service (without one: the checkup); asked only while
 * `enabled` (a month outside the booking window is not).
 */
export function useCalendar(month: string, serviceId?: string, enabled = true, providerId?: string) {
  return useQuery({
    queryKey: slotKeys.calendar(month, serviceId, providerId),
    enabled,
    queryFn: ({ signal }) => getCalendar(month, serviceId, providerId, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
