import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, PetCreateInput } from '#shared/pets';
import { answer, client } from '../../../lib/api-client.ts';
import { petKeys } from '../../../lib/pets.ts';

/** PUT /api/pets/{id}: the fields sent change, null clears one. */
function updatePet({ id, body }: { id: string; body: Partial<PetCreateInput> }): Promise<Pet> {
  return answer(client.PUT('/api/pets/{id}', { params: { path: { id } }, body }));
}

/** Changes a pet; the pet lists and its record are refetched. */
export function useUpdatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
