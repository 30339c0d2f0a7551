import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_CHANGED_EVENT } from '#shared/bookings';
import { useSocketEvent } from '../../../lib/socket.ts';
import { applyRideBooking } from './ride-rows.ts';

/**
 * Keeps the days of rides current when the server says a booking changed (booked, confirmed, moved, canceled, a ride
 * step): the event carries the whole booking, which replaces, joins or leaves each cached day, with no request.
 */
export function useLiveRides(): void {
  const client = useQueryClient();
  useSocketEvent(BOOKING_CHANGED_EVENT, (e) => applyRideBooking(client, e.booking));
}
