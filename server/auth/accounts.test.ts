import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACCOUNT_MSG,
  AcceptInvitationAnswerSchema,
  ChangePasswordAnswerSchema,
  InvitationAnswerSchema,
  MessageAnswerSchema,
} from '#shared/accounts';
import { AdminUserSchema, AuthResponseSchema, UserSchema } from '#shared/auth';
import { ApiErrorSchema } from '#shared/common';
import { rowsOf } from '../db/client.ts';
import { appsForFile, createTestApp, expectError, FILES, multipart, type TestContext } from '../test/app.ts';
import { createDatabaseAtMigration } from '../test/db.ts';
import { json } from '../test/json.ts';
import { openConnected, openSocket, refusal } from '../test/socket.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Mail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** The mails of a kind queued in the outbox for an address, oldest first. */
async function mailsTo(ctx: TestContext, to: string, kind: string): Promise<Mail[]> {
  return rowsOf<Mail>(
    await ctx.database.db.execute(
      sql`select "to", kind, subject, text, html from outbox where "to" = ${to} and kind = ${kind} order by created_at, id`,
    ),
  );
}

/** The token of a mail's link to `page`, read from its plain text (the HTML carries the same link). */
function tokenIn(ctx: TestContext, mail: Mail, page: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.startsWith(`${ctx.config.PUBLIC_URL}${page}?`));
  expect(link, mail.text).toBeDefined();
  const token = new URL(link!).searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(mail.html).toContain(`${page}?token=${token}`);
  return token!;
}

const post = (ctx: TestContext, url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers } as InjectOptions);
const me = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: ctx.auth(token) });
const login = (ctx: TestContext, email: string, password: string) => post(ctx, '/api/auth/login', { email, password });
const forgot = (ctx: TestContext, email: string) => post(ctx, '/api/auth/forgot-password', { email });
const reset = (ctx: TestContext, token: string, password: string) =>
  post(ctx, '/api/auth/reset-password', { token, password });
const changePassword = (ctx: TestContext, token: string, currentPassword: string, newPassword: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/users/password',
    headers: ctx.auth(token),
    payload: { currentPassword, newPassword },
  });
const invite = (ctx: TestContext, token: string, body: { name: string; email: string }) =>
  post(ctx, '/api/users/invitations', body, ctx.auth(token));

