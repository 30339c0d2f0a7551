import { useMutation } from '@tanstack/react-query';
import type { HospitalInfoInput, Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { useBookingSaved } from '../lib/booking-lists.ts';

/** PUT /api/slots/confirm/{id} with the hospital info the customer receives (staff screens always send it). */
function confirmBooking({ id, hospitalInfo }: { id: string; hospitalInfo: HospitalInfoInput }): Promise<Booking> {
  return answer(
    client.PUT('/api/slots/confirm/{id}', {
      params: { path: { id } },
      body: { hospitalInfo },
    }),
  );
}

/** Confirms a booking; its row changes in every list (see useBookingSaved). */
export function useConfirmBooking() {
  return useMutation({
    mutationFn: confirmBooking,
    ...useBookingSaved(),
  });
}
