import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_DELAY_CAP_MS, createReconnector, reconnectDelay, serverAnswered, waitToRetry } from './reconnect.ts';

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

describe('createReconnector', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again after every failure, well beyond five, each after its scheduled wait', () => {
    let attempts = 0;
    const retry = createReconnector(() => {
      attempts += 1;
      retry.failed();
    });
    retry.failed();
    vi.advanceTimersByTime(100);
    expect(attempts).toBe(0);
    // Twelve attempts take at most 1+2+4+5+5+6+7.2+8.6+10.4+12.4+14.9+17.9 s.
    vi.advanceTimersByTime(100_000);
    expect(attempts).toBeGreaterThanOrEqual(12);
    retry.stop();
  });

  it('tries at once when the browser comes back online or the tab becomes visible, instead of waiting out a long delay', () => {
    let attempts = 0;
    const retry = createReconnector(() => {
      attempts += 1;
    });
    for (let i = 0; i < 15; i++) retry.failed(); // the next wait is 15-30 s
    window.dispatchEvent(new Event('online'));
    expect(attempts).toBe(1);

    retry.failed();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(attempts).toBe(2);

    // Nothing scheduled (connected): coming online starts no attempt.
    retry.reset();
    window.dispatchEvent(new Event('online'));
    expect(attempts).toBe(2);
    retry.stop();
  });

  it('tries at once when something else in the tab just reached the server (an API answer, the socket)', async () => {
    let attempts = 0;
    const retry = createReconnector(() => {
      attempts += 1;
    });
    for (let i = 0; i < 15; i++) retry.failed();
    let waited = false;
    void waitToRetry(15).then(() => {
      waited = true;
    });
    serverAnswered();
    expect(attempts).toBe(1);
    await Promise.resolve();
    expect(waited).toBe(true);
    retry.stop();
  });

  it('starts the schedule from its first, short wait again after a success', () => {
    let attempts = 0;
    const retry = createReconnector(() => {
      attempts += 1;
    });
    for (let i = 0; i < 9; i++) retry.failed();
    retry.reset();
    expect(retry.failed()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(attempts).toBe(1);
    retry.stop();
  });
});
