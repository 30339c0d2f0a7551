import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { careKeys } from '../../../lib/care.ts';
import type { CompleteVisitRequest } from '../components/complete-visit-dialog.tsx';
import { useBookingSaved } from '../lib/booking-lists.ts';

/**
 * PUT /api/slots/{id}/complete (staff): records the visit's notes and the doses given at it; the booking comes back
 * with its visit.
 */
function completeVisit({ id, body }: { id: string; body: CompleteVisitRequest }): Promise<Booking> {
  return answer(client.PUT('/api/slots/{id}/complete', { params: { path: { id } }, body }));
}

/** Marks a visit completed; its row changes in every list, the stats count it this week, the pet's care follows. */
export function useCompleteVisit() {
  const queryClient = useQueryClient();
  const saved = useBookingSaved();
  return useMutation({
    mutationFn: completeVisit,
    ...saved,
    onSuccess: (b: Booking, v: { id: string; body: CompleteVisitRequest }) => {
      saved.onSuccess(b);
      if (v.body.doses?.length) void queryClient.invalidateQueries({ queryKey: careKeys.all });
    },
  });
}
