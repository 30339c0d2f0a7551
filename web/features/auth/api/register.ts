import { useMutation } from '@tanstack/react-query';
import { AuthResponseSchema, type AuthResponse, type RegisterFields } from '#shared/auth';
import { client } from '../../../lib/api-client.ts';
import { multipart, trusted } from '../../../lib/api-extra.ts';

interface RegisterInput extends RegisterFields {
  identityProof: File;
}

/** POST /api/auth/register as multipart/form-data (spec section 7); the server always creates a customer. */
function register(input: RegisterInput): Promise<AuthResponse> {
  const body = {
    name: input.name,
    email: input.email,
    password: input.password,
    phone: input.phone,
    address: input.address || undefined,
    bloodGroup: input.bloodGroup || undefined,
    role: 'user',
    identityProof: input.identityProof,
  };
  return trusted(AuthResponseSchema, client.POST('/api/auth/register', { body, bodySerializer: multipart }));
}

/** Registration mutation. */
export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
