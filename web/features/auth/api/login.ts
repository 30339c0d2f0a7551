import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '#shared/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/login. */
function login(body: LoginBody): Promise<AuthResponse> {
  return api<AuthResponse>('/api/auth/login', { method: 'POST', body });
}

/** Login mutation; the page decides what to do with the session. */
export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
