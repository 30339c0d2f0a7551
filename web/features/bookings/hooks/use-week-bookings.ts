import { useEffect } from 'react';
import type { BookingListQuery } from '#shared/bookings';
import { useBookings } from '../api/get-bookings.ts';
import { weekDays } from '../lib/agenda-week.ts';

/**
 * The bookings of the week from `monday`, as the agenda's filters pick them: the agenda by appointment time from that
 * Monday on, page after page until a page reaches past the Sunday. Events keep them current like the list's (they are
 * one more cached list of bookings).
 */
export function useWeekBookings(
  monday: string,
  filter: Pick<BookingListQuery, 'status' | 'serviceId'>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const days = weekDays(monday);
  const sunday = days[6]!;
  const query = useBookings({ sort: 'appointment', ...filter, from: monday }, { enabled });
  const loaded = query.data?.pages.flatMap((p) => p.items) ?? [];
  const last = loaded.at(-1);
  const more =
    enabled && query.hasNextPage && !query.isFetchingNextPage && !query.isError && (!last || last.date <= sunday);
  const { fetchNextPage } = query;
  useEffect(() => {
    if (more) void fetchNextPage();
  }, [more, fetchNextPage]);
  return {
    query,
    days,
    bookings: loaded.filter((b) => b.date >= monday && b.date <= sunday),
    /** Still loading pages of this week. */
    loading: query.isPending || query.isPlaceholderData || more || query.isFetchingNextPage,
  };
}
