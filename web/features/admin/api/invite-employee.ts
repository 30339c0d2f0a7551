import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationAnswer, InvitationBody } from '#shared/accounts';
import { client } from '../../../lib/api-client.ts';
import { withStatus } from '../../../lib/api-extra.ts';
import { adminUsersKey } from './list-users.ts';

/** What an invitation did: `created` a new invited employee (201), or sent a fresh link to one not yet joined (200). */
interface InvitationResult {
  employee: InvitationAnswer;
  created: boolean;
}

/** POST /api/users/invitations: mails the invitation; 201 for a new employee, 200 when it is sent again. */
async function inviteEmployee(body: InvitationBody): Promise<InvitationResult> {
  const { data, status } = await withStatus(client.POST('/api/users/invitations', { body }));
  return { employee: data, created: status === 201 };
}

/** Invites an employee by e-mail; the employee list loads again so the invitee shows up in it. */
export function useInviteEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey('employees') }),
  });
}
