import { useMutation } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { useBookingSaved } from '../lib/booking-lists.ts';

/** PUT /api/slots/cancel/{id}: staff cancel any booking, customers their own. Cancelling twice is harmless. */
function cancelBooking(id: string): Promise<Booking> {
  return answer(client.PUT('/api/slots/cancel/{id}', { params: { path: { id } } }));
}

/** Cancels a booking; its row changes in every list (see useBookingSaved). */
export function useCancelBooking() {
  return useMutation({
    mutationFn: cancelBooking,
    ...useBookingSaved(),
  });
}
