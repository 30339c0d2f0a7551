import { reconnectDelay } from '#shared/reconnect';

const SERVER_ANSWERED = 'pawcare:server-answered';

/**
 * Tells every reconnect loop of this tab that the server just answered (an API call, the socket, a page's code), so
 * the ones still waiting try at once instead of waiting out their own schedule.
 */
export function serverAnswered(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SERVER_ANSWERED));
}

/** Schedules attempts to get something back (a socket, failed queries); see createReconnector. */
export interface Reconnector {
  /** An attempt failed or the connection dropped: schedules the next attempt. Returns that attempt's number. */
  failed(): number;
  /** Back (or given up on purpose): no attempt is scheduled and the next failure starts the schedule again. */
  reset(): void;
  /** Runs the scheduled attempt now instead of waiting (a Retry button); nothing when none is scheduled. */
  now(): void;
  /** Removes the timer and the listeners. */
  stop(): void;
}

/**
 * Calls `attempt` on the reconnect schedule after each failure, without ever giving up, and at once when the browser
 * comes back online, the tab becomes visible again (a sleeping laptop, a phone's network switching) or something
 * else in the tab reached the server (serverAnswered).
 */
export function createReconnector(attempt: () => void): Reconnector {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const now = () => {
    if (timer === undefined) return;
    clear();
    attempt();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') now();
  };
  window.addEventListener('online', now);
  window.addEventListener(SERVER_ANSWERED, now);
  document.addEventListener('visibilitychange', onVisibility);
  return {
    failed() {
      failures += 1;
      clear();
      timer = setTimeout(() => {
        timer = undefined;
        attempt();
      }, reconnectDelay(failures));
      return failures;
    },
    reset() {
      failures = 0;
      clear();
    },
    now,
    stop() {
      clear();
      window.removeEventListener('online', now);
      window.removeEventListener(SERVER_ANSWERED, now);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** Resolves after the wait before attempt `attempt`, or sooner for the same reasons as createReconnector tries at once. */
export function waitToRetry(attempt: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      window.removeEventListener(SERVER_ANSWERED, done);
      document.removeEventListener('visibilitychange', onVisibility);
      resolve();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') done();
    };
    const timer = setTimeout(done, reconnectDelay(attempt));
    window.addEventListener('online', done);
    window.addEventListener(SERVER_ANSWERED, done);
    document.addEventListener('visibilitychange', onVisibility);
  });
}
