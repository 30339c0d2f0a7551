import { describe, expect, it } from 'vitest';
import {
  GSTIN_MSG,
  gstinProblem,
  lineTax,
  placeOfSupplyOf,
  stateCodeOfName,
  stateCodeOfPin,
  sumTaxes,
  type GstRate,
} from './gst.ts';

describe('GSTIN', () => {
  it('accepts real GSTINs of registered businesses', () => {
    // Published GSTINs: a Maharashtra firm (the GST portal's own sample), a Karnataka company, Reliance Industries.
    for (const g of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27AAACR5055K1Z7', '24AAACC1206D1ZM'])
      expect(gstinProblem(g), g).toBeUndefined();
  });

  it('tells a typing mistake from a wrong format and from a state that does not exist', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(GSTIN_MSG.check); // last character changed
    expect(gstinProblem('27AAPFU0939F1VZ')).toBe(GSTIN_MSG.format); // two characters swapped out of place
    expect(gstinProblem('72AAPFU0939F1ZV')).toBe(GSTIN_MSG.state);
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(GSTIN_MSG.format);
    expect(gstinProblem('27aapfu0939f1zv')).toBe(GSTIN_MSG.format);
    expect(gstinProblem('27AAPF00939F1ZV')).toBe(GSTIN_MSG.format); // the PAN's fifth character is a letter
    expect(gstinProblem('29AAGCB7383J1Z5')).toBe(GSTIN_MSG.check);
  });
});

describe('place of supply', () => {
  it('reads the state from its name, the way people write it', () => {
    expect(stateCodeOfName('Maharashtra')).toBe('27');
    expect(stateCodeOfName(' tamil  nadu ')).toBe('33');
    expect(stateCodeOfName('Orissa')).toBe('21');
    expect(stateCodeOfName('J&K')).toBe('01');
    expect(stateCodeOfName('29')).toBe('29');
    expect(stateCodeOfName('Atlantis')).toBeUndefined();
  });

  it('falls back on the PIN code, then on the clinic state', () => {
    expect(stateCodeOfPin('560001')).toBe('29'); // Bengaluru
    expect(stateCodeOfPin('403001')).toBe('30'); // Panaji, inside Maharashtra's 40 range
    expect(stateCodeOfPin('834001')).toBe('20'); // Ranchi, inside Bihar's 8x range
    expect(stateCodeOfPin('012345')).toBeUndefined();
    expect(placeOfSupplyOf({ state: 'Karnataka', pin: '400001' }, '27')).toEqual({ stateCode: '29', from: 'state' });
    expect(placeOfSupplyOf({ state: 'Bombay side', pin: '400001' }, '29')).toEqual({ stateCode: '27', from: 'pin' });
    expect(placeOfSupplyOf({ state: 'Somewhere', pin: '999999' }, '29')).toEqual({ stateCode: '29', from: 'clinic' });
  });
});

const intra = (gstRate: GstRate, pricesIncludeTax = false) => ({ gstRate, pricesIncludeTax, interState: false });
const inter = (gstRate: GstRate, pricesIncludeTax = false) => ({ gstRate, pricesIncludeTax, interState: true });

describe('tax of a line', () => {
  it('adds CGST and SGST at half the rate each within the state, IGST at the whole rate across states', () => {
    expect(lineTax(100_000, intra(18))).toEqual({
      taxable: 100_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
      total: 118_000,
    });
    expect(lineTax(100_000, inter(18))).toEqual({ taxable: 100_000, cgst: 0, sgst: 0, igst: 18_000, total: 118_000 });
    expect(lineTax(50_000, intra(0))).toEqual({ taxable: 50_000, cgst: 0, sgst: 0, igst: 0, total: 50_000 });
  });

  it('rounds each tax to the paisa, half a paisa up', () => {
    // 2.5% of ₹0.50 is 1.25 paise; 14% of ₹12.39 is 173.46 paise; 9% of ₹8.50 is 76.5 paise
    expect(lineTax(50, intra(5))).toMatchObject({ cgst: 1, sgst: 1, total: 52 });
    expect(lineTax(1239, intra(28))).toMatchObject({ cgst: 173, sgst: 173, total: 1585 });
    expect(lineTax(850, intra(18))).toMatchObject({ cgst: 77, sgst: 77, total: 1004 });
    expect(lineTax(850, inter(18))).toMatchObject({ igst: 153, total: 1003 });
  });

  it('takes the tax out of an inclusive price, and the customer pays that price exactly', () => {
    expect(lineTax(118_000, intra(18, true))).toEqual({
      taxable: 100_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
      total: 118_000,
    });
    expect(lineTax(49_900, inter(12, true))).toEqual({ taxable: 44_554, cgst: 0, sgst: 0, igst: 5_346, total: 49_900 });
    // Every inclusive amount up to ₹100 at every rate: the total is the price, and the taxes are within two paise
    // (the two halves' roundings) of the rule applied to the taxable value shown.
    for (const rate of [5, 12, 18, 28] as GstRate[])
      for (const interState of [false, true])
        for (let amount = 1; amount <= 10_000; amount++) {
          const t = lineTax(amount, { gstRate: rate, pricesIncludeTax: true, interState });
          expect(t.total).toBe(amount);
          expect(t.taxable + t.cgst + t.sgst + t.igst).toBe(amount);
          const rule = lineTax(t.taxable, { gstRate: rate, pricesIncludeTax: false, interState });
          expect(Math.abs(rule.total - amount)).toBeLessThanOrEqual(2);
        }
  });

  it('sums lines of mixed rates into the document totals', () => {
    const lines = [lineTax(100_000, intra(18)), lineTax(50_000, intra(0)), lineTax(20_000, intra(5))];
    expect(sumTaxes(lines)).toEqual({ taxable: 170_000, cgst: 9_500, sgst: 9_500, igst: 0, total: 189_000 });
  });
});
