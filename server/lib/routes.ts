import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/common';

/**
 * How every route file reads:
 * - `export default routes((app) => { ... })`: the routes of one feature, declared on the zod-typed app;
 * - authentication and roles as the route's `onRequest` hook (`app.authenticate`, `app.requireRole(...)`): they run
 *   before the body is read or validated, so an anonymous caller hears 401 (and a wrong role 403) rather than
 *   about a field, and an upload is not buffered for someone who may not send it;
 * - `...secured` in the schema of every route that needs a token (the OpenAPI document shows the lock);
 * - `response: { 200: ..., ...errorReplies(400, 401) }` naming each error status the route answers.
 */
export function routes(register: (app: RouteApp) => void): FastifyPluginCallbackZod {
  return (app, _opts, done) => {
    register(app);
    done();
  };
}

/** The app a route file declares its routes on: request and reply types come from each route's zod schemas. */
export type RouteApp = Parameters<FastifyPluginCallbackZod>[0];

/** The OpenAPI annotation of a route that needs a bearer token. */
export const secured = { security: [{ bearerAuth: [] }] };

/** The response schemas of the error statuses a route answers: each one is our error body. */
export function errorReplies<C extends number>(...codes: C[]): Record<C, typeof ApiErrorSchema> {
  return Object.fromEntries(codes.map((c) => [c, ApiErrorSchema])) as Record<C, typeof ApiErrorSchema>;
}
