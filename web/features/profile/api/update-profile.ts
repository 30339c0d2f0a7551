import { useMutation } from '@tanstack/react-query';
import type { ProfileBodyInput, User } from '#shared/auth';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/users/profile: the signed-in user's own name, phone, address, blood group, reminder e-mails. */
function updateProfile(body: ProfileBodyInput): Promise<User> {
  return api<User>('/api/users/profile', { method: 'PUT', body });
}

/** Profile update mutation. */
export function useUpdateProfileMutation() {
  return useMutation({ mutationFn: updateProfile });
}
