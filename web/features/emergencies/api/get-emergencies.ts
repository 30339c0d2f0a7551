import { useQuery } from '@tanstack/react-query';
import type { Emergency } from '#shared/emergencies';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { emergencyKeys } from './keys.ts';

/** GET /api/emergencies: staff get the queue, a customer their own requests (the server decides by role). */
function getEmergencies(signal?: AbortSignal): Promise<Emergency[]> {
  return answer(client.GET('/api/emergencies', { signal }));
}

/** Staff: the live queue; events change its rows in place (see useLiveQueue). */
export function useEmergencyQueue() {
  return useQuery({
    queryKey: emergencyKeys.queue,
    queryFn: ({ signal }) => getEmergencies(signal),
    ...LIVE_QUERY,
  });
}

/** A customer: their requests, newest first; events change them in place (see useLiveMine). */
export function useMyEmergencies() {
  return useQuery({
    queryKey: emergencyKeys.mine,
    queryFn: ({ signal }) => getEmergencies(signal),
    ...LIVE_QUERY,
  });
}
