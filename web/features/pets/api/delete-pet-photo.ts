import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { answer, client } from '../../../lib/api-client.ts';
import { petKeys } from '../../../lib/pets.ts';

/** DELETE /api/pets/{id}/photo */
function deletePetPhoto(id: string): Promise<Pet> {
  return answer(client.DELETE('/api/pets/{id}/photo', { params: { path: { id } } }));
}

/** Removes a pet's photo; the pet lists and its record are refetched. */
export function useDeletePetPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePetPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
