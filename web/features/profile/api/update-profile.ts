import { useMutation } from '@tanstack/react-query';
import { UserSchema, type ProfileBodyInput, type User } from '#shared/auth';
import { client } from '../../../lib/api-client.ts';
import { trusted } from '../../../lib/api-extra.ts';

/** PUT /api/users/profile: the signed-in user's own name, phone, address, blood group, reminder e-mails. */
function updateProfile(body: ProfileBodyInput): Promise<User> {
  return trusted(UserSchema, client.PUT('/api/users/profile', { body }));
}

/** Profile update mutation. */
export function useUpdateProfileMutation() {
  return useMutation({ mutationFn: updateProfile });
}
