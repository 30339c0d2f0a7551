import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RideStatusBody } from '#shared/rides';
import type { Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import { applyRideBooking } from '../lib/ride-rows.ts';

/** PUT /api/rides/{bookingId}/status (staff): the ride's next step, with an optional message for the customer. */
function advanceRide(bookingId: string, body: RideStatusBody): Promise<Booking> {
  return answer(client.PUT('/api/rides/{bookingId}/status', { params: { path: { bookingId } }, body }));
}

/** Moves a ride one step on; its card follows at once from the answer, without reloading the day. */
export function useAdvanceRide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, ...body }: RideStatusBody & { bookingId: string }) => advanceRide(bookingId, body),
    onSuccess: (booking) => applyRideBooking(client, booking),
  });
}