/** A reset link mailed to a user: asks for one and reads the newest mail. */
async function resetToken(ctx: TestContext, email: string): Promise<string> {
  expect((await forgot(ctx, email)).statusCode).toBe(200);
  const mails = await mailsTo(ctx, email, 'password_reset');
  return tokenIn(ctx, mails.at(-1)!, '/reset-password');
}

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one a 30-minute link', async () => {
    const { user } = await t.buildUser();
    const known = await forgot(t, user.email.toUpperCase());
    const unknown = await forgot(t, 'nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known, MessageAnswerSchema).message).toBe(ACCOUNT_MSG.forgotSent);

    expect(await mailsTo(t, 'nobody-here@example.com', 'password_reset')).toEqual([]);
    const [mail] = await mailsTo(t, user.email, 'password_reset');
    expect(mail!.subject).toBe(`Reset your ${t.config.CLINIC_NAME} password`);
    expect(mail!.text).toContain('for 30 minutes');
    expect(mail!.html).toContain(t.config.CLINIC_NAME);
    const token = tokenIn(t, mail!, '/reset-password');

    // Only the token's hash is stored, and the link is good for 30 minutes.
    const rows = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(
        sql`select *, extract(epoch from expires_at - created_at)::int as life from account_tokens where user_id = ${user.id}`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.purpose).toBe('reset');
    expect(rows[0]!.life).toBe(30 * 60);
  });

  it('sets the new password and signs out every session: the old password and the old token are refused', async () => {
    const { user, token: oldToken } = await t.buildUser({ password: 'old-secret' });
    const link = await resetToken(t, user.email);
    const res = await reset(t, link, 'new-secret');
    expect(res.statusCode).toBe(200);
    expect(json(res, MessageAnswerSchema).message).toBe(ACCOUNT_MSG.passwordReset);

    expectError(await me(t, oldToken), 401, 'UNAUTHENTICATED');
    expectError(await login(t, user.email, 'old-secret'), 401, 'UNAUTHENTICATED');
    const fresh = await login(t, user.email, 'new-secret');
    expect(fresh.statusCode).toBe(200);
    const { token } = json(fresh, AuthResponseSchema);
    expect(json(await me(t, token), UserSchema).id).toBe(user.id);
  });

  it('marks the address verified: the mail proved it', async () => {
    const { user, token } = await t.buildUser();
    await t.database.db.execute(sql`update users set email_verified_at = null where id = ${user.id}`);
    expect(json(await me(t, token), UserSchema).emailVerified).toBe(false);
    expect((await reset(t, await resetToken(t, user.email), 'another-secret')).statusCode).toBe(200);
    const { token: fresh } = json(await login(t, user.email, 'another-secret'), AuthResponseSchema);
    expect(json(await me(t, fresh), UserSchema).emailVerified).toBe(true);
  });

  it('uses a link once: of two racing resets exactly one succeeds, and a later use is refused', async () => {
    const { user } = await t.buildUser();
    const link = await resetToken(t, user.email);
    const answers = await Promise.all([reset(t, link, 'first-secret'), reset(t, link, 'second-secret')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expectError(refused, 400, 'TOKEN_INVALID', ACCOUNT_MSG.tokenInvalid);
    const winner = answers[0].statusCode === 200 ? 'first-secret' : 'second-secret';
    expect((await login(t, user.email, winner)).statusCode).toBe(200);

    expectError(await reset(t, link, 'third-secret'), 400, 'TOKEN_INVALID', ACCOUNT_MSG.tokenInvalid);
    expect((await login(t, user.email, winner)).statusCode).toBe(200);
  });

  it('refuses an expired, an unknown or an empty link with the clear message', async () => {
    const { user } = await t.buildUser({ password: 'kept-secret' });
    const link = await resetToken(t, user.email);
    await t.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );
    expectError(await reset(t, link, 'new-secret'), 400, 'TOKEN_INVALID', ACCOUNT_MSG.tokenInvalid);
    expectError(await reset(t, 'made-up-token', 'new-secret'), 400, 'TOKEN_INVALID', ACCOUNT_MSG.tokenInvalid);
    expectError(await reset(t, '', 'new-secret'), 400, 'VALIDATION', ACCOUNT_MSG.tokenInvalid);
    expect((await login(t, user.email, 'kept-secret')).statusCode).toBe(200);
  });

  it("checks the new password with the spec's rules", async () => {
    const { user } = await t.buildUser();
    const link = await resetToken(t, user.email);
    expectError(await reset(t, link, 'abc'), 400, 'VALIDATION', 'Password must be at least 6 characters');
    // The refused attempt did not use the link.
    expect((await reset(t, link, 'long-enough')).statusCode).toBe(200);
  });

  it('keeps earlier links good until one is used; then the others stop working', async () => {
    const { user } = await t.buildUser();
    const first = await resetToken(t, user.email);
    const second = await resetToken(t, user.email);
    expect(first).not.toBe(second);
    expect((await reset(t, first, 'first-secret')).statusCode).toBe(200);
    expectError(await reset(t, second, 'second-secret'), 400, 'TOKEN_INVALID');
  });

  it("refuses a malformed address with the spec's message", async () => {
    expectError(await forgot(t, 'not-an-address'), 400, 'VALIDATION', 'Invalid email format');
  });
});

