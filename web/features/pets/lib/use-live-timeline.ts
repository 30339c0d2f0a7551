import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_CHANGED_EVENT, type Booking } from '#shared/bookings';
import { applyRow } from '../../../lib/live-lists.ts';
import { petKeys } from '../../../lib/pets.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

/** Newest appointment first, then by id, descending: the timeline's order on the server. */
const newestAppointment = (a: Booking, b: Booking) =>
  Date.parse(b.startsAt) - Date.parse(a.startsAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Keeps the pet's timeline current when the server says one of its bookings changed (confirmed, moved, a ride's
 * step): the event's booking replaces, joins or leaves the cached pages, without a request.
 */
export function useLiveTimeline(petId: string): void {
  const client = useQueryClient();
  useSocketEvent(BOOKING_CHANGED_EVENT, (e) =>
    applyRow(client, petKeys.timeline(petId), e.booking, () => ({
      includes: (b) => b.petId === petId,
      compare: newestAppointment,
    })),
  );
}
