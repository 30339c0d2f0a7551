import { useMutation } from '@tanstack/react-query';
import { ChangePasswordAnswerSchema, type ChangePasswordAnswer, type ChangePasswordBody } from '#shared/accounts';
import { client } from '../../../lib/api-client.ts';
import { trusted } from '../../../lib/api-extra.ts';

/** PUT /api/users/password: answers a fresh token for this session; every other session is signed out. */
function changePassword(body: ChangePasswordBody): Promise<ChangePasswordAnswer> {
  return trusted(ChangePasswordAnswerSchema, client.PUT('/api/users/password', { body }));
}

/** Changes the signed-in user's password. */
export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
