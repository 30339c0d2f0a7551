import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BOOKING_CHANGED_EVENT } from '#shared/slots';
import { useSocketEvent } from '../../../lib/socket.ts';
import { slotKeys } from '../api/keys.ts';

/** Events that arrive within this window are answered with one refetch, not one each. */
const SETTLE_MS = 500;

/**
 * Refetches the slots views on screen when the server says a booking changed (created, confirmed, canceled,
 * rescheduled, completed, no-show). A burst of events (a busy morning, a bulk change) costs one refetch.
 */
export function useLiveBookings(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSocketEvent(BOOKING_CHANGED_EVENT, () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: slotKeys.all });
    }, SETTLE_MS);
  });
}
