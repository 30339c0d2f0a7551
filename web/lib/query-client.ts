import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { createReconnector } from './reconnect.ts';

/** True when a request failed because the server or its database was away for a moment (network error, 502-504). */
function isOutage(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || (error.status >= 502 && error.status <= 504));
}

/** Creates the app's query client: client errors (4xx) are not retried, server/network errors twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Loads again, on the reconnect schedule (and at once when the browser is back online or the tab visible), every
 * query on screen that failed because the server was away, until they all load: a list does not stay failed until
 * someone presses "Try again". Returns a function that stops it.
 */
export function recoverFailedQueries(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  const predicate = (q: { state: { status: string; error: unknown } }) =>
    q.state.status === 'error' && isOutage(q.state.error);
  let running = false;
  const retry = createReconnector(() => {
    void client.refetchQueries({ type: 'active', predicate }).then(() => {
      if (cache.findAll({ type: 'active', predicate }).length) retry.failed();
      else {
        running = false;
        retry.reset();
      }
    });
  });
  const unsubscribe = cache.subscribe((event) => {
    if (running || event.type !== 'updated' || event.action.type !== 'error' || !isOutage(event.action.error)) return;
    running = true;
    retry.failed();
  });
  return () => {
    unsubscribe();
    retry.stop();
  };
}

/** The single client of the running app (tests build their own with createQueryClient). */
export const queryClient = createQueryClient();
