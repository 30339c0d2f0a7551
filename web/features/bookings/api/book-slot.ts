import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http';
import type { BookSlotInput, Booking } from '#shared/bookings';
import { api } from '../../../lib/api-client.ts';
import { useBookingSaved } from '../lib/booking-lists.ts';

/** POST /api/slots/book with the spec's JSON and the attempt's Idempotency-Key (a retry returns the stored booking). */
function bookSlot(body: BookSlotInput, idempotencyKey: string): Promise<Booking> {
  return api<Booking>('/api/slots/book', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Books a slot: the booking joins the customer's list, and the seats load again (after a 409 too: they moved). */
export function useBookSlot() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookSlotInput; idempotencyKey: string }) =>
      bookSlot(body, idempotencyKey),
    ...useBookingSaved(),
  });
}
