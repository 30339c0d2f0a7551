import { useQueryClient } from '@tanstack/react-query';
import { EMERGENCY_CHANGED_EVENT, type Emergency } from '#shared/emergencies';
import { useSocketEvent } from '../../../lib/socket.ts';
import { emergencyKeys } from '../api/keys.ts';
import { placeInQueue, placeMine } from './lists.ts';

/** Staff: each `emergency_changed` puts its request in the cached queue, in order, without a request. */
export function useLiveQueue(): void {
  const queryClient = useQueryClient();
  useSocketEvent(EMERGENCY_CHANGED_EVENT, (e) => {
    queryClient.setQueryData<Emergency[]>(emergencyKeys.queue, (list) => list && placeInQueue(list, e.emergency));
  });
}

/** A customer: each `emergency_changed` about their request replaces it in their cached list. */
export function useLiveMine(): void {
  const queryClient = useQueryClient();
  useSocketEvent(EMERGENCY_CHANGED_EVENT, (e) => {
    queryClient.setQueryData<Emergency[]>(emergencyKeys.mine, (list) => list && placeMine(list, e.emergency));
  });
}
