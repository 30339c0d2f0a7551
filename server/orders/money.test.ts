import { describe, expect, it } from 'vitest';
import { discountedPrice, formatRupees, lineTotalPaise, toPaise } from '#shared/money';

describe('money helpers shared by the server and the checkout page', () => {
  it('reads amounts into exact paise', () => {
    expect(toPaise('2500.00')).toBe(250000);
    expect(toPaise('0.1')).toBe(10);
    expect(toPaise('12.345')).toBe(1234);
    expect(toPaise(19.99)).toBe(1999);
    expect(() => toPaise('ten')).toThrow();
  });

  it('computes a line as price x quantity x (1 - discount/100), rounded to the paisa', () => {
    expect(lineTotalPaise(250000, 2, 25)).toBe(375000);
    expect(lineTotalPaise(1999, 3, 7)).toBe(5577); // 59.97 * 0.93 = 55.7721
    expect(lineTotalPaise(1, 1, 50)).toBe(1); // half a paisa rounds up
  });

  it('shows rupees with Indian grouping and two decimals', () => {
    expect(formatRupees(3750)).toBe('₹3,750.00');
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(discountedPrice({ price: 250, discount: 8 })).toBe(230);
  });
});
