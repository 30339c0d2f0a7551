import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Emergency, EmergencyUpdateSchema } from '#shared/emergencies';
import { answer, client } from '../../../lib/api-client.ts';
import { placeInQueue } from '../lib/lists.ts';
import { emergencyKeys } from './keys.ts';

type EmergencyUpdate = z.input<typeof EmergencyUpdateSchema>;

/** PUT /api/emergencies/{id} (staff). */
function updateEmergency(id: string, body: EmergencyUpdate): Promise<Emergency> {
  return answer(client.PUT('/api/emergencies/{id}', { params: { path: { id } }, body }));
}

/** Moves a request on, sets its triage level or adds a note; the answer takes its place in the queue at once. */
export function useUpdateEmergency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EmergencyUpdate }) => updateEmergency(id, body),
    onSuccess: (e) =>
      queryClient.setQueryData<Emergency[]>(emergencyKeys.queue, (list) => list && placeInQueue(list, e)),
  });
}
