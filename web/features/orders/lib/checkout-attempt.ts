import type { PlaceOrderBody } from '#shared/orders';
import { attemptKeys } from '../../../lib/attempt-key.ts';

const attempt = attemptKeys('checkoutAttempt');

function fingerprintOf(body: PlaceOrderBody): string {
  return JSON.stringify([body.items.map((i) => [i.productId, i.quantity]), body.address, body.paymentMethod]);
}

/**
 * The Idempotency-Key of this checkout attempt. The same basket, address and payment method keep their key, so
 * a retry after a timeout or a reload can never place a second order; any change starts a new attempt.
 */
export function idempotencyKeyFor(body: PlaceOrderBody): string {
  return attempt.keyFor(fingerprintOf(body));
}

/** Ends the attempt once its order is placed (or the server refused the key), so the next checkout gets a new key. */
export function finishAttempt(): void {
  attempt.finish();
}
