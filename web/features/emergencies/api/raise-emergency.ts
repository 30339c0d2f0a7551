import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Emergency, EmergencyInput } from '#shared/emergencies';
import { answer, client } from '../../../lib/api-client.ts';
import { placeMine } from '../lib/lists.ts';
import { emergencyKeys } from './keys.ts';

/** POST /api/emergencies (customers). */
function raiseEmergency(body: EmergencyInput): Promise<Emergency> {
  return answer(client.POST('/api/emergencies', { body }));
}

/** Raises a request; it joins the customer's list at once. */
export function useRaiseEmergency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: raiseEmergency,
    onSuccess: (e) => queryClient.setQueryData<Emergency[]>(emergencyKeys.mine, (list) => placeMine(list ?? [], e)),
  });
}
