import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlotBooking } from '#shared/slots';
import { api } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** PUT /api/slots/cancel/{id}: staff cancel any booking, customers their own. Cancelling twice is harmless. */
function cancelBooking(id: string): Promise<SlotBooking> {
  return api<SlotBooking>(`/api/slots/cancel/${encodeURIComponent(id)}`, { method: 'PUT' });
}

/** Cancels a booking and refreshes every slots view. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}
