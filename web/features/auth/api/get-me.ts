import { UserSchema, type User } from '#shared/auth';
import { client } from '../../../lib/api-client.ts';
import { trusted } from '../../../lib/api-extra.ts';

/** GET /api/auth/me: the signed-in account as it is now (its e-mail may just have been verified). */
export function getMe(): Promise<User> {
  return trusted(UserSchema, client.GET('/api/auth/me'));
}
