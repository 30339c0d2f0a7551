import { useMutation } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { useBookingSaved } from '../lib/booking-lists.ts';

/**
 * PUT /api/slots/{id}/reschedule: moves the booking to another time of the same service in one step. When the new
 * time is full the server answers 409 and the booking stays where it was.
 */
function rescheduleBooking({ id, schedule }: { id: string; schedule: string }): Promise<Booking> {
  return answer(client.PUT('/api/slots/{id}/reschedule', { params: { path: { id } }, body: { schedule } }));
}

/** Moves a booking: its row moves in every list, and the seats load again (after a 409 too: they moved). */
export function useRescheduleBooking() {
  return useMutation({
    mutationFn: rescheduleBooking,
    ...useBookingSaved(),
  });
}
