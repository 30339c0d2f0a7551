import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TimeOff, TimeOffCreated } from '#shared/providers';
import { answer, client } from '../../../lib/api-client.ts';
import { providerKeys } from '../../../lib/providers.ts';

/** GET /api/providers/{id}/time-off (admin, or that provider): from a month ago on, by start. */
export function useTimeOff(providerId: string | undefined) {
  return useQuery({
    queryKey: providerKeys.timeOff(providerId ?? ''),
    enabled: !!providerId,
    queryFn: ({ signal }): Promise<TimeOff[]> =>
      answer(client.GET('/api/providers/{id}/time-off', { params: { path: { id: providerId! } }, signal })),
  });
}

/** POST /api/providers/{id}/time-off: answers the entry and the bookings it covers (none is canceled). */
export function useAddTimeOff(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string; reason?: string | null }): Promise<TimeOffCreated> =>
      answer(client.POST('/api/providers/{id}/time-off', { params: { path: { id: providerId } }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.timeOff(providerId) }),
  });
}

/** DELETE /api/providers/{id}/time-off/{timeOffId}. */
export function useRemoveTimeOff(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeOffId: string) =>
      answer(
        client.DELETE('/api/providers/{id}/time-off/{timeOffId}', { params: { path: { id: providerId, timeOffId } } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.timeOff(providerId) }),
  });
}
