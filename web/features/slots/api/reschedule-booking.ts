import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlotBooking } from '#shared/slots';
import { api } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/**
 * PUT /api/slots/{id}/reschedule: moves the booking to another time of the same service in one step. When the new
 * time is full the server answers 409 and the booking stays where it was.
 */
function rescheduleBooking({ id, schedule }: { id: string; schedule: string }): Promise<SlotBooking> {
  return api<SlotBooking>(`/api/slots/${encodeURIComponent(id)}/reschedule`, { method: 'PUT', body: { schedule } });
}

/** Moves a booking; seats and lists are refetched whatever the outcome (a 409 means the seats moved). */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}
