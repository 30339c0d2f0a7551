import type { PlaceOrderBody } from '#shared/orders';
import { randomId } from './random-id';

const STORAGE_KEY = 'checkoutAttempt';

interface Attempt {
  key: string;
  fingerprint: string;
}

function fingerprintOf(body: PlaceOrderBody): string {
  return JSON.stringify([body.items.map((i) => [i.productId, i.quantity]), body.address, body.paymentMethod]);
}

function read(): Attempt | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const v = raw ? (JSON.parse(raw) as Partial<Attempt>) : null;
    return v && typeof v.key === 'string' && typeof v.fingerprint === 'string' ? { key: v.key, fingerprint: v.fingerprint } : null;
  } catch {
    return null;
  }
}

function write(a: Attempt | null): void {
  try {
    if (a) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(a));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without session storage a retry after a reload gets a new key; retries within the page still reuse it.
  }
}

let memory: Attempt | null = null;

/**
 * The Idempotency-Key of this checkout attempt. The same basket, address and payment method keep their key, so
 * a retry after a timeout or a reload can never place a second order; any change starts a new attempt.
 */
export function idempotencyKeyFor(body: PlaceOrderBody): string {
  const fingerprint = fingerprintOf(body);
  const current = read() ?? memory;
  if (current && current.fingerprint === fingerprint) return current.key;
  const key = randomId();
  memory = { key, fingerprint };
  write(memory);
  return key;
}

/** Ends the attempt once its order is placed (or the server refused the key), so the next checkout gets a new key. */
export function finishAttempt(): void {
  memory = null;
  write(null);
}
