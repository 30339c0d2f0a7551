import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Calendar } from '#shared/availability';
import { answer, client } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** GET /api/slots/calendar?month=YYYY-MM&serviceId= */
function getCalendar(month: string, serviceId: string | undefined, signal?: AbortSignal): Promise<Calendar> {
  return answer(client.GET('/api/slots/calendar', { params: { query: { month, serviceId } }, signal }));
}

/**
 * How many start times each day of a month has free for a service (without one: the checkup); asked only while
 * `enabled` (a month outside the booking window is not).
 */
export function useCalendar(month: string, serviceId?: string, enabled = true) {
  return useQuery({
    queryKey: slotKeys.calendar(month, serviceId),
    enabled,
    queryFn: ({ signal }) => getCalendar(month, serviceId, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
