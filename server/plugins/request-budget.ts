import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../lib/client-address.ts';
import { bearerToken } from '../lib/session-token.ts';

/** A 429 for a client past its request budget. */
const tooManyRequests = (wait: string) => `Too many requests. Please slow down and try again in ${wait}.`;

/**
 * Every API request counts against its client's budget (`REQUEST_RATE_LIMIT` per minute): the account of a token
 * that verifies, else the client's address. Counted before any route work, so one client flooding any endpoint
 * is refused cheaply and cannot slow everyone else. A token is only verified here (no database); the route still
 * authenticates as before. Health checks and the API documents are not counted.
 */
export default fp(function requestBudgetPlugin(app: FastifyInstance, _opts, done) {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const token = bearerToken(request.headers.authorization);
    let key = `ip:${addressKey(request.ip)}`;
    if (token) {
      try {
        key = `user:${app.jwt.verify<{ sub: string }>(token).sub}`;
      } catch {
        // Not a token of ours: the address counts, and the route answers 401.
      }
    }
    await app.limits.enforce('request', key, reply, tooManyRequests);
  });
  done();
});
