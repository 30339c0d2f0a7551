import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, PetCreateInput } from '#shared/pets';
import { api } from '../../../lib/api-client.ts';
import { petKeys } from './keys.ts';

/** POST /api/pets */
function createPet(body: PetCreateInput): Promise<Pet> {
  return api<Pet>('/api/pets', { method: 'POST', body });
}

/** Adds a pet; the pet lists are refetched. */
export function useCreatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
