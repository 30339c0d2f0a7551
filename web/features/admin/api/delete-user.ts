import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUsersKey } from './list-users.ts';

/** DELETE /api/users/{id}. */
function deleteUser(id: string): Promise<{ ok: true; id: string }> {
  return api(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletion; the admin lists refresh afterwards. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey() }),
  });
}
