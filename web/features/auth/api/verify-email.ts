import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, VerifyEmailBody } from '#shared/accounts';
import { answer, client } from '../../../lib/api-client.ts';

/** POST /api/auth/verify-email: the verification link's token proves the address (no login needed). */
function verifyEmail(body: VerifyEmailBody): Promise<MessageAnswer> {
  return answer(client.POST('/api/auth/verify-email', { body }));
}

/** Verifies an e-mail address from its link. */
export function useVerifyEmailMutation() {
  return useMutation({ mutationFn: verifyEmail });
}