describe('rate limits on reset mails', () => {
  const appWith = appsForFile();

  it('limits mails per address and requests per network, without locking the owner out', async () => {
    const ctx = await appWith({ FORGOT_PASSWORD_RATE_LIMIT_IP: 4, FORGOT_PASSWORD_RATE_LIMIT_EMAIL: 2 });
    const { user } = await ctx.buildUser({ password: 'owner-secret' });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await forgot(ctx, user.email));
    // The third request gets the same answer, but no third mail.
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const mails = await mailsTo(ctx, user.email, 'password_reset');
    expect(mails).toHaveLength(2);

    expect((await forgot(ctx, 'someone-else@example.com')).statusCode).toBe(200);
    const refused = await forgot(ctx, 'a-third@example.com');
    expectError(refused, 429, 'RATE_LIMITED', /^Too many password reset requests from your network/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The owner still logs in, and still uses the link already received.
    expect((await login(ctx, user.email, 'owner-secret')).statusCode).toBe(200);
    expect((await reset(ctx, tokenIn(ctx, mails[0]!, '/reset-password'), 'fresh-secret')).statusCode).toBe(200);
    expect((await login(ctx, user.email, 'fresh-secret')).statusCode).toBe(200);
  });

  it('limits wrong current passwords of a password change like failed logins', async () => {
    const ctx = await appWith({ LOGIN_RATE_LIMIT_EMAIL: 2 });
    const { token } = await ctx.buildUser({ password: 'right-secret' });
    for (let i = 0; i < 2; i++)
      expectError(await changePassword(ctx, token, 'wrong-secret', 'new-secret'), 400, 'VALIDATION');
    const refused = await changePassword(ctx, token, 'right-secret', 'new-secret');
    expectError(refused, 429, 'RATE_LIMITED', /^Too many wrong passwords/);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('limits how often a verification mail is sent again', async () => {
    const ctx = await appWith({ VERIFICATION_RESEND_RATE_LIMIT: 1 });
    const { user, token } = await ctx.buildUser();
    await ctx.database.db.execute(sql`update users set email_verified_at = null where id = ${user.id}`);
    expect((await post(ctx, '/api/auth/resend-verification', undefined, ctx.auth(token))).statusCode).toBe(200);
    expectError(
      await post(ctx, '/api/auth/resend-verification', undefined, ctx.auth(token)),
      429,
      'RATE_LIMITED',
      /^Too many verification mails/,
    );
    expect(await mailsTo(ctx, user.email, 'email_verification')).toHaveLength(1);
  });
});

describe('change password', () => {
  it('refuses a wrong current password on its field', async () => {
    const { token } = await t.buildUser({ password: 'right-secret' });
    const res = await changePassword(t, token, 'wrong-secret', 'new-secret');
    expectError(res, 400, 'VALIDATION', ACCOUNT_MSG.currentPasswordWrong);
    expect(json(res, ApiErrorSchema).details).toEqual([
      { path: 'currentPassword', message: ACCOUNT_MSG.currentPasswordWrong },
    ]);
    expect((await me(t, token)).statusCode).toBe(200);
  });

  it('refuses a new password like the current one, or one too short', async () => {
    const { token } = await t.buildUser({ password: 'right-secret' });
    expectError(
      await changePassword(t, token, 'right-secret', 'right-secret'),
      400,
      'VALIDATION',
      ACCOUNT_MSG.newPasswordSame,
    );
    expectError(
      await changePassword(t, token, 'right-secret', 'abc'),
      400,
      'VALIDATION',
      'Password must be at least 6 characters',
    );
    expectError(
      await changePassword(t, token, '', 'new-secret'),
      400,
      'VALIDATION',
      ACCOUNT_MSG.currentPasswordRequired,
    );
  });

  it("answers a fresh working token for this session; another session's token is refused", async () => {
    const { user } = await t.buildUser({ password: 'right-secret' });
    const here = json(await login(t, user.email, 'right-secret'), AuthResponseSchema).token;
    const elsewhere = json(await login(t, user.email, 'right-secret'), AuthResponseSchema).token;
    const res = await changePassword(t, here, 'right-secret', 'new-secret');
    expect(res.statusCode).toBe(200);
    const answer = json(res, ChangePasswordAnswerSchema);
    expect(answer.user.id).toBe(user.id);

    expect(json(await me(t, answer.token), UserSchema).id).toBe(user.id);
    expectError(await me(t, elsewhere), 401, 'UNAUTHENTICATED');
    expectError(await me(t, here), 401, 'UNAUTHENTICATED');
    expectError(await login(t, user.email, 'right-secret'), 401);
    expect((await login(t, user.email, 'new-secret')).statusCode).toBe(200);
  });

  it('voids a reset link asked for before the change', async () => {
    const { user, token } = await t.buildUser({ password: 'right-secret' });
    const link = await resetToken(t, user.email);
    expect((await changePassword(t, token, 'right-secret', 'new-secret')).statusCode).toBe(200);
    expectError(await reset(t, link, 'other-secret'), 400, 'TOKEN_INVALID');
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { currentPassword: 'a', newPassword: 'bcdefgh' },
    });
    expectError(res, 401, 'UNAUTHENTICATED');
  });
});

