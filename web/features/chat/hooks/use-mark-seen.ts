import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/** The longest wait between two tries to mark a conversation read after the server could not be reached. */
const RETRY_MAX_MS = 30_000;

interface MarkSeenInput {
  /** The conversation is on screen. */
  open: boolean;
  unreadCount: number;
  /** How many messages are shown: a new one is a reason to try again after a refusal. */
  messageCount: number;
  marking: boolean;
  /** Marks the conversation read; calls back once the server answered. */
  mark: (callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}

/**
 * Marks a conversation read while it is on screen and something in it is unread. A refusal (4xx: the person is no
 * longer a customer, the conversation is not theirs) stops the tries until a new message arrives; another failure
 * (a 5xx, the network) is tried again later and later (1 s, 2 s, 4 s ... up to 30 s). Without this, a refused mark
 * refetched the unread count, which asked to mark again, about twenty times a second.
 */
export function useMarkSeen({ open, unreadCount, messageCount, marking, mark }: MarkSeenInput) {
  const refusedAt = useRef<number | null>(null);
  const failures = useRef(0);
  const waitUntil = useRef(0);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (!open || unreadCount === 0 || marking) return;
    if (refusedAt.current === messageCount) return;
    const wait = waitUntil.current - Date.now();
    if (wait > 0) {
      const timer = setTimeout(() => setRetry((n) => n + 1), wait);
      return () => clearTimeout(timer);
    }
    mark({
      onSuccess: () => {
        failures.current = 0;
        refusedAt.current = null;
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
          refusedAt.current = messageCount;
          return;
        }
        failures.current += 1;
        waitUntil.current = Date.now() + Math.min(RETRY_MAX_MS, 1000 * 2 ** (failures.current - 1));
        // Look again: the effect then waits out the delay before the next try.
        setRetry((n) => n + 1);
      },
    });
  }, [open, unreadCount, marking, messageCount, mark, retry]);
}
