import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { answer, client } from '../../../lib/api-client.ts';
import { multipart } from '../../../lib/api-extra.ts';
import { petKeys } from '../../../lib/pets.ts';

/** PUT /api/pets/{id}/photo: multipart, one file "photo" (the server checks its bytes and size). */
function setPetPhoto({ id, file }: { id: string; file: File }): Promise<Pet> {
  return answer(
    client.PUT('/api/pets/{id}/photo', { params: { path: { id } }, body: { photo: file }, bodySerializer: multipart }),
  );
}

/** Sets or replaces a pet's photo; the pet lists and its record are refetched. */
export function useSetPetPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPetPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
