import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '#shared/roles';
import type { User } from '#shared/auth';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isUuid } from '../lib/ids.ts';
import { tokenHashOf } from '../lib/session-token.ts';

/**
 * What the JWT carries. Only `sub` is trusted for identity; `sv` must equal the user's session version (raising it
 * signs out every session); the rest is a hint for clients. A token without `sv` predates session versions and
 * counts as version 1.
 */
interface TokenPayload {
  sub: string;
  role: Role;
  name: string;
  sv?: number;
  /** A random id per token: two logins in the same second are two sessions. */
  jti?: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A route's onRequest hook: 401 unless a valid token of an existing user is sent. */
    authenticate: onRequestAsyncHookHandler;
    /** A route's onRequest hook: 401 when anonymous, 403 unless the user has one of the roles. */
    requireRole: (...roles: Role[]) => onRequestAsyncHookHandler;
    /** Signs a token for a user at their session version (1, that of a new account, unless given). */
    signToken: (user: { id: string; role: Role; name: string }, sessionVersion?: number) => string;
    /**
     * Verifies a token and loads its user; null when invalid, signed out (an older session version) or the user is
     * gone; throws when the database is away.
     */
    userFromToken: (token: string | undefined) => Promise<AuthUser | null>;
  }
}

/**
 * A user by id with their session version, and whether the token of `tokenHash` was logged out; null when there is
 * no such user (the users feature provides it).
 */
type UserLoader = (
  id: string,
  tokenHash: string,
) => Promise<{ user: User; sessionVersion: number; ended: boolean } | null>;

interface AuthOptions {
  secret: string;
  expiresIn: string;
  /** Loads the user a token names; passed in by the app so this plugin depends on no feature. */
  loadUser: UserLoader;
}

/** JWT (HS256) auth with role guards. */
export default fp(async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: opts.expiresIn },
    // A token must say when it ends: one signed without `exp` (by a script holding the secret) is refused.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
  });
  app.decorateRequest('auth', null);

  const userById = opts.loadUser;
  /**
   * The user of a token's `sub` and `sv`: null when gone, signed out everywhere since (an older session version), or
   * when this token was logged out.
   */
  async function loadUser(id: string, sv: number, token: string): Promise<AuthUser | null> {
    if (!isUuid(id)) return null;
    const found = await userById(id, tokenHashOf(token));
    // The version and the logout come with the row the check loads anyway: neither costs a query.
    if (!found || found.sessionVersion !== sv || found.ended) return null;
    const { user } = found;
    return { id: user.id, name: user.name, email: user.email, role: user.role, profile: user };
  }

  app.decorate('userFromToken', async (token: string | undefined) => {
    if (!token) return null;
    let payload: TokenPayload;
    try {
      payload = app.jwt.verify<TokenPayload>(token);
    } catch {
      return null;
    }
    // A failed lookup (database away) is thrown on, never read as "no such user": that would log people out.
    return loadUser(payload.sub, payload.sv ?? 1, token);
  });

  app.decorate('signToken', (user: { id: string; role: Role; name: string }, sessionVersion = 1) =>
    // jti: two logins of one account in the same second get two tokens, so logging one out leaves the other.
    app.jwt.sign({ sub: user.id, role: user.role, name: user.name, sv: sessionVersion, jti: randomUUID() }),
  );

  async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (!match) throw errors.unauthenticated();
    const user = await app.userFromToken(match[1]);
    if (!user) throw errors.unauthenticated('Your session has expired, please log in again');
    request.auth = user;
  }
  app.decorate('authenticate', authenticate);

  app.decorate('requireRole', (...roles: Role[]) => {
    return async function requireRole(request: FastifyRequest) {
      if (!request.auth) await authenticate(request);
      if (!roles.includes(request.auth!.role)) throw errors.forbidden();
    };
  });
});
