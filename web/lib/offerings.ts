import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '#shared/money';
import type { Service } from '#shared/offerings';
import { answer, client } from './api-client.ts';

/** Query keys of the clinic's services: every one starts with `all` (the public list), so one invalidation covers them. */
export const serviceKeys = {
  all: ['services'] as const,
  admin: ['services', 'admin'] as const,
};

/** GET /api/services: the clinic's active services in their order (public). */
function getOfferings(signal?: AbortSignal): Promise<Service[]> {
  return answer(client.GET('/api/services', { signal }));
}

/**
 * The clinic's active services, for the public pages, the booking form and the admin's screens. Shared by several
 * features, so it lives here; a prerendered page renders without it (no fetch on the server) and shows it once loaded.
 */
export function useOfferings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: serviceKeys.all,
    queryFn: ({ signal }) => getOfferings(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** "from ₹499": a service's price as the clinic shows it (a starting price); null when it has none. */
export const fromPrice = (price: number | null) => (price === null ? null : `from ${formatRupees(price)}`);

/** What a customer reads of a service's price: "from ₹800.00", or, until the clinic sets one, where to ask. */
export const customerPrice = (price: number | null) => fromPrice(price) ?? 'price: ask at the clinic';

/** "30 min", "1 hr", "1 hr 30 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}
