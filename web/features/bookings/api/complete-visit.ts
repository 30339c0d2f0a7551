import { useMutation } from '@tanstack/react-query';
import type { CompleteVisitBody, Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { useBookingSaved } from '../lib/booking-lists.ts';

/** PUT /api/slots/{id}/complete (staff): records the visit's notes; the booking comes back with its visit. */
function completeVisit({ id, body }: { id: string; body: CompleteVisitBody }): Promise<Booking> {
  return answer(client.PUT('/api/slots/{id}/complete', { params: { path: { id } }, body }));
}

/** Marks a visit completed; its row changes in every list, the stats count it this week. */
export function useCompleteVisit() {
  return useMutation({
    mutationFn: completeVisit,
    ...useBookingSaved(),
  });
}
