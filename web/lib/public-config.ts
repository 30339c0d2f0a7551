import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/settings';
import { api } from './api-client.ts';

/** GET /api/config: the shop's payee, the clinic's contact details and slot grid (an explicit whitelist). */
function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config', { signal });
}

/** The server's public configuration; it changes only on a restart, so it is fetched once per session. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}
