import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet } from '#shared/pets';
import { answer, client } from '../../../lib/api-client.ts';
import { petKeys } from '../../../lib/pets.ts';

/** DELETE /api/pets/{id}: archives the pet; its bookings and visits stay. */
function archivePet(id: string): Promise<Pet> {
  return answer(client.DELETE('/api/pets/{id}', { params: { path: { id } } }));
}

/** Archives a pet; the pet lists are refetched. */
export function useArchivePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archivePet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
