import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageAnswer } from '#shared/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: mails a reset link when the account exists; the answer is the same either way. */
function forgotPassword(body: ForgotPasswordBody): Promise<MessageAnswer> {
  return api<MessageAnswer>('/api/auth/forgot-password', { method: 'POST', body });
}

/** Asks for a password reset link. */
export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
