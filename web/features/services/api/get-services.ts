import { useQuery } from '@tanstack/react-query';
import type { Service } from '#shared/services';
import { api } from '../../../lib/api-client.ts';
import { serviceKeys } from './keys.ts';

/** GET /api/services: the clinic's active services in their order (public). */
export function getServices(signal?: AbortSignal): Promise<Service[]> {
  return api<Service[]>('/api/services', { signal });
}

/** The clinic's active services, for the public pages and the booking form. */
export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: serviceKeys.all,
    queryFn: ({ signal }) => getServices(signal),
    enabled,
    staleTime: 60_000,
  });
}
