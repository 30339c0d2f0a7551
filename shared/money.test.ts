import { describe, expect, it } from 'vitest';
import { paiseText, parseRupees, roundedShare, toRupees } from './money.ts';
import { amountInWords } from './money-words.ts';

describe('rupees and paise', () => {
  it('reads what a client sends into exact paise, and refuses what is not an amount of rupees', () => {
    expect(parseRupees(118)).toBe(11800);
    expect(parseRupees('118.5')).toBe(11850);
    expect(parseRupees(' 0.05 ')).toBe(5);
    expect(parseRupees(19.99)).toBe(1999);
    expect(parseRupees('-12.30')).toBe(-1230);
    for (const bad of ['12.345', '1,180.00', 'ten', '', '1e3', 0.1 + 0.2, Number.NaN, Infinity])
      expect(parseRupees(bad)).toBeUndefined();
  });

  it('writes paise back as rupees and as two-decimal text', () => {
    expect(toRupees(11850)).toBe(118.5);
    expect(toRupees(1)).toBe(0.01);
    expect(paiseText(11850)).toBe('118.50');
    expect(paiseText(5)).toBe('0.05');
    expect(paiseText(-5)).toBe('-0.05');
    expect(paiseText(123456789)).toBe('1234567.89');
    expect(() => toRupees(1.5)).toThrow();
  });

  it('rounds a share to the paisa, half a paisa up, in integers', () => {
    expect(roundedShare(1250, 9, 100)).toBe(113); // 112.5 -> 113
    expect(roundedShare(1249, 9, 100)).toBe(112); // 112.41 -> 112
    expect(roundedShare(50, 5, 200)).toBe(1); // 1.25 -> 1
    expect(roundedShare(-1250, 9, 100)).toBe(-113);
    expect(roundedShare(8475, 18, 100)).toBe(1526); // 1525.5 -> 1526
    // 1.005 x 100 in floating point is 100.49999..., which Math.round would take down
    expect(roundedShare(1005, 1, 10)).toBe(101);
  });
});

describe('amounts in words, in lakh and crore', () => {
  it('writes invoice totals as Indian invoices print them', () => {
    expect(amountInWords(12345678_50)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And Fifty Paise Only',
    );
    expect(amountInWords(1_00_000_00)).toBe('One Lakh Rupees Only');
    expect(amountInWords(100)).toBe('One Rupee Only');
    expect(amountInWords(1180_00)).toBe('One Thousand One Hundred Eighty Rupees Only');
    expect(amountInWords(-250_00)).toBe('Minus Two Hundred Fifty Rupees Only');
  });
});
