import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookSlotInput, SlotBooking } from '#shared/slots';
import { api } from '../../../lib/api-client';
import { slotKeys } from './keys';

/** POST /api/slots/book with the spec's JSON. */
export function bookSlot(body: BookSlotInput): Promise<SlotBooking> {
  return api<SlotBooking>('/api/slots/book', { method: 'POST', body });
}

/** Books a slot; seats and the customer's list are refetched whatever the outcome (a 409 means they moved). */
export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSlot,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}
