import { useQuery } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { api } from '../../../lib/api-client.ts';
import { petKeys } from './keys.ts';

/** GET /api/pets/{id}: one pet (its owner and staff). */
function getPet(id: string, signal?: AbortSignal) {
  return api<Pet>(`/api/pets/${encodeURIComponent(id)}`, { signal });
}

/** One pet, for its record page. */
export function usePet(id: string) {
  return useQuery({
    queryKey: petKeys.one(id),
    queryFn: ({ signal }) => getPet(id, signal),
    staleTime: 30_000,
  });
}
