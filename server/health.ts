import { errorBody } from './errors.ts';
import { routes } from './lib/routes.ts';
import type { LinkState } from './plugins/socket.ts';

/** GET /healthz (the process answers) and GET /readyz (the database and, when configured, Redis answer too). */
export default routes((app) => {
  /** Redis as the rate limits and the link between processes see it: both must be up to be 'ready'. */
  const redisState = (): LinkState => {
    const limits = app.limits.redisReady();
    const link = app.realtime.state();
    if (limits === undefined && link === 'off') return 'off';
    return limits !== false && link !== 'unavailable' ? 'ready' : 'unavailable';
  };
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const redis = redisState();
    try {
      await app.database.ping();
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      return reply
        .status(503)
        .send({ ok: false, ...errorBody('Database unreachable', 'UNAVAILABLE'), db: app.database.kind, redis });
    }
    // Without Redis, limits count per process and live events stay within one process: not ready to serve.
    if (redis === 'unavailable')
      return reply
        .status(503)
        .send({ ok: false, ...errorBody('Redis unreachable', 'UNAVAILABLE'), db: app.database.kind, redis });
    return { ok: true, db: app.database.kind, redis };
  });
});
