import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '#shared/accounts';
import { answer, client } from '../../../lib/api-client.ts';

/** POST /api/auth/logout-all: signs out every session of the account, this one included. */
function logoutAll(): Promise<MessageAnswer> {
  return answer(client.POST('/api/auth/logout-all'));
}

/** Signs out everywhere. */
export function useLogoutAllMutation() {
  return useMutation({ mutationFn: logoutAll });
}
