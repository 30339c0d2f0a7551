import { useQuery } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { api } from '../../../lib/api-client.ts';
import { petKeys } from './keys.ts';

/** GET /api/pets: the signed-in customer's pets (archived ones only when asked). */
function getPets(archived: boolean, signal?: AbortSignal) {
  return api<Pet[]>('/api/pets', { query: archived ? { archived: 'true' } : {}, signal });
}

/** The customer's pets, for My pets and the booking form's pet picker. */
export function usePets({ archived = false, enabled = true }: { archived?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: petKeys.mine(archived),
    queryFn: ({ signal }) => getPets(archived, signal),
    enabled,
    staleTime: 30_000,
  });
}
