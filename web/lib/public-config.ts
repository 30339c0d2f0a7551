import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/settings';
import { api } from './api-client.ts';

/** GET /api/config: the shop's payee, the clinic's contact details and slot grid (an explicit whitelist). */
function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config', { signal });
}

const CONFIG_KEY = ['config'] as const;

/** The server's public configuration; it changes only on a restart, so it is fetched once per session. */
export function usePublicConfig() {
  return useQuery({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}

/** The clinic's time zone when the configuration is already loaded (no request is made), else the browser's. */
export function cachedTimeZone(client: QueryClient): string {
  return (
    client.getQueryData<PublicConfig>(CONFIG_KEY)?.slot.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  );
}
