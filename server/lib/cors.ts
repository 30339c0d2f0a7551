import type { FastifyCorsOptions } from '@fastify/cors';
import type { ServerOptions } from 'socket.io';
import { TOTAL_COUNT_HEADER } from '#shared/http';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/orders';

/** The HTTP methods the API answers: a preflight from a configured origin allows each of them. */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
/** The request headers the API reads (besides the CORS-safelisted ones). */
const CORS_ALLOWED_HEADERS = ['authorization', 'content-type', IDEMPOTENCY_KEY_HEADER];

/** CORS_ORIGIN's comma-separated origins, or false (same origin only) when it is unset. */
function corsOrigins(value: string | undefined): string[] | false {
  const origins = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return origins.length ? origins : false;
}

/** @fastify/cors options for CORS_ORIGIN. */
export function httpCors(value: string | undefined): FastifyCorsOptions {
  return {
    origin: corsOrigins(value),
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    // Lists put their next-page cursor (and the catalogue its total) in a header; a web app on another origin must
    // be able to read them.
    exposedHeaders: ['x-next-cursor', TOTAL_COUNT_HEADER, 'x-unread-count', 'retry-after'],
    // A browser asks once per ten minutes per URL instead of before every PUT or DELETE.
    maxAge: 600,
  };
}

/** Socket.IO's cors option for the same origins (its polling transport sends GET and POST). */
export function socketCors(value: string | undefined): ServerOptions['cors'] {
  const origin = corsOrigins(value);
  return origin ? { origin, methods: ['GET', 'POST'], credentials: true } : undefined;
}
