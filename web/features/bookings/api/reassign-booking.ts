import { useMutation } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { useBookingSaved } from '../lib/booking-lists.ts';

/**
 * PUT /api/slots/{id}/reassign (staff): gives the booking to the provider named, or to the fairest other free one
 * when none is; 409 when they are not free then, and the booking stays with its provider.
 */
function reassignBooking({ id, providerId }: { id: string; providerId: string | null }): Promise<Booking> {
  return answer(client.PUT('/api/slots/{id}/reassign', { params: { path: { id } }, body: { providerId } }));
}

/** Gives a booking to another provider: its row changes in every list, and the seats load again. */
export function useReassignBooking() {
  return useMutation({ mutationFn: reassignBooking, ...useBookingSaved() });
}
