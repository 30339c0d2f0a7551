import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageAnswer } from '#shared/accounts';
import { answer, client } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: mails a reset link when the account exists; the answer is the same either way. */
function forgotPassword(body: ForgotPasswordBody): Promise<MessageAnswer> {
  return answer(client.POST('/api/auth/forgot-password', { body }));
}

/** Asks for a password reset link. */
export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
