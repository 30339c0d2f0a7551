import type { FastifyRequest } from 'fastify';
import type { User } from '#shared/auth';
import type { Role } from '#shared/roles';
import { errors } from '../errors.ts';

/**
 * Who is calling: the signed-in person, loaded fresh from the database on every request (role changes apply at
 * once) by the auth plugin (server/plugins/auth.ts). Every feature may import this file; none imports the plugin.
 */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The whole public user as loaded by the auth check (saves GET /api/auth/me a second query). */
  profile?: User;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a request that passed `authenticate` (or an optional sign-in), else null. */
    auth: AuthUser | null;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}
