import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '#shared/auth';
import { answer, client } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/login. The answer is not checked against the shared schema: the login page checks the one thing it
 * acts on, the role, and refuses one it does not know with the spec's own message ("Invalid role detected!").
 */
function login(body: LoginBody): Promise<AuthResponse> {
  return answer(client.POST('/api/auth/login', { body }));
}

/** Login mutation; the page decides what to do with the session. */
export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
