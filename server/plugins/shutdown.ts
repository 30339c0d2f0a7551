import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process is going away: set when a SIGTERM starts the drain, before the listener closes. */
    draining: { on: boolean };
  }
}

/** What a request hears from a process that is stopping: the app's 503, to be retried elsewhere. */
export const SHUTTING_DOWN_MESSAGE = 'This server is restarting. Please try again.';

/** How often idle keep-alive connections are closed while the app closes. */
const IDLE_SWEEP_MS = 100;

/**
 * Keep-alive connections end with the app: once `app.close()` starts, every answer carries `Connection: close`
 * (the client opens a new connection, to a process that is up, for its next request), and connections that turn
 * idle are closed at once. Node closes the idle ones only when `server.close()` is called; one whose request was
 * still in flight then would otherwise be kept open for the keep-alive timeout (72 s in Fastify), and close()
 * waits for it.
 */
export default fp(function shutdownPlugin(app: FastifyInstance, _opts, done) {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.decorate('draining', { on: false });

  // A request that arrives once closing started (on a keep-alive connection) is refused in the app's shape, with
  // when to retry (Fastify's own 503 for this has neither; it is turned off in app.ts).
  app.addHook('onRequest', (_request, reply, hookDone) => {
    if (!closing) return hookDone();
    void reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send(errorBody(SHUTTING_DOWN_MESSAGE, 'UNAVAILABLE'));
  });

  app.addHook('preClose', (hookDone) => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    app.log.info('closing: answering requests in flight with Connection: close');
    hookDone();
  });

  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    if (closing) reply.header('connection', 'close');
    hookDone(null, payload);
  });

  app.addHook('onClose', (_instance, hookDone) => {
    clearInterval(sweep);
    hookDone();
  });
  done();
});
