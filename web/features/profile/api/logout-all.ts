import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '#shared/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/logout-all: signs out every session of the account, this one included. */
function logoutAll(): Promise<MessageAnswer> {
  return api<MessageAnswer>('/api/auth/logout-all', { method: 'POST' });
}

/** Signs out everywhere. */
export function useLogoutAllMutation() {
  return useMutation({ mutationFn: logoutAll });
}
