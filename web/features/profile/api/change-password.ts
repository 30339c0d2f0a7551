import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordAnswer, ChangePasswordBody } from '#shared/accounts';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/users/password: answers a fresh token for this session; every other session is signed out. */
function changePassword(body: ChangePasswordBody): Promise<ChangePasswordAnswer> {
  return api<ChangePasswordAnswer>('/api/users/password', { method: 'PUT', body });
}

/** Changes the signed-in user's password. */
export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
