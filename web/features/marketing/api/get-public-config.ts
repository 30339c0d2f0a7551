import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/settings';
import { api } from '../../../lib/api-client';

/** GET /api/config: the clinic's contact details and other public settings. */
export function getPublicConfig(): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config');
}

/** The public configuration; it rarely changes, so it is cached for the session. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });
}
