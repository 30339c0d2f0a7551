import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { api } from '../../../lib/api-client.ts';
import { petKeys } from './keys.ts';

/** PUT /api/pets/{id}/photo: multipart, one file "photo" (the server checks its bytes and size). */
function setPetPhoto({ id, file }: { id: string; file: File }): Promise<Pet> {
  const form = new FormData();
  form.append('photo', file);
  return api<Pet>(`/api/pets/${encodeURIComponent(id)}/photo`, { method: 'PUT', body: form });
}

/** Sets or replaces a pet's photo; the pet lists and its record are refetched. */
export function useSetPetPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPetPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
