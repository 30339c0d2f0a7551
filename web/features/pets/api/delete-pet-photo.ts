import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { api } from '../../../lib/api-client.ts';
import { petKeys } from './keys.ts';

/** DELETE /api/pets/{id}/photo */
function deletePetPhoto(id: string): Promise<Pet> {
  return api<Pet>(`/api/pets/${encodeURIComponent(id)}/photo`, { method: 'DELETE' });
}

/** Removes a pet's photo; the pet lists and its record are refetched. */
export function useDeletePetPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePetPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
