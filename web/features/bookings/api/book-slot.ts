import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http';
import type { Booking } from '#shared/bookings';
import { answer, client } from '../../../lib/api-client.ts';
import type { paths } from '../../../lib/api/schema';
import { useBookingSaved } from '../lib/booking-lists.ts';

/** The body of POST /api/slots/book as the API documents it: the web sends the pet's age as a number. */
export type BookSlotRequest = NonNullable<
  paths['/api/slots/book']['post']['requestBody']
>['content']['application/json'];

/** POST /api/slots/book with the spec's JSON and the attempt's Idempotency-Key (a retry returns the stored booking). */
function bookSlot(body: BookSlotRequest, idempotencyKey: string): Promise<Booking> {
  return answer(
    client.POST('/api/slots/book', { params: { header: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }, body }),
  );
}

/** Books a slot: the booking joins the customer's list, and the seats load again (after a 409 too: they moved). */
export function useBookSlot() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookSlotRequest; idempotencyKey: string }) =>
      bookSlot(body, idempotencyKey),
    ...useBookingSaved(),
  });
}
