import type { QueryClient } from '@tanstack/react-query';
import { rideOf, type Ride } from '#shared/rides';
import type { Booking } from '#shared/bookings';
import { rideKeys } from '../api/keys.ts';

/** The server's order: by start, then by booking id. */
const byStart = (a: Ride, b: Ride) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
  (a.bookingId < b.bookingId ? -1 : a.bookingId > b.bookingId ? 1 : 0);

/**
 * The day's list with the booking as it is now: its row replaced, or moved to its place, added when it became a ride
 * of this day, removed when it moved to another day. Returns `list` itself when the booking is none of its business.
 */
export function placeRide(list: Ride[], booking: Booking, date: string): Ride[] {
  const ride = rideOf(booking);
  const belongs = !!ride && ride.date === date;
  const rest = list.filter((r) => r.bookingId !== booking.id);
  if (!belongs) return rest.length === list.length ? list : rest;
  const at = rest.findIndex((r) => byStart(ride, r) < 0);
  return at < 0 ? [...rest, ride] : [...rest.slice(0, at), ride, ...rest.slice(at)];
}

/** Puts a booking into every cached day of rides, without a request. */
export function applyRideBooking(client: QueryClient, booking: Booking): void {
  for (const [key, list] of client.getQueriesData<Ride[]>({ queryKey: rideKeys.days })) {
    if (!list) continue;
    const next = placeRide(list, booking, key[2] as string);
    if (next !== list) client.setQueryData(key, next);
  }
}
