import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BOOKING_CHANGED_EVENT } from '#shared/slots';
import { useSession } from '../../../lib/session.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';
import { applyBooking, refreshCounts } from './booking-lists.ts';

/** Events that arrive within this window are answered with one refetch of the counts, not one each. */
const SETTLE_MS = 500;

/**
 * Keeps the slots views on screen current when the server says a booking changed (created, confirmed, canceled,
 * rescheduled, completed, no-show): the event's row replaces, joins or leaves every cached list at once, without a
 * request. The counts and seats, small aggregates, load again, once for a burst of events.
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
}
