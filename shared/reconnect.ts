import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS } from './realtime.ts';

/**
 * The web app's schedule for getting its server back (decision 016), here so that the server's tests and benches
 * reconnect exactly as a browser does.
 */

/** The longest wait between two attempts, reached after about two and a half minutes of trying. */
export const RECONNECT_DELAY_CAP_MS = 30_000;
// Slow growth after the spec's five attempts: a server that is back after a restart of half a minute is found
// within seconds, one that is away for long is asked at most twice a minute by each tab.
const TAIL_GROWTH = 1.2;

/**
 * Milliseconds to wait before attempt `attempt` (1-based). The spec's schedule for the first five (1 s doubling up to
 * 5 s), then a fifth longer each time up to 30 s, for ever. Each wait is shortened by up to half at random, as
 * socket.io's own backoff does, so clients that lost the server together do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const nominal =
    attempt <= SOCKET_RECONNECT_ATTEMPTS
      ? Math.min(SOCKET_RECONNECT_DELAY_MS * 2 ** (attempt - 1), SOCKET_RECONNECT_DELAY_MAX_MS)
      : Math.min(
          SOCKET_RECONNECT_DELAY_MAX_MS * TAIL_GROWTH ** (attempt - SOCKET_RECONNECT_ATTEMPTS),
          RECONNECT_DELAY_CAP_MS,
        );
  return Math.round(nominal * (1 - random() / 2));
}
