import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthResponseSchema,
  FileNameSchema,
  LoginBodySchema,
  OwnAccountSchema,
  RegisterFieldsSchema,
  RegisterFormSchema,
  type LoginBody,
} from '#shared/auth';
import { IDENTITY_PROOF_MAX_BYTES } from '#shared/account-rules';
import { MSG } from '#shared/messages';
import { depsOf } from '../deps.ts';
import { AppError, errors } from '../errors.ts';
import { addressKey } from '../lib/client-address.ts';
import { nudgeOutbox } from '../outbox/queue.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { currentUser } from '../lib/caller.ts';
import { toOwnAccount, toOwnUser } from '../users/presenter.ts';
import { getUser, registerCustomer, verifyLogin } from '../users/service.ts';
import { detectProofMime } from './identity-proof.ts';
import { zodDetails, waitText } from '../errors.ts';

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

async function readParts(
  request: FastifyRequest,
  fields: Record<string, string>,
  onFile: (f: { data: Buffer; filename: string }) => void,
) {
  for await (const part of request.parts({
    limits: { fileSize: IDENTITY_PROOF_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096 },
  })) {
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
      // A field sent as JSON is not text: it reads as empty, and the form's schema says what is missing.
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  }
}

/** POST /api/auth/login, POST /api/auth/register, GET /api/auth/me (spec section 7). */
export default routes((app) => {
  const deps = depsOf(app);
  /** A 429 saying how long to wait, with Retry-After. */
  const refuse = (reply: FastifyReply, retryAfterSeconds: number, message: (wait: string) => string) => {
    reply.header('retry-after', retryAfterSeconds);
    return errors.rateLimited(message(waitText(retryAfterSeconds)));
  };

  /**
   * Only failed logins count, per client address and per account-and-address: a stranger elsewhere cannot lock an
   * account's owner out, and one address cannot try many passwords or many accounts. The attempt is counted before
   * the password is checked (so parallel guesses cannot all slip past a count still at zero) and given back when
   * it succeeds or fails for another reason than a wrong password.
   */
  async function loginLimited<T>(
    request: FastifyRequest<{ Body: LoginBody }>,
    reply: FastifyReply,
    login: () => Promise<T>,
  ): Promise<T> {
    const ip = addressKey(request.ip);
    const account = `${request.body.email}|${ip}`;
    const byIp = await app.limits.take('loginFailuresPerIp', ip);
    if (!byIp.allowed) {
      // An address over its limit is often many people behind one (an office, a carrier's NAT): an account with no
      // failures from it still gets its try, so its owner's right password works. Past twice the limit the
      // address is refused outright, which bounds what password spraying gains (decision 012).
      const ceiling = 2 * deps.config.limits.loginFailuresPerIp.points;
      const mine = await app.limits.check('loginFailuresPerAccountIp', account);
      if (mine.used > 0 || byIp.used > ceiling)
        throw refuse(
          reply,
          byIp.retryAfterSeconds,
          (wait) => `Too many failed logins from your network. Please try again in ${wait}.`,
        );
    }
    const byAccount = await app.limits.take('loginFailuresPerAccountIp', account);
    if (!byAccount.allowed) {
      await app.limits.refund('loginFailuresPerIp', ip);
      throw refuse(
        reply,
        byAccount.retryAfterSeconds,
        (wait) => `Too many failed logins for this account. Please try again in ${wait}.`,
      );
    }
    try {
      const result = await login();
      await Promise.all([
        app.limits.refund('loginFailuresPerIp', ip),
        app.limits.reset('loginFailuresPerAccountIp', account),
      ]);
      return result;
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 401)) {
        await Promise.all([
          app.limits.refund('loginFailuresPerIp', ip),
          app.limits.refund('loginFailuresPerAccountIp', account),
        ]);
      }
      throw err;
    }
  }

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password',
        body: LoginBodySchema,
        response: { 200: AuthResponseSchema, ...errorReplies(401, 429) },
      },
    },
    async (request, reply) => {
      const { user, sessionVersion } = await loginLimited(request, reply, () =>
        verifyLogin(deps, request.body.email, request.body.password),
      );
      return { token: app.signToken(user, sessionVersion), user: toOwnUser(user, deps.config) };
    },
  );

  app.post(
    '/api/auth/register',
    {
      // Counted before the form is read: a flood of 5 MB uploads is refused before its bytes are buffered.
      onRequest: (request, reply) =>
        app.limits.enforce(
          'register',
          addressKey(request.ip),
          reply,
          (wait) => `Too many sign-ups from this network. Please try again in ${wait}.`,
        ),
      schema: {
        tags: ['auth'],
        summary:
          'Register a customer account (multipart/form-data with an identityProof file); mails a link to verify the e-mail address',
        consumes: ['multipart/form-data'],
        multipartBody: RegisterFormSchema,
        response: { 201: AuthResponseSchema, ...errorReplies(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readRegisterForm(request);
      const parsed = RegisterFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const details = zodDetails(parsed.error.issues);
        throw errors.validation(details[0]!.message, details);
      }
      if (!file)
        throw errors.validation(MSG.identityProofRequired, [
          { path: 'identityProof', message: MSG.identityProofRequired },
        ]);
      const mime = await detectProofMime(file.data);
      const user = await registerCustomer(deps, parsed.data, { data: file.data, mime, filename: file.filename });
      // The verification mail was queued with the account.
      nudgeOutbox();
      return reply.status(201).send({ token: app.signToken(user), user: toOwnUser(user, deps.config) });
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "The signed-in user: the account's fields, and the same under `user` (the spec's shape)",
        ...secured,
        response: { 200: OwnAccountSchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return toOwnAccount(me.profile ?? (await getUser(deps, me.id)), deps.config);
    },
  );
});
