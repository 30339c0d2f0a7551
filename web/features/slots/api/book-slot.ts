import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/constants';
import type { BookSlotInput, SlotBooking } from '#shared/slots';
import { api } from '../../../lib/api-client.ts';
import { slotKeys } from './keys.ts';

/** POST /api/slots/book with the spec's JSON and the attempt's Idempotency-Key (a retry returns the stored booking). */
function bookSlot(body: BookSlotInput, idempotencyKey: string): Promise<SlotBooking> {
  return api<SlotBooking>('/api/slots/book', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Books a slot; seats and the customer's list are refetched whatever the outcome (a 409 means they moved). */
export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookSlotInput; idempotencyKey: string }) =>
      bookSlot(body, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}
