import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
  }
}

/** Makes the database and the configuration available to every route. The caller owns the database. */
export default fp(function dbPlugin(app: FastifyInstance, opts: { database: Database; config: Config }, done) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
  done();
});
