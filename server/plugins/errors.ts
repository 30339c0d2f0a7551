import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { innermostReason, isDatabaseUnavailable } from '../db/client';
import { AppError, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors';

/** Maps a zod issue list to our details and picks the first message as the headline (the spec's text). */
export function zodDetails(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** One error handler for the whole app: 4xx with `{ error, code }`, 5xx logged and hidden. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = (err as { validationContext?: string }).validationContext;
      const details = err.validation.map((v) => {
        const path = (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
        // A body that is not an object at all (missing, a string, an array) gets a sentence, not zod's jargon.
        const notAnObject = path === '' && context === 'body' && v.keyword === 'invalid_type';
        const message = notAnObject ? 'The request body must be a JSON object' : (v.message ?? 'Invalid value');
        return { path, message };
      });
      return reply.status(400).send({ error: details[0]?.message ?? 'Invalid request', code: 'VALIDATION', details });
    }
    if (err instanceof ZodError) {
      const details = zodDetails(err.issues);
      return reply.status(400).send({ error: details[0]?.message ?? 'Invalid request', code: 'VALIDATION', details });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, url: request.url }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: err.message || 'Too many requests, please try again later', code: 'RATE_LIMITED' });
    }
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ error: 'Unsupported content type: send JSON (Content-Type: application/json)', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : err.message || 'Bad request';
      return reply.status(status).send({ error: message, code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(err)) {
      // Not the request's fault and not a bug: a short line (the driver's error may quote the query), and a 503
      // the web client answers by keeping the session and retrying.
      request.log.warn({ route: request.routeOptions.url, reason: innermostReason(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ error: UNAVAILABLE_MESSAGE, message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    request.log.error({ err, url: request.url, method: request.method }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side', code: 'INTERNAL' });
  });
});
