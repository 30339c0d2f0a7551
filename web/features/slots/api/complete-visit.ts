import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteVisitBody, SlotBooking } from '#shared/slots';
import { api } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** PUT /api/slots/{id}/complete (staff): records the visit's notes; the booking comes back with its visit. */
function completeVisit({ id, body }: { id: string; body: CompleteVisitBody }): Promise<SlotBooking> {
  return api<SlotBooking>(`/api/slots/${encodeURIComponent(id)}/complete`, { method: 'PUT', body });
}

/** Marks a visit completed and refreshes every slots view (the stats count it this week). */
export function useCompleteVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeVisit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}
