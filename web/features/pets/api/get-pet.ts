import { useQuery } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { answer, client } from '../../../lib/api-client.ts';
import { petKeys } from '../../../lib/pets.ts';

/** GET /api/pets/{id}: one pet (its owner and staff). */
function getPet(id: string, signal?: AbortSignal): Promise<Pet> {
  return answer(client.GET('/api/pets/{id}', { params: { path: { id } }, signal }));
}

/** One pet, for its record page. */
export function usePet(id: string) {
  return useQuery({
    queryKey: petKeys.one(id),
    queryFn: ({ signal }) => getPet(id, signal),
    staleTime: 30_000,
  });
}
