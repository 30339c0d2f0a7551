import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Executor } from './db/client.ts';

/**
 * What a service function works with, always its first argument. Each function takes the part it uses
 * (`Pick<Deps, 'db'>`, `Pick<Deps, 'io'>`, ...), so a test or a script passes only that (`{ db }`) and a route
 * passes `depsOf(app)`. Inside a transaction pass `{ db: tx }`: the function then runs in it.
 */
export interface Deps {
  /** The database, or the transaction the caller runs the function in. */
  db: Executor;
  config: Config;
  /** Live events to the browsers' sockets; call only after the change they report has committed. */
  io: FastifyInstance['io'];
}

/** The app's dependencies for its routes; call once the socket plugin is registered (as routes are). */
export function depsOf(app: FastifyInstance): Deps {
  return { db: app.db, config: app.config, io: app.io };
}
