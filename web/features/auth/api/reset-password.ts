import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, ResetPasswordBody } from '#shared/accounts';
import { answer, client } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password: the reset link's token and the new password; every session is signed out. */
function resetPassword(body: ResetPasswordBody): Promise<MessageAnswer> {
  return answer(client.POST('/api/auth/reset-password', { body }));
}

/** Sets a new password from a reset link. */
export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
