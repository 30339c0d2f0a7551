import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { innermostReason, isDatabaseUnavailable } from '../db/client.ts';
import { AppError, errorBody, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS, zodDetails } from '../errors.ts';
import { refusedValueMessage } from '../lib/refused-value.ts';

/**
 * Errors the router raises before any hook or handler runs (a path escape that is not UTF-8, a path parameter too
 * long): answered with our error body, with a fixed message rather than the echoed path.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, body] =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, errorBody('The address is too long', 'BAD_REQUEST')]
      : err.code === 'FST_ERR_BAD_URL'
        ? [400, errorBody('The address is not valid: it holds an escape that is not UTF-8', 'BAD_REQUEST')]
        : [500, errorBody('Something went wrong on our side', 'INTERNAL')];
  // Fastify's option expects no return value; the reply is sent without waiting for it.
  void reply.status(status).send(body);
}

/** One error handler for the whole app: 4xx with `{ error, message, code }`, 5xx logged and hidden. */
export default fp(function errorsPlugin(app: FastifyInstance, _opts, done) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorBody(err.message, err.code, err.details));
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
      return reply.status(400).send(errorBody(details[0]?.message ?? 'Invalid request', 'VALIDATION', details));
    }
    if (err instanceof ZodError) {
      const details = zodDetails(err.issues);
      return reply.status(400).send(errorBody(details[0]?.message ?? 'Invalid request', 'VALIDATION', details));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, url: request.url }, 'response did not match its schema');
      return reply.status(500).send(errorBody('Something went wrong on our side', 'INTERNAL'));
    }
    // The last line of defence behind the schemas: a value the database refuses is the client's, not a 500.
    const refused = refusedValueMessage(err);
    if (refused) {
      request.log.warn(
        { route: request.routeOptions.url, method: request.method },
        'the database refused a value of the request',
      );
      return reply.status(400).send(errorBody(refused, 'BAD_REQUEST'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody(err.message || 'Too many requests, please try again later', 'RATE_LIMITED'));
    }
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(errorBody('The request is too large', 'PAYLOAD_TOO_LARGE'));
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send(
          errorBody('Unsupported content type: send JSON (Content-Type: application/json)', 'UNSUPPORTED_MEDIA_TYPE'),
        );
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        err instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : err.message || 'Bad request';
      return reply.status(status).send(errorBody(message, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST'));
    }
    if (isDatabaseUnavailable(err)) {
      // Not the request's fault and not a bug: a short line (the driver's error may quote the query), and a 503
      // the web client answers by keeping the session and retrying.
      request.log.warn({ route: request.routeOptions.url, reason: innermostReason(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(errorBody(UNAVAILABLE_MESSAGE, 'UNAVAILABLE'));
    }
    request.log.error({ err, url: request.url, method: request.method }, 'unhandled error');
    return reply.status(500).send(errorBody('Something went wrong on our side', 'INTERNAL'));
  });
  done();
});
