import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_CHANGED_EVENT } from '#shared/slots';
import { useSocketEvent } from '../../../lib/socket.ts';
import { slotKeys } from '../api/keys.ts';

/** Refetches every slots view when the server says a booking was created, confirmed or canceled. */
export function useLiveBookings(): void {
  const queryClient = useQueryClient();
  useSocketEvent(BOOKING_CHANGED_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: slotKeys.all });
  });
}
