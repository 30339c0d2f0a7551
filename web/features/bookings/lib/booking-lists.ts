import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TimeOffBooking } from '#shared/providers';
import type { OutsideHoursBooking } from '#shared/clinic-settings';
import { OPEN_BOOKING_STATUSES, type BookingListQuery, type Booking } from '#shared/bookings';
import { todayIn } from '#shared/dates';
import { applyRow, newestFirst, type ListRule } from '../../../lib/live-lists.ts';
import { cachedTimeZone } from '../../../lib/public-config.ts';
import { useSession } from '../../../lib/session.tsx';
import { slotKeys } from '../api/keys.ts';

const byAppointment = (a: Booking, b: Booking) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function hasStatus(b: Booking, status: BookingListQuery['status'], now: number): boolean {
  if (status === undefined) return true;
  if (status === 'active') return b.status !== 'canceled';
  if (status === 'overdue')
    return (OPEN_BOOKING_STATUSES as readonly string[]).includes(b.status) && Date.parse(b.endsAt) <= now;
  return b.status === status;
}

/**
 * Which bookings GET /api/slots/bookings lists for `filter`, and in what order, as the server decides
 * (listBookings): by appointment time from `from` (default today, clinic time) on, or for one day, or, for the
 * overdue ones, every day; else newest first.
 */
export function bookingListRule(filter: BookingListQuery, today: string, now: number): ListRule<Booking> {
  const appointment = filter.sort === 'appointment' || filter.status === 'overdue';
  const from = appointment && filter.status !== 'overdue' && !filter.date ? (filter.from ?? today) : '';
  return {
    includes: (b) =>
      hasStatus(b, filter.status, now) &&
      (!filter.serviceId || b.serviceId === filter.serviceId) &&
      (!filter.date || b.date === filter.date) &&
      (!from || b.date >= from),
    compare: appointment ? byAppointment : newestFirst,
  };
}

/**
 * Puts a booking as it is now into every cached list of bookings, with no request: each staff list by its filter,
 * and the customer's own list (`me`'s bookings, newest first).
 */
export function applyBooking(client: QueryClient, booking: Booking, me: string | undefined): void {
  const now = new Date();
  const today = todayIn(cachedTimeZone(client), now);
  applyRow(client, slotKeys.bookingLists, booking, (key) =>
    bookingListRule(key[2] as BookingListQuery, today, now.getTime()),
  );
  applyRow(client, slotKeys.mine(), booking, () => ({ includes: (b) => b.userId === me, compare: newestFirst }));
  applyToOutsideHours(client, booking);
  applyToProviderTimeOff(client, booking);
}

type TimeOffPages = InfiniteData<{ items: TimeOffBooking[]; nextCursor: string | null }, unknown>;

/**
 * The staff's list of bookings whose provider is off then, with a booking as it is now: still open at the same time
 * with the same provider, its row is updated; given to another provider, moved, canceled or closed out, it leaves.
 */
function applyToProviderTimeOff(client: QueryClient, booking: Booking): void {
  client.setQueriesData<TimeOffPages>({ queryKey: slotKeys.providerTimeOff }, (data) => {
    if (!data?.pages.some((p) => p.items.some((o) => o.booking.id === booking.id))) return data;
    const open = (OPEN_BOOKING_STATUSES as readonly string[]).includes(booking.status);
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        items: p.items.flatMap((o) =>
          o.booking.id !== booking.id
            ? [o]
            : open && o.booking.startsAt === booking.startsAt && o.booking.providerId === booking.providerId
              ? [{ ...o, booking }]
              : [],
        ),
      })),
    };
  });
}

type OutsidePages = InfiniteData<{ items: OutsideHoursBooking[]; nextCursor: string | null }, unknown>;

/**
 * The staff's list of bookings outside the hours, with a booking as it is now: still open at the same time, its row
 * is updated; canceled, closed out or moved (a move lands inside the hours), it leaves the list. A new booking is
 * always inside the hours, so it never joins.
 */
function applyToOutsideHours(client: QueryClient, booking: Booking): void {
  client.setQueriesData<OutsidePages>({ queryKey: slotKeys.outsideHours }, (data) => {
    if (!data?.pages.some((p) => p.items.some((o) => o.booking.id === booking.id))) return data;
    const stays = (OPEN_BOOKING_STATUSES as readonly string[]).includes(booking.status);
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        items: p.items.flatMap((o) =>
          o.booking.id !== booking.id
            ? [o]
            : stays && o.booking.startsAt === booking.startsAt
              ? [{ ...o, booking }]
              : [],
        ),
      })),
    };
  });
}

/**
 * Loads again the small views a booking change moves: the dashboard counts and the free seats (a day's times, a
 * month's calendar). Each is one cheap aggregate query, so refetching it is simpler than working it out here; the
 * lists are never refetched.
 */
export function refreshCounts(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: slotKeys.all,
    predicate: (q) =>
      q.queryKey[1] !== slotKeys.bookingLists[1] &&
      q.queryKey[1] !== slotKeys.mine()[1] &&
      q.queryKey[1] !== slotKeys.outsideHours[1] &&
      q.queryKey[1] !== slotKeys.providerTimeOff[1],
  });
}

/**
 * Cache handling of a mutation that answers with the booking: the row goes into the cached lists and the counts
 * and seats load again. A refusal loads every slots view again: the booking or the seats changed under us.
 */
export function useBookingSaved() {
  const client = useQueryClient();
  const { user } = useSession();
  return {
    onSuccess: (b: Booking) => applyBooking(client, b, user?.id),
    onSettled: (_b: unknown, error: unknown) =>
      error ? client.invalidateQueries({ queryKey: slotKeys.all }) : refreshCounts(client),
  };
}
