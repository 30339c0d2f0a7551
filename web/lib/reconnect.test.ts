import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReconnector, serverAnswered, waitToRetry } from './reconnect.ts';

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
