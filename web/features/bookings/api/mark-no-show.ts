import { useMutation } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { useBookingSaved } from '../lib/booking-lists.ts';

/** PUT /api/slots/{id}/no-show (staff): the pet did not come to a confirmed booking whose time has started. */
function markNoShow(id: string): Promise<Booking> {
  return answer(client.PUT('/api/slots/{id}/no-show', { params: { path: { id } } }));
}

/** Marks a booking as a no-show; its row changes in every list, the no-show rate moves. */
export function useMarkNoShow() {
  return useMutation({
    mutationFn: markNoShow,
    ...useBookingSaved(),
  });
}
