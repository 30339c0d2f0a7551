import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HospitalInfoInput, SlotBooking } from '#shared/slots';
import { api } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** PUT /api/slots/confirm/{id}; without hospital info (the dashboard) the clinic's defaults are used. */
function confirmBooking({ id, hospitalInfo }: { id: string; hospitalInfo?: HospitalInfoInput }): Promise<SlotBooking> {
  return api<SlotBooking>(`/api/slots/confirm/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: hospitalInfo ? { hospitalInfo } : undefined,
  });
}

/** Confirms a booking and refreshes every slots view. */
export function useConfirmBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}
