import type { Booking } from '#shared/bookings';

/** A ride whose driver has set off: only the clinic can change or cancel it now. */
export const rideUnderWay = (b: Pick<Booking, 'ride'>): boolean =>
  !!b.ride && b.ride.status !== 'scheduled' && b.ride.status !== 'canceled';

/** What the customer reads in place of Change Slot and Cancel while the driver is on the way. */
export const RIDE_UNDER_WAY_NOTE = 'The driver is on the way: call the clinic to change this ride.';