describe('sign out everywhere', () => {
  it('voids every token of the account, this one included; logging in again works', async () => {
    const { user, password } = await t.buildUser();
    const a = json(await login(t, user.email, password), AuthResponseSchema).token;
    const b = json(await login(t, user.email, password), AuthResponseSchema).token;
    const res = await post(t, '/api/auth/logout-all', undefined, t.auth(a));
    expect(res.statusCode).toBe(200);
    expect(json(res, MessageAnswerSchema).message).toBe(ACCOUNT_MSG.signedOutEverywhere);
    expectError(await me(t, a), 401, 'UNAUTHENTICATED', 'Your session has expired, please log in again');
    expectError(await me(t, b), 401, 'UNAUTHENTICATED');
    const again = json(await login(t, user.email, password), AuthResponseSchema).token;
    expect((await me(t, again)).statusCode).toBe(200);
  });

  it('leaves other accounts signed in', async () => {
    const one = await t.buildUser();
    const other = await t.buildUser();
    expect((await post(t, '/api/auth/logout-all', undefined, t.auth(one.token))).statusCode).toBe(200);
    expect((await me(t, other.token)).statusCode).toBe(200);
  });

  it('keeps a token from before session versions good (it counts as version 1) until the first sign-out', async () => {
    const { user } = await t.buildUser();
    const legacy = t.app.jwt.sign({ sub: user.id, role: user.role, name: user.name });
    expect((await me(t, legacy)).statusCode).toBe(200);
    expect((await post(t, '/api/auth/logout-all', undefined, t.auth(legacy))).statusCode).toBe(200);
    expectError(await me(t, legacy), 401);
  });

  it('needs a signed-in caller', async () => {
    expectError(await post(t, '/api/auth/logout-all'), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends this session on the server at once; the account stays signed in on its other devices', async () => {
    const { user, password } = await t.buildUser();
    const phone = json(await login(t, user.email, password), AuthResponseSchema).token;
    const laptop = json(await login(t, user.email, password), AuthResponseSchema).token;
    const res = await post(t, '/api/auth/logout', undefined, t.auth(phone));
    expect(json(res, MessageAnswerSchema).message).toBe(ACCOUNT_MSG.signedOut);
    expectError(await me(t, phone), 401, 'UNAUTHENTICATED', 'Your session has expired, please log in again');
    // A second logout with the ended token is refused like any request with it.
    expectError(await post(t, '/api/auth/logout', undefined, t.auth(phone)), 401, 'UNAUTHENTICATED');
    expect((await me(t, laptop)).statusCode).toBe(200);
    const again = json(await login(t, user.email, password), AuthResponseSchema).token;
    expect((await me(t, again)).statusCode).toBe(200);
  });

  it('keeps one row per ended session until its token would have expired anyway, then prunes it', async () => {
    const { user } = await t.buildUser();
    const ended = t.app.jwt.sign({ sub: user.id, role: user.role, name: user.name, sv: 1 });
    await t.database.db.execute(sql`
      insert into ended_sessions (token_hash, user_id, expires_at)
      select 'expired-' || g, ${user.id}::uuid, now() - interval '1 minute' from generate_series(1, 5) g`);
    expect((await post(t, '/api/auth/logout', undefined, t.auth(ended))).statusCode).toBe(200);
    const rows = rowsOf<{ token_hash: string; expires_at: string }>(
      await t.database.db.execute(
        sql`select token_hash, expires_at from ended_sessions where user_id = ${user.id}::uuid`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(ended).digest('base64url'));
    expect(Date.parse(rows[0]!.expires_at)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('needs a signed-in caller', async () => {
    expectError(await post(t, '/api/auth/logout'), 401, 'UNAUTHENTICATED');
  });
});

describe('open sockets of a signed-out account', () => {
  let live: TestContext;
  let baseUrl: string;
  beforeAll(async () => {
    live = await createTestApp();
    await live.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(live.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => live.close());

  it('closes on sign out everywhere, and the old token no longer connects', async () => {
    const { token } = await live.buildUser();
    const socket = await openConnected(baseUrl, token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await post(live, '/api/auth/logout-all', undefined, live.auth(token))).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await refusal(openSocket(baseUrl, token))).message).toBe('Authentication failed');
  });

  it("close on logging out, that session's only: the account's other device stays connected", async () => {
    const { user, password } = await live.buildUser();
    const phone = json(await login(live, user.email, password), AuthResponseSchema).token;
    const laptop = json(await login(live, user.email, password), AuthResponseSchema).token;
    const [onPhone, onLaptop] = await Promise.all([openConnected(baseUrl, phone), openConnected(baseUrl, laptop)]);
    const gone = new Promise<string>((resolve) => onPhone.once('disconnect', resolve));
    expect((await post(live, '/api/auth/logout', undefined, live.auth(phone))).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await refusal(openSocket(baseUrl, phone))).message).toBe('Authentication failed');
    // The other session's socket still answers: a round trip after the logout's disconnect went out.
    const again = await openConnected(baseUrl, laptop);
    expect([onLaptop.connected, again.connected]).toEqual([true, true]);
    onLaptop.close();
    again.close();
  });

  it("close on a password change; the answer's token connects", async () => {
    const { token, password } = await live.buildUser();
    const socket = await openConnected(baseUrl, token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const res = await changePassword(live, token, password, 'brand-new-secret');
    expect(await gone).toBe('io server disconnect');
    const fresh = await openConnected(baseUrl, json(res, ChangePasswordAnswerSchema).token);
    expect(fresh.connected).toBe(true);
    fresh.close();
  });
});

describe('e-mail verification', () => {
  const registerForm = (email: string) => ({
    name: 'Pet Owner',
    email,
    password: 'secret123',
    phone: '9876543210',
    identityProof: { data: FILES.png, filename: 'id.png', type: 'image/png' },
  });
  const register = async (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', ...(await multipart(registerForm(email))) });
  const verify = (token: string) => post(t, '/api/auth/verify-email', { token });

  it('mails a 48-hour link on registering; the link verifies the address, once', async () => {
    const res = await register('verify-me@example.com');
    expect(res.statusCode).toBe(201);
    const { token, user } = json(res, AuthResponseSchema);
    expect(user.emailVerified).toBe(false);
    expect(json(await me(t, token), UserSchema).emailVerified).toBe(false);

    const [mail] = await mailsTo(t, 'verify-me@example.com', 'email_verification');
    expect(mail!.subject).toBe(`Verify your e-mail address for ${t.config.CLINIC_NAME}`);
    expect(mail!.text).toContain('for 48 hours');
    const link = tokenIn(t, mail!, '/verify-email');

    // No sign-in needed: the link may be opened in another browser.
    const verified = await verify(link);
    expect(verified.statusCode).toBe(200);
    expect(json(verified, MessageAnswerSchema).message).toBe(ACCOUNT_MSG.emailVerified);
    expect(json(await me(t, token), UserSchema).emailVerified).toBe(true);
    expectError(await verify(link), 400, 'TOKEN_INVALID', ACCOUNT_MSG.tokenInvalid);
  });

  it('resends a link while unverified, and says so when already verified', async () => {
    const res = await register('resend-me@example.com');
    const { token } = json(res, AuthResponseSchema);
    const again = await post(t, '/api/auth/resend-verification', undefined, t.auth(token));
    expect(again.statusCode).toBe(200);
    expect(json(again, MessageAnswerSchema).message).toBe(ACCOUNT_MSG.verificationSent);
    const mails = await mailsTo(t, 'resend-me@example.com', 'email_verification');
    expect(mails).toHaveLength(2);

    expect((await verify(tokenIn(t, mails[1]!, '/verify-email'))).statusCode).toBe(200);
    // The other link of the same address is moot once it is verified.
    expectError(await verify(tokenIn(t, mails[0]!, '/verify-email')), 400, 'TOKEN_INVALID');

    const done = await post(t, '/api/auth/resend-verification', undefined, t.auth(token));
    expect(json(done, MessageAnswerSchema).message).toBe(ACCOUNT_MSG.alreadyVerified);
    expect(await mailsTo(t, 'resend-me@example.com', 'email_verification')).toHaveLength(2);
    expectError(await post(t, '/api/auth/resend-verification'), 401);
  });

  it('refuses an expired verification link', async () => {
    const res = await register('late@example.com');
    const { user } = json(res, AuthResponseSchema);
    const [mail] = await mailsTo(t, 'late@example.com', 'email_verification');
    await t.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expectError(await verify(tokenIn(t, mail!, '/verify-email')), 400, 'TOKEN_INVALID');
  });

  it("shows in the login answer and the admin's lists whether an address is verified", async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const res = await register('listed@example.com');
    const { user } = json(res, AuthResponseSchema);
    const loggedIn = json(await login(t, 'listed@example.com', 'secret123'), AuthResponseSchema);
    expect(loggedIn.user.emailVerified).toBe(false);
    const row = async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/all-customers?q=listed@example.com',
        headers: t.auth(admin.token),
      });
      return json(list, z.array(AdminUserSchema)).find((u) => u.id === user.id)!;
    };
    expect((await row()).emailVerified).toBe(false);
    const [mail] = await mailsTo(t, 'listed@example.com', 'email_verification');
    await verify(tokenIn(t, mail!, '/verify-email'));
    expect((await row()).emailVerified).toBe(true);
  });
});

describe('staff invitations', () => {
  let admin: { token: string };
  beforeAll(async () => {
    admin = await t.buildUser({ role: 'admin' });
  });
  const accept = (token: string, password: string) => post(t, '/api/auth/accept-invitation', { token, password });

  it('is for admins only', async () => {
    const body = { name: 'New Hire', email: 'not-invited@example.com' };
    for (const role of ['user', 'employee'] as const) {
      const { token } = await t.buildUser({ role });
      expectError(await invite(t, token, body), 403, 'FORBIDDEN');
    }
    expectError(await post(t, '/api/users/invitations', body), 401, 'UNAUTHENTICATED');
    expect(await mailsTo(t, 'not-invited@example.com', 'staff_invitation')).toEqual([]);
  });

  it("checks the name and e-mail with the spec's rules", async () => {
    expectError(
      await invite(t, admin.token, { name: 'R2D2', email: 'r2@example.com' }),
      400,
      'VALIDATION',
      'Please Enter valid name',
    );
    expectError(
      await invite(t, admin.token, { name: 'Robo', email: 'nope' }),
      400,
      'VALIDATION',
      'Invalid email format',
    );
  });

  it('creates an unverified employee nobody can log in as, and mails a 7-day link', async () => {
    const res = await invite(t, admin.token, { name: 'Nina Nurse', email: 'Nina@Example.com' });
    expect(res.statusCode).toBe(201);
    const employee = json(res, InvitationAnswerSchema);
    expect(employee).toMatchObject({
      name: 'Nina Nurse',
      email: 'nina@example.com',
      role: 'employee',
      emailVerified: false,
    });

    const [mail] = await mailsTo(t, 'nina@example.com', 'staff_invitation');
    expect(mail!.subject).toBe(`You are invited to join ${t.config.CLINIC_NAME}`);
    expect(mail!.text).toContain('Hello Nina Nurse,');
    expect(mail!.text).toContain('for 7 days');
    tokenIn(t, mail!, '/accept-invitation');
    for (const guess of ['', 'secret123', 'password'])
      expect((await login(t, 'nina@example.com', guess)).statusCode).not.toBe(200);

    const list = await t.app.inject({ method: 'GET', url: '/api/all-employees?q=nina', headers: t.auth(admin.token) });
    expect(json(list, z.array(AdminUserSchema)).map((u) => [u.id, u.emailVerified])).toEqual([[employee.id, false]]);
  });

  it('lets the invitee set a password and signs them in as an employee, once', async () => {
    await invite(t, admin.token, { name: 'Omar Vet', email: 'omar@example.com' });
    const [mail] = await mailsTo(t, 'omar@example.com', 'staff_invitation');
    const link = tokenIn(t, mail!, '/accept-invitation');
    expectError(await accept(link, 'abc'), 400, 'VALIDATION', 'Password must be at least 6 characters');

    const res = await accept(link, 'omar-secret');
    expect(res.statusCode).toBe(200);
    const { token, user } = json(res, AcceptInvitationAnswerSchema);
    expect(user).toMatchObject({ email: 'omar@example.com', role: 'employee', emailVerified: true });
    expect(json(await me(t, token), UserSchema).role).toBe('employee');
    const staffOnly = await t.app.inject({ method: 'GET', url: '/api/users', headers: t.auth(token) });
    expect(staffOnly.statusCode).toBe(200);
    expect((await login(t, 'omar@example.com', 'omar-secret')).statusCode).toBe(200);

    expectError(await accept(link, 'other-secret'), 400, 'TOKEN_INVALID', ACCOUNT_MSG.tokenInvalid);
    expect((await login(t, 'omar@example.com', 'omar-secret')).statusCode).toBe(200);
  });

  it('sends a fresh link to an invitee who has not accepted; the earlier one stops working', async () => {
    const first = await invite(t, admin.token, { name: 'Pia Groomer', email: 'pia@example.com' });
    const again = await invite(t, admin.token, { name: 'Pia Grooming', email: 'pia@example.com' });
    expect(again.statusCode).toBe(200);
    expect(json(again, InvitationAnswerSchema)).toMatchObject({
      id: json(first, InvitationAnswerSchema).id,
      name: 'Pia Grooming',
    });
    const mails = await mailsTo(t, 'pia@example.com', 'staff_invitation');
    expect(mails).toHaveLength(2);
    expectError(await accept(tokenIn(t, mails[0]!, '/accept-invitation'), 'pia-secret'), 400, 'TOKEN_INVALID');
    expect((await accept(tokenIn(t, mails[1]!, '/accept-invitation'), 'pia-secret')).statusCode).toBe(200);

    // Accepted: the address is an account now.
    expectError(
      await invite(t, admin.token, { name: 'Pia Groomer', email: 'pia@example.com' }),
      409,
      'EMAIL_TAKEN',
      ACCOUNT_MSG.invitationEmailTaken,
    );
  });

  it("refuses a customer's address; the role change still makes a customer staff", async () => {
    const customer = await t.buildUser({ role: 'user' });
    expectError(
      await invite(t, admin.token, { name: 'Some One', email: customer.user.email.toUpperCase() }),
      409,
      'EMAIL_TAKEN',
    );
    expect(await mailsTo(t, customer.user.email, 'staff_invitation')).toEqual([]);
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${customer.user.id}/role`,
      headers: t.auth(admin.token),
      payload: { role: 'employee' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(json(promoted, AdminUserSchema)).toMatchObject({ role: 'employee', emailVerified: true });
  });

  it('refuses an expired invitation link', async () => {
    const res = await invite(t, admin.token, { name: 'Quinn Late', email: 'quinn@example.com' });
    const [mail] = await mailsTo(t, 'quinn@example.com', 'staff_invitation');
    await t.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where user_id = ${json(res, InvitationAnswerSchema).id}`,
    );
    expectError(await accept(tokenIn(t, mail!, '/accept-invitation'), 'quinn-secret'), 400, 'TOKEN_INVALID');
    // An admin sends a new one.
    expect((await invite(t, admin.token, { name: 'Quinn Late', email: 'quinn@example.com' })).statusCode).toBe(200);
    const mails = await mailsTo(t, 'quinn@example.com', 'staff_invitation');
    expect((await accept(tokenIn(t, mails[1]!, '/accept-invitation'), 'quinn-secret')).statusCode).toBe(200);
  });
});

describe('the migration that brings verification and session versions', () => {
  it('counts the accounts made before it as verified, at session version 1', async () => {
    const old = await createDatabaseAtMigration('0005_shop-cart-stock-payments');
    try {
      await old.db.execute(
        sql`insert into users (name, email, password_hash, phone) values ('Pet Owner', 'old@example.com', 'x', '9876543210')`,
      );
      await old.migrateRest();
      const [row] = rowsOf<{ verified: boolean; session_version: number }>(
        await old.db.execute(
          sql`select email_verified_at is not null as verified, session_version from users where email = 'old@example.com'`,
        ),
      );
      expect(row).toEqual({ verified: true, session_version: 1 });
    } finally {
      await old.close();
    }
  });
});
