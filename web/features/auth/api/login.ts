import { useMutation } from '@tanstack/react-query';
import { AuthResponseSchema, type AuthResponse, type LoginBody } from '#shared/auth';
import { client } from '../../../lib/api-client.ts';
import { trusted } from '../../../lib/api-extra.ts';

/** POST /api/auth/login. */
function login(body: LoginBody): Promise<AuthResponse> {
  return trusted(AuthResponseSchema, client.POST('/api/auth/login', { body }));
}

/** Login mutation; the page decides what to do with the session. */
export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
