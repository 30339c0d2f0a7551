import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

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

/** The single client of the running app (tests build their own with createQueryClient). */
export const queryClient = createQueryClient();
