import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EmergencyCountSchema } from '#shared/emergencies';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { emergencyKeys } from './keys.ts';

export type EmergencyCount = z.infer<typeof EmergencyCountSchema>;

/** GET /api/emergencies/count (staff): unresolved requests. */
function getOpenCount(signal?: AbortSignal): Promise<EmergencyCount> {
  return answer(client.GET('/api/emergencies/count', { signal }));
}

/** The staff badge's number; each event's `open` replaces it (see useEmergencyAlerts). */
export function useOpenCountQuery() {
  return useQuery({
    queryKey: emergencyKeys.count,
    queryFn: ({ signal }) => getOpenCount(signal),
    staleTime: 0,
    ...LIVE_QUERY,
  });
}
