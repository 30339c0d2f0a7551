import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CLINIC_SETTINGS_EVENT } from '#shared/realtime';
import { BOOKING_CHANGED_EVENT } from '#shared/bookings';
import { slotKeys } from '../api/keys.ts';
import { useSession } from '../../../lib/session.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';
import { applyBooking, refreshCounts } from './booking-lists.ts';

/** Events that arrive within this window are answered with one refetch of the counts, not one each. */
const SETTLE_MS = 500;

/**
 * Keeps the slots views on screen current when the server says a booking changed (created, confirmed, canceled,
 * rescheduled, completed, no-show): the event's row replaces, joins or leaves every cached list at once, without a
 * request. The counts and seats, small aggregates, load again, once for a burst of events. When an admin saves the
 * clinic's settings, the calendars, times and the list of bookings outside the hours load again.
 */
export function useLiveBookings(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSocketEvent(BOOKING_CHANGED_EVENT, (e) => {
    applyBooking(queryClient, e.booking, user?.id);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void refreshCounts(queryClient);
    }, SETTLE_MS);
  });
  // New hours or closures change every calendar, every day's times and which bookings lie outside the hours.
  useSocketEvent(CLINIC_SETTINGS_EVENT, () => {
    void refreshCounts(queryClient);
    void queryClient.invalidateQueries({ queryKey: slotKeys.outsideHours });
  });
}
