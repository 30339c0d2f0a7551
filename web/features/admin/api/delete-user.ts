import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../../lib/api-client.ts';
import { adminUsersKey } from './list-users.ts';

/** DELETE /api/users/{id}. */
function deleteUser(id: string) {
  return answer(client.DELETE('/api/users/{id}', { params: { path: { id } } }));
}

/** Deletion; the admin lists refresh afterwards. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey() }),
  });
}
