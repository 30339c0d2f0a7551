import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthResponseSchema, FileNameSchema, LoginBodySchema, RegisterFieldsSchema, RegisterFormSchema, UserSchema } from '#shared/auth';
import { ApiErrorSchema } from '#shared/common';
import { IDENTITY_PROOF_MAX_BYTES } from '#shared/constants';
import { MSG } from '#shared/messages';
import { AppError, errors } from '../errors';
import { currentUser } from '../plugins/auth';
import { zodDetails } from '../plugins/errors';
import { getUser, registerCustomer, verifyLogin } from '../users/service';
import { detectProofMime } from './identity-proof';

const REGISTER_FIELDS = new Set(['name', 'email', 'password', 'phone', 'address', 'bloodGroup', 'role']);

/** Reads the multipart registration form: text fields plus one identityProof file of at most 5 MB. */
async function readRegisterForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw errors.unsupportedMedia('Registration must be sent as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { data: Buffer; filename: string } | undefined;
  try {
    await readParts(request, fields, (f) => (file = f));
  } catch (err) {
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode === 413) throw err;
    // busboy's own errors (no boundary, truncated body, ...) are the client's malformed form, not our fault.
    throw errors.badRequest('The registration form could not be read: send it as multipart/form-data');
  }
  return { fields, file };
}

async function readParts(request: FastifyRequest, fields: Record<string, string>, onFile: (f: { data: Buffer; filename: string }) => void) {
  for await (const part of request.parts({ limits: { fileSize: IDENTITY_PROOF_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'identityProof') {
        part.file.resume();
        throw errors.badRequest(`Unexpected file field "${part.fieldname}"`);
      }
      const name = FileNameSchema.safeParse(part.filename);
      if (!name.success) {
        part.file.resume();
        const message = name.error.issues[0]!.message;
        throw errors.validation(message, [{ path: 'identityProof', message }]);
      }
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge('Identity proof must be at most 5 MB');
        throw err;
      });
      if (data.length > 0) onFile({ data, filename: part.filename });
    } else if (REGISTER_FIELDS.has(part.fieldname)) {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
}

/** POST /api/auth/login, POST /api/auth/register, GET /api/auth/me (spec section 7). */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cfg = app.config;

  const perIp = app.rateLimit({
    max: cfg.LOGIN_RATE_LIMIT_IP,
    timeWindow: '1 minute',
    keyGenerator: (req) => `login-ip:${req.ip}`,
    // Thrown by the plugin, so our error handler answers `{ error, code: 'RATE_LIMITED' }` with 429.
    errorResponseBuilder: (_req, ctx) => errors.rateLimited(`Too many login attempts. Please try again in ${ctx.after}.`),
  });
  const registerPerIp = app.rateLimit({
    max: cfg.LOGIN_RATE_LIMIT_IP,
    timeWindow: '1 minute',
    keyGenerator: (req) => `register-ip:${req.ip}`,
    errorResponseBuilder: (_req, ctx) => errors.rateLimited(`Too many sign-up attempts. Please try again in ${ctx.after}.`),
  });
  // Not `app.rateLimit`: the plugin runs only the first of its handlers per request, so a second one (after the
  // per-IP limit) would be skipped silently. `createRateLimit` only counts; we answer ourselves.
  const emailCounter = app.createRateLimit({
    max: cfg.LOGIN_RATE_LIMIT_EMAIL,
    timeWindow: 15 * 60_000,
    keyGenerator: (req) => `login-email:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
  });
  async function perEmail(request: FastifyRequest, reply: FastifyReply) {
    const r = await emailCounter(request);
    if (r.isAllowed || !r.isExceeded) return;
    reply.header('retry-after', r.ttlInSeconds);
    const minutes = Math.max(1, Math.ceil(r.ttlInSeconds / 60));
    throw errors.rateLimited(
      `Too many login attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  app.post(
    '/api/auth/login',
    {
      onRequest: perIp,
      preHandler: perEmail,
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password',
        body: LoginBodySchema,
        response: { 200: AuthResponseSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = await verifyLogin(app.db, request.body.email, request.body.password);
      return { token: app.signToken(user), user };
    },
  );

  app.post(
    '/api/auth/register',
    {
      onRequest: registerPerIp,
      schema: {
        tags: ['auth'],
        summary: 'Register a customer account (multipart/form-data with an identityProof file)',
        consumes: ['multipart/form-data'],
        multipartBody: RegisterFormSchema,
        response: { 201: AuthResponseSchema, 400: ApiErrorSchema, 409: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readRegisterForm(request);
      const parsed = RegisterFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const details = zodDetails(parsed.error.issues);
        throw errors.validation(details[0]!.message, details);
      }
      if (!file) throw errors.validation(MSG.identityProofRequired, [{ path: 'identityProof', message: MSG.identityProofRequired }]);
      const mime = await detectProofMime(file.data);
      const user = await registerCustomer(app.db, parsed.data, { data: file.data, mime, filename: file.filename });
      return reply.status(201).send({ token: app.signToken(user), user });
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: UserSchema, 401: ApiErrorSchema } },
    },
    async (request) => {
      const me = currentUser(request);
      return me.profile ?? getUser(app.db, me.id);
    },
  );
}
