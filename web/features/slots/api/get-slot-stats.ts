import { useQuery } from '@tanstack/react-query';
import type { SlotStats } from '#shared/slots';
import { api } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { slotKeys } from './keys.ts';

/** GET /api/slots/stats (staff). */
function getSlotStats(signal?: AbortSignal): Promise<SlotStats> {
  return api<SlotStats>('/api/slots/stats', { signal });
}

/** The dashboard's counts: the spec's four, visits completed this week and the no-show rate. */
export function useSlotStats() {
  return useQuery({
    queryKey: slotKeys.stats(),
    queryFn: ({ signal }) => getSlotStats(signal),
    staleTime: 10_000,
    ...LIVE_QUERY,
  });
}
