import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaceOrderBody } from '#shared/orders';
import { finishAttempt, idempotencyKeyFor } from './checkout-attempt.ts';
import { upiPayLink } from './upi.ts';

const address = {
  name: 'Pet Owner',
  pin: '560001',
  city: 'Bengaluru',
  house: '4',
  landmark: 'MG Road',
  state: 'Karnataka',
  country: 'India',
};
const body = (quantity: number, paymentMethod: PlaceOrderBody['paymentMethod'] = 'cod'): PlaceOrderBody => ({
  items: [{ productId: 3, quantity }],
  address,
  paymentMethod,
});

describe('checkout attempt keys', () => {
  beforeEach(() => finishAttempt());

  it('a retry of the same order reuses its key, even after a reload', () => {
    const key = idempotencyKeyFor(body(2));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKeyFor(body(2))).toBe(key);
    expect(JSON.parse(sessionStorage.getItem('checkoutAttempt')!)).toMatchObject({ key });
  });

  it('a changed order or a finished attempt gets a new key', () => {
    const key = idempotencyKeyFor(body(2));
    const changed = idempotencyKeyFor(body(3));
    expect(changed).not.toBe(key);
    expect(idempotencyKeyFor(body(3, 'upi'))).not.toBe(changed);
    const again = idempotencyKeyFor(body(1));
    finishAttempt();
    expect(idempotencyKeyFor(body(1))).not.toBe(again);
  });
});

describe('UPI link', () => {
  it('pays the shop the exact amount in rupees, with spaces percent-encoded', () => {
    expect(
      upiPayLink({ upiId: 'pawcare@upi', payeeName: 'Pawcare Pet Clinic', amount: 3750, note: 'Pawcare order' }),
    ).toBe('upi://pay?pa=pawcare%40upi&pn=Pawcare%20Pet%20Clinic&am=3750.00&cu=INR&tn=Pawcare%20order');
  });
});
