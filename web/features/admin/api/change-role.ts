import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '#shared/auth';
import type { Role } from '#shared/roles';
import { answer, client } from '../../../lib/api-client.ts';
import { adminUsersKey } from './list-users.ts';

/** PUT /api/users/{id}/role. */
function changeRole(id: string, role: Role): Promise<AdminUser> {
  return answer(client.PUT('/api/users/{id}/role', { params: { path: { id } }, body: { role } }));
}

/** Role change; both admin lists refresh afterwards (the person moves from one to the other). */
export function useChangeRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => changeRole(id, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey() }),
  });
}
