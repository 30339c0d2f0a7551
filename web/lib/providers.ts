import { useQuery } from '@tanstack/react-query';
import type { Provider } from '#shared/providers';
import { answer, client } from './api-client.ts';

/** Query keys of the clinic's providers: every one starts with `all`, so one invalidation covers them. */
export const providerKeys = {
  all: ['providers'] as const,
  admin: ['providers', 'admin'] as const,
  mine: ['providers', 'mine'] as const,
  timeOff: (id: string) => ['providers', 'time-off', id] as const,
};

/** GET /api/providers: the clinic's active providers by name (public). */
function getProviders(signal?: AbortSignal): Promise<Provider[]> {
  return answer(client.GET('/api/providers', { signal }));
}

/**
 * The clinic's active providers, for the public pages (the vets), the booking form and the staff agenda. Shared by
 * several features, so it lives here; a prerendered page renders without it and shows it once loaded.
 */
export function useProviders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: providerKeys.all,
    queryFn: ({ signal }) => getProviders(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** The providers who do a service. */
export const providersOf = (providers: Provider[] | undefined, serviceId: string | undefined) =>
  serviceId ? (providers ?? []).filter((p) => p.serviceIds.includes(serviceId)) : [];
