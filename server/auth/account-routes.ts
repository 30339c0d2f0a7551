import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_MSG,
  AcceptInvitationAnswerSchema,
  AcceptInvitationBodySchema,
  ChangePasswordAnswerSchema,
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  InvitationAnswerSchema,
  InvitationBodySchema,
  MessageAnswerSchema,
  ResetPasswordBodySchema,
  VerifyEmailBodySchema,
} from '#shared/accounts';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { addressKey } from '../lib/client-address.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { nudgeOutbox } from '../outbox/queue.ts';
import { currentUser } from '../lib/caller.ts';
import { sessionRoom, userRoom } from '../lib/realtime.ts';
import { bearerToken, tokenHashOf } from '../lib/session-token.ts';
import { toAdminUser, toOwnUser } from '../users/presenter.ts';
import { getUser } from '../users/service.ts';
import {
  acceptInvitation,
  changePassword,
  endSession,
  inviteEmployee,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signOutEverywhere,
  verifyEmail,
} from './accounts.ts';

/**
 * How long a forgot-password answer takes at least, whether or not the account exists and whether or not a mail was
 * queued: the answer's timing says nothing about which addresses have accounts.
 */
const FORGOT_ANSWER_MS = 300;

const ok = (message: string) => ({ ok: true as const, message });

/**
 * The account flows of issue 16 (shared/accounts.ts is their contract): forgot and reset password, change password,
 * sign out everywhere, e-mail verification and staff invitations.
 */
export default routes((app) => {
  const deps = depsOf(app);
  const adminOnly = app.requireRole('admin');
  /** Every open socket of a user closes; their reconnect with a signed-out token fails the handshake. */
  const dropSockets = (userId: string) => app.io.in(userRoom(userId)).disconnectSockets(true);

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Forgot password: mails a reset link (valid 30 minutes) when the account exists; the answer is the same either way. Limited per network (429) and per address (more requests get the same answer, but no mail)',
        body: ForgotPasswordBodySchema,
        response: { 200: MessageAnswerSchema, ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      await app.limits.enforce(
        'forgotPasswordPerIp',
        addressKey(request.ip),
        reply,
        (wait) => `Too many password reset requests from your network. Please try again in ${wait}.`,
      );
      // Counted for every address, with or without an account, so a refusal says nothing either; these limits
      // concern mails only, never logging in or using a link already received.
      const perEmail = await app.limits.take('forgotPasswordPerEmail', request.body.email);
      if (perEmail.allowed && (await requestPasswordReset(deps, request.body.email))) nudgeOutbox();
      const wait = FORGOT_ANSWER_MS - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      return ok(ACCOUNT_MSG.forgotSent);
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Reset password with a reset link's token: sets the password, marks the e-mail verified and signs out every session (log in again). 400 TOKEN_INVALID for a used, expired or unknown link",
        body: ResetPasswordBodySchema,
        response: { 200: MessageAnswerSchema, ...errorReplies(400) },
      },
    },
    async (request) => {
      const userId = await resetPassword(deps, request.body.token, request.body.password);
      dropSockets(userId);
      return ok(ACCOUNT_MSG.passwordReset);
    },
  );

  /**
   * Counts a wrong current password like a failed login, per account: counted before the check (parallel guesses
   * cannot slip past a count at zero) and given back unless the password was wrong.
   */
  async function passwordChecked<T>(request: FastifyRequest, reply: FastifyReply, change: () => Promise<T>) {
    const key = currentUser(request).id;
    await app.limits.enforce(
      'passwordFailures',
      key,
      reply,
      (wait) => `Too many wrong passwords. Please try again in ${wait}.`,
    );
    try {
      const result = await change();
      await app.limits.reset('passwordFailures', key);
      return result;
    } catch (err) {
      const wrongPassword = err instanceof AppError && err.details?.some((d) => d.path === 'currentPassword');
      if (!wrongPassword) await app.limits.refund('passwordFailures', key);
      throw err;
    }
  }

  app.put(
    '/api/users/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary:
          'Change own password (currentPassword, newPassword): signs out every other session and answers a fresh token for this one. A wrong current password is a 400 on currentPassword',
        ...secured,
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordAnswerSchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const sessionVersion = await passwordChecked(request, reply, () =>
        changePassword(deps, me.id, request.body.currentPassword, request.body.newPassword),
      );
      dropSockets(me.id);
      const user = await getUser(deps, me.id);
      return { token: app.signToken(user, sessionVersion), user: toOwnUser(user, deps.config) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'Log out: this token stops working at once and its sockets close; the account stays signed in on its other devices',
        ...secured,
        response: { 200: MessageAnswerSchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const token = bearerToken(request.headers.authorization)!;
      const { exp } = app.jwt.decode<{ exp: number }>(token)!;
      const tokenHash = tokenHashOf(token);
      await endSession(deps, me.id, tokenHash, new Date(exp * 1000));
      app.io.in(sessionRoom(tokenHash)).disconnectSockets(true);
      return ok(ACCOUNT_MSG.signedOut);
    },
  );

  app.post(
    '/api/auth/logout-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every token of the account stops working, this one included',
        ...secured,
        response: { 200: MessageAnswerSchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await signOutEverywhere(deps, me.id);
      dropSockets(me.id);
      return ok(ACCOUNT_MSG.signedOutEverywhere);
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Verify the e-mail address with a verification link's token (no sign-in needed). 400 TOKEN_INVALID for a used, expired or unknown link",
        body: VerifyEmailBodySchema,
        response: { 200: MessageAnswerSchema, ...errorReplies(400) },
      },
    },
    async (request) => {
      await verifyEmail(deps, request.body.token);
      return ok(ACCOUNT_MSG.emailVerified);
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'Mail a new verification link (valid 48 hours) to the signed-in account; says so when the address is already verified',
        ...secured,
        response: { 200: MessageAnswerSchema, ...errorReplies(401, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (me.profile?.emailVerified) return ok(ACCOUNT_MSG.alreadyVerified);
      await app.limits.enforce(
        'verificationResend',
        me.id,
        reply,
        (wait) => `Too many verification mails asked for. Please try again in ${wait}.`,
      );
      const sent = await resendVerification(deps, me.id);
      if (!sent) {
        await app.limits.refund('verificationResend', me.id);
        return ok(ACCOUNT_MSG.alreadyVerified);
      }
      nudgeOutbox();
      return ok(ACCOUNT_MSG.verificationSent);
    },
  );

  app.post(
    '/api/users/invitations',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Invite an employee by name and e-mail: 201 with the new (unverified) employee and a mailed link (valid 7 days) to set a password; 200 with a fresh link for an invitee who has not accepted yet; 409 EMAIL_TAKEN for any other account',
        ...secured,
        body: InvitationBodySchema,
        response: { 200: InvitationAnswerSchema, 201: InvitationAnswerSchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user, created, audit } = await inviteEmployee(deps, currentUser(request), request.body);
      nudgeOutbox();
      announceAudit(deps, audit);
      return reply.status(created ? 201 : 200).send(toAdminUser(user, deps.config));
    },
  );

  app.post(
    '/api/auth/accept-invitation',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Accept a staff invitation with its link's token and a new password: signs in as the employee. 400 TOKEN_INVALID for a used, expired or unknown link",
        body: AcceptInvitationBodySchema,
        response: { 200: AcceptInvitationAnswerSchema, ...errorReplies(400) },
      },
    },
    async (request) => {
      const { user, sessionVersion } = await acceptInvitation(deps, request.body.token, request.body.password);
      dropSockets(user.id);
      return { token: app.signToken(user, sessionVersion), user: toOwnUser(user, deps.config) };
    },
  );
});
