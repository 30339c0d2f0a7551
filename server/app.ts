import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errors } from './errors.ts';
import auditRoutes from './audit/routes.ts';
import analyticsRoutes from './analytics/routes.ts';
import accountRoutes from './auth/account-routes.ts';
import authRoutes from './auth/routes.ts';
import cartRoutes from './cart/routes.ts';
import catalogueRoutes from './catalogue/routes.ts';
import chatRoutes from './chat/routes.ts';
import healthRoutes from './health.ts';
import { httpCors } from './lib/cors.ts';
import { documentTransforms } from './lib/openapi.ts';
import notificationRoutes from './notifications/routes.ts';
import orderRoutes from './orders/routes.ts';
import invoiceRoutes from './invoices/routes.ts';
import petRoutes from './pets/routes.ts';
import petRecordRoutes from './pet-record/routes.ts';
import vaccineRoutes from './vaccines/routes.ts';
import certificateRoutes from './certificates/routes.ts';
import authPlugin from './plugins/auth.ts';
import { prepareUserById } from './users/service.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin, { frameworkErrors } from './plugins/errors.ts';
import limitsPlugin from './plugins/limits.ts';
import requestBudgetPlugin from './plugins/request-budget.ts';
import shutdownPlugin from './plugins/shutdown.ts';
import socketPlugin from './plugins/socket.ts';
import serviceRoutes from './offerings/routes.ts';
import settingsRoutes from './settings/routes.ts';
import emergencyRoutes from './emergencies/routes.ts';
import reminderRoutes from './reminders/routes.ts';
import rideRoutes from './rides/routes.ts';
import slotRoutes from './bookings/routes.ts';
import providerRoutes from './providers/routes.ts';
import avatarRoutes from './users/avatar.ts';
import userRoutes from './users/routes.ts';
import { registerWeb } from './web.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; default web/dist. */
  webDir?: string;
}

/** The body limit of the routes whose bodies are a few small fields. */
const SMALL_BODY_LIMIT = 8 * 1024;
const SMALL_BODY_ROUTES = new Set([
  '/api/auth/login',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/verify-email',
  '/api/auth/resend-verification',
  '/api/auth/accept-invitation',
  '/api/auth/logout',
  '/api/auth/logout-all',
  '/api/users/password',
]);

/** Builds the Fastify app (plugins, then routes) without listening. The caller owns the database. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const proxies = config.TRUST_PROXY;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Forwarded addresses only from the proxies TRUST_PROXY names: anyone else could pick their own IP. Fastify
    // trusts nobody for a bare hop count, so the hops are counted here (the socket is hop 0).
    trustProxy: typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
    forceCloseConnections: 'idle',
    // Requests that arrive while closing get the app's 503 with Retry-After (plugins/shutdown.ts), not Fastify's.
    return503OnClosing: false,
    ajv: undefined,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON or multipart only: a text/plain body would reach the schemas as a bare string (a confusing 400);
  // without a parser it is a clear 415.
  app.removeContentTypeParser('text/plain');
  // Clients that send `Content-Type: application/json` with no body (common on DELETE) are not malformed:
  // treat the body as absent and let the route's schema decide.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  // Ecosystem plugins.
  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);
  await app.register(dbPlugin, { database: opts.database, config });
  await app.register(limitsPlugin, {
    limits: config.limits,
    redisUrl: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
  });
  const securityHeaders = await helmetHeaders(config.publicUrlGiven ? config.PUBLIC_URL : undefined);
  // @fastify/helmet rebuilds helmet's middleware (re-parsing the CSP) on every request; the headers never change,
  // so they are computed once and set with one call.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(cors, httpCors(config.CORS_ORIGIN));
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
  // A form posted to a JSON endpoint would otherwise fail schema validation with an unhelpful message.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.schema?.body && request.isMultipart()) {
      return done(errors.unsupportedMedia('This endpoint expects a JSON body (Content-Type: application/json)'));
    }
    done();
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pawcare API',
        version: '1.0.0',
        description: 'Bookings, shop, chat and administration of a pet-care business.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    ...documentTransforms(),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Our plugins.
  await app.register(authPlugin, {
    secret: config.JWT_SECRET,
    expiresIn: config.JWT_EXPIRES_IN,
    loadUser: prepareUserById({ db: app.db }),
  });
  await app.register(socketPlugin, { redisUrl: config.REDIS_URL, corsOrigin: config.CORS_ORIGIN });
  await app.register(requestBudgetPlugin);

  // Routes.
  // A login, a password form or a link's token is a few hundred bytes: those routes, open to anyone, read at most
  // 8 kB, so a flood of large bodies is refused before it is read (every other JSON route: 1 MB, set above).
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && SMALL_BODY_ROUTES.has(route.url)) route.bodyLimit = SMALL_BODY_LIMIT;
  });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(userRoutes);
  await app.register(avatarRoutes);
  await app.register(settingsRoutes);
  await app.register(notificationRoutes);
  await app.register(serviceRoutes);
  await app.register(slotRoutes);
  await app.register(providerRoutes);
  await app.register(rideRoutes);
  await app.register(emergencyRoutes);
  await app.register(reminderRoutes);
  await app.register(petRoutes);
  await app.register(petRecordRoutes);
  await app.register(vaccineRoutes);
  await app.register(certificateRoutes);
  await app.register(catalogueRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(invoiceRoutes);
  await app.register(chatRoutes);
  await app.register(auditRoutes);
  await app.register(analyticsRoutes);

  await registerWeb(app, opts.webDir ?? path.join(rootDir, 'web', 'dist'));
  return app;
}

/** Helmet's options. People's pictures may be addressed under PUBLIC_URL (decision 043): pages load images from there. */
const helmetOptions = (publicUrl: string | undefined) => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(publicUrl ? [new URL(publicUrl).origin] : [])],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The security headers helmet sets with our options, read once from a throw-away instance. */
async function helmetHeaders(publicUrl: string | undefined): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(publicUrl));
  probe.get('/', () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
  return Object.fromEntries(
    Object.entries(res.headers).filter(([k, v]) => !skip.has(k) && typeof v === 'string'),
  ) as Record<string, string>;
}
