import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

/** GET /healthz (the process answers) and GET /readyz (the database answers too). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    try {
      await app.database.ping();
      return { ok: true, db: app.database.kind };
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      return reply.status(503).send({ ok: false, ...errorBody('Database unreachable', 'INTERNAL') });
    }
  });
}
