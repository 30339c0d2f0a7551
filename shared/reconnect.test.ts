import { describe, expect, it } from 'vitest';
import { RECONNECT_DELAY_CAP_MS, reconnectDelay } from './reconnect.ts';

const noJitter = () => 0;
const fullJitter = () => 1;

describe('the reconnect schedule', () => {
  it("keeps the spec's first five attempts: 1 s doubling up to 5 s", () => {
    expect([1, 2, 3, 4, 5].map((n) => reconnectDelay(n, noJitter))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('goes on after the fifth attempt, waiting longer each time up to 30 s, and never stops', () => {
    const tail = Array.from({ length: 45 }, (_, i) => reconnectDelay(6 + i, noJitter));
    expect(tail.slice(0, 5)).toEqual([6000, 7200, 8640, 10368, 12442]);
    expect(tail.every((ms) => ms === Math.min(ms, RECONNECT_DELAY_CAP_MS) && ms > 5000)).toBe(true);
    expect(tail.at(-1)).toBe(RECONNECT_DELAY_CAP_MS);
  });

  it('shortens each wait by up to half at random, so clients do not all return at the same instant', () => {
    expect(reconnectDelay(1, fullJitter)).toBe(500);
    expect(reconnectDelay(20, fullJitter)).toBe(15_000);
    expect(reconnectDelay(20, () => 0.5)).toBe(22_500);
  });
});
