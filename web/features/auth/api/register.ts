import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterFields } from '#shared/auth';
import { api } from '../../../lib/api-client.ts';

interface RegisterInput extends RegisterFields {
  identityProof: File;
}

/** POST /api/auth/register as multipart/form-data (spec section 7); the server always creates a customer. */
function register(input: RegisterInput): Promise<AuthResponse> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('email', input.email);
  form.set('password', input.password);
  form.set('phone', input.phone);
  if (input.address) form.set('address', input.address);
  if (input.bloodGroup) form.set('bloodGroup', input.bloodGroup);
  form.set('role', 'user');
  form.set('identityProof', input.identityProof);
  return api<AuthResponse>('/api/auth/register', { method: 'POST', body: form });
}

/** Registration mutation. */
export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
