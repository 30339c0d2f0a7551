import type { User } from '#shared/auth';
import { api } from '../../../lib/api-client.ts';

/** GET /api/auth/me: the signed-in account as it is now (its e-mail may just have been verified). */
export function getMe(): Promise<User> {
  return api<User>('/api/auth/me');
}
