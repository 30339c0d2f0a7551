import type { BookSlotRequest } from '../api/book-slot.ts';
import { attemptKeys } from '../../../lib/attempt-key.ts';

const attempt = attemptKeys('bookingAttempt');

/**
 * The Idempotency-Key of this booking attempt. Sending the same booking again (after a lost answer or a reload)
 * keeps the key, so the server returns the booking it stored instead of refusing the pet's "second" booking.
 */
export function bookingKeyFor(body: BookSlotRequest): string {
  return attempt.keyFor(
    JSON.stringify([
      body.userId,
      body.schedule,
      body.serviceId ?? null,
      body.petId ?? null,
      body.petName ?? null,
      body.ownerName,
      body.petAge ?? null,
      body.phone,
      body.note ?? null,
      body.pickupAddress ?? null,
    ]),
  );
}

/** Ends the attempt once it booked (or was refused for good), so the next booking, even of the same slot, is new. */
export function finishBookingAttempt(): void {
  attempt.finish();
}
