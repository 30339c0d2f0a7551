import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/settings';
import { api } from '../../../lib/api-client';

/** GET /api/config: the clinic's slot grid, time zone and hospital info defaults. */
export function getClinicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config', { signal });
}

/** The server's public configuration; it changes only on a restart, so it is cached for the session. */
export function useClinicConfig() {
  return useQuery({ queryKey: ['config'], queryFn: ({ signal }) => getClinicConfig(signal), staleTime: Infinity });
}
