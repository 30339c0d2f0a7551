import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { useMarkSeen } from './use-mark-seen.ts';

type Callbacks = { onSuccess: () => void; onError: (err: unknown) => void };

/** The hook with a fake mark that answers as told; `rerender` is what a refetched unread count does. */
function setup(answer: () => Error | null) {
  const mark = vi.fn((cb: Callbacks) => {
    const err = answer();
    if (err) cb.onError(err);
    else cb.onSuccess();
  });
  const hook = renderHook(
    (p: { unreadCount: number; messageCount: number; tick: number }) =>
      useMarkSeen({ open: true, marking: false, mark, unreadCount: p.unreadCount, messageCount: p.messageCount }),
    { initialProps: { unreadCount: 2, messageCount: 5, tick: 0 } },
  );
  return { mark, hook };
}

afterEach(() => vi.useRealTimers());

describe('marking the open conversation read', () => {
  it('stops after a refusal (a customer since made staff gets 404), until a new message arrives', () => {
    const { mark, hook } = setup(() => new ApiError(404, 'NOT_FOUND', 'Conversation not found'));
    expect(mark).toHaveBeenCalledTimes(1);
    // The refusal refetches the unread count: the screen renders again, many times, and nothing is sent.
    for (let tick = 1; tick <= 20; tick++) hook.rerender({ unreadCount: 2, messageCount: 5, tick });
    hook.rerender({ unreadCount: 3, messageCount: 5, tick: 21 });
    expect(mark).toHaveBeenCalledTimes(1);
    // A new message is a reason to try once more.
    hook.rerender({ unreadCount: 3, messageCount: 6, tick: 22 });
    expect(mark).toHaveBeenCalledTimes(2);
  });

  it('tries again after a failure of the network, later each time', () => {
    vi.useFakeTimers();
    const { mark, hook } = setup(() => new ApiError(0, 'NETWORK', 'Network error'));
    expect(mark).toHaveBeenCalledTimes(1);
    hook.rerender({ unreadCount: 2, messageCount: 5, tick: 1 });
    expect(mark).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(mark).toHaveBeenCalledTimes(2);
    act(() => void vi.advanceTimersByTime(1000));
    expect(mark).toHaveBeenCalledTimes(2);
    act(() => void vi.advanceTimersByTime(1000));
    expect(mark).toHaveBeenCalledTimes(3);
  });

  it('marks once when it works, and again when something new is unread', () => {
    let unread = 2;
    const { mark, hook } = setup(() => {
      unread = 0;
      return null;
    });
    expect(mark).toHaveBeenCalledTimes(1);
    hook.rerender({ unreadCount: unread, messageCount: 5, tick: 1 });
    expect(mark).toHaveBeenCalledTimes(1);
    hook.rerender({ unreadCount: 1, messageCount: 6, tick: 2 });
    expect(mark).toHaveBeenCalledTimes(2);
  });
});
