import { errorBody, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.ts';
import { SHUTTING_DOWN_MESSAGE } from './plugins/shutdown.ts';
import { routes } from './lib/routes.ts';
import type { LinkState } from './plugins/socket.ts';

/**
 * GET /healthz (the process answers) and GET /readyz (the process can serve: the database answers; Redis, when
 * configured, is reported, and its absence only degrades).
 */
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
    // Stopping: not ready, so a load balancer sends new requests elsewhere while this process still answers them.
    if (app.draining.on)
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ ok: false, ...errorBody(SHUTTING_DOWN_MESSAGE, 'UNAVAILABLE'), db: app.database.kind, redis });
    try {
      await app.database.ping();
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      return reply
        .status(503)
        .send({ ok: false, ...errorBody('Database unreachable', 'UNAVAILABLE'), db: app.database.kind, redis });
    }
    // Without Redis the process still serves everything: limits count per process and live events reach this
    // process's clients only, and they resync when it returns. Ready, reported as degraded in the body, so a load
    // balancer does not take every process out of service for a Redis outage.
    if (redis === 'unavailable') return { ok: true, db: app.database.kind, redis, degraded: ['redis'] };
    return { ok: true, db: app.database.kind, redis };
  });
});
