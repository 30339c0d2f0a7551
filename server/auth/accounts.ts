import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ACCOUNT_MSG, ACCOUNT_TOKEN_PURPOSES, type InvitationBody } from '#shared/accounts';
import type { AuditEntry } from '#shared/audit';
import type { User } from '#shared/auth';
import { recordAudit } from '../audit/record.ts';
import { isUniqueViolation } from '../db/client.ts';
import { endedSessions, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { getUser, hashPassword } from '../users/service.ts';
import {
  consumeAccountToken,
  dropUnusedAccountTokens,
  liveAccountToken,
  mailAccountLink,
} from '../users/account-tokens.ts';

/**
 * The account flows of issue 16 (docs/decisions/025): reset, change password, sign out everywhere, e-mail
 * verification and staff invitations. Each change that signs sessions out raises `users.session_version`; mails go
 * through the outbox in the transaction of the change (the caller nudges the outbox after it).
 */

type AccountDeps = Pick<Deps, 'db' | 'config'>;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());
const nextSessionVersion = sql`${users.sessionVersion} + 1`;
const verifiedNow = sql`coalesce(${users.emailVerifiedAt}, now())`;

/** Forgot password: mails a reset link when the account exists. Answers whether a mail was queued (never shown). */
export async function requestPasswordReset({ db, config }: AccountDeps, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(byEmail(email))
      .limit(1);
    if (!user) return false;
    // Earlier links stay good until they expire: a stranger asking again cannot void the one the owner is using.
    await mailAccountLink(tx, config, 'reset', user);
    return true;
  });
}

/**
 * Hashes a new password only for a live token (a made-up token costs no hash), then uses the token and applies
 * `change` in one transaction; a used, expired or unknown token is a 400 TOKEN_INVALID.
 */
async function withToken(
  { db }: Pick<Deps, 'db'>,
  purpose: 'reset' | 'invite',
  token: string,
  password: string,
): Promise<{ userId: string; sessionVersion: number }> {
  if (!(await liveAccountToken(db, purpose, token))) throw errors.tokenInvalid();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, purpose, token);
    if (!used) throw errors.tokenInvalid();
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: verifiedNow, sessionVersion: nextSessionVersion, updatedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning({ sessionVersion: users.sessionVersion });
    if (!row) throw errors.tokenInvalid();
    // The mailbox is proven and the password set: every other link of this account is moot.
    await dropUnusedAccountTokens(tx, used.userId, ACCOUNT_TOKEN_PURPOSES);
    return { userId: used.userId, sessionVersion: row.sessionVersion };
  });
}

/**
 * Reset password: uses the link's token, sets the password, marks the address verified (the mail proved it) and
 * signs out every session. Answers the user's id (the caller drops their sockets).
 */
export async function resetPassword(deps: Pick<Deps, 'db'>, token: string, password: string): Promise<string> {
  return (await withToken(deps, 'reset', token, password)).userId;
}

/** Accept an invitation: like a reset, and answers the session version the new session's token carries. */
export async function acceptInvitation(
  deps: Pick<Deps, 'db'>,
  token: string,
  password: string,
): Promise<{ user: User; sessionVersion: number }> {
  const { userId, sessionVersion } = await withToken(deps, 'invite', token, password);
  return { user: await getUser(deps, userId), sessionVersion };
}

/**
 * Change password: checks the current one (a wrong one is a 400 on `currentPassword`), sets the new one and signs
 * out every session; answers the new session version, for this session's fresh token.
 */
export async function changePassword(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  currentPassword: string,
  newPassword: string,
): Promise<number> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw errors.unauthenticated();
  if (!(await verify(row.hash, currentPassword).catch(() => false)))
    throw errors.validation(ACCOUNT_MSG.currentPasswordWrong, [
      { path: 'currentPassword', message: ACCOUNT_MSG.currentPasswordWrong },
    ]);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: nextSessionVersion, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ sessionVersion: users.sessionVersion });
    if (!updated) throw errors.unauthenticated();
    // A reset link asked for before the change would undo it.
    await dropUnusedAccountTokens(tx, userId, ['reset']);
    return updated.sessionVersion;
  });
}

/** Sign out everywhere: every token issued so far stops working. */
export async function signOutEverywhere({ db }: Pick<Deps, 'db'>, userId: string): Promise<void> {
  await db.update(users).set({ sessionVersion: nextSessionVersion }).where(eq(users.id, userId));
}

/**
 * Log out: the session of one token ends on the server (the token stops working at once), the account's other
 * sessions go on. Idempotent. The ended sessions whose tokens have expired anyway are pruned in the same statement.
 */
export async function endSession(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(endedSessions).where(lt(endedSessions.expiresAt, sql`now()`));
    await tx.insert(endedSessions).values({ tokenHash, userId, expiresAt }).onConflictDoNothing();
  });
}

/** Verify e-mail: uses the link's token and marks the address verified. Answers the user's id. */
export async function verifyEmail({ db }: Pick<Deps, 'db'>, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, 'verify', token);
    if (!used) throw errors.tokenInvalid();
    await tx.update(users).set({ emailVerifiedAt: verifiedNow }).where(eq(users.id, used.userId));
    await dropUnusedAccountTokens(tx, used.userId, ['verify']);
    return used.userId;
  });
}

/** Resend verification: a new link unless the address is already verified. Answers whether a mail was queued. */
export async function resendVerification({ db, config }: AccountDeps, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw errors.unauthenticated();
    if (user.verifiedAt) return false;
    await mailAccountLink(tx, config, 'verify', user);
    return true;
  });
}

/**
 * Invite an employee: a new employee account nobody can log in to yet (its password is the hash of random bytes
 * nobody knows) and the mail of a link that sets the password. An address of an invitee who has not accepted yet
 * gets a fresh link (earlier ones stop working, the name is updated); any other existing account is a 409
 * EMAIL_TAKEN (a customer becomes staff through a role change). Answers the user and whether it is new.
 */
export async function inviteEmployee(
  { db, config }: AccountDeps,
  actor: AuthUser,
  input: InvitationBody,
): Promise<{ user: User; created: boolean; audit: AuditEntry }> {
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const taken = () => errors.conflict(ACCOUNT_MSG.invitationEmailTaken, 'EMAIL_TAKEN');
  try {
    const { id, created, audit } = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({
          id: users.id,
          name: users.name,
          verifiedAt: users.emailVerifiedAt,
          // Written out: Drizzle leaves a select's column names unqualified, and account_tokens has an id too.
          invited: sql<boolean>`exists (select 1 from account_tokens t where t.user_id = users.id and t.purpose = 'invite')`,
        })
        .from(users)
        .where(byEmail(input.email))
        .limit(1)
        .for('update');
      if (existing) {
        if (existing.verifiedAt || !existing.invited) throw taken();
        const [row] = await tx
          .update(users)
          .set({ name: input.name, updatedAt: new Date() })
          .where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt)))
          .returning({ id: users.id, name: users.name, email: users.email });
        if (!row) throw taken();
        await dropUnusedAccountTokens(tx, row.id, ['invite']);
        await mailAccountLink(tx, config, 'invite', row);
        const renamed = existing.name !== row.name;
        const audit = await recordAudit(tx, actor, {
          kind: 'user.invited',
          subjectType: 'user',
          subjectId: row.id,
          summary: `Sent ${row.name} (${row.email}) a new invitation to join as an employee`,
          before: renamed ? { name: existing.name } : null,
          after: renamed ? { name: row.name } : null,
        });
        return { id: row.id, created: false, audit };
      }
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email.toLowerCase(),
          passwordHash: unusable,
          // No phone yet: the employee adds it on their profile.
          phone: '',
          role: 'employee',
          emailVerifiedAt: null,
        })
        .returning({ id: users.id, name: users.name, email: users.email });
      await mailAccountLink(tx, config, 'invite', row!);
      const audit = await recordAudit(tx, actor, {
        kind: 'user.invited',
        subjectType: 'user',
        subjectId: row!.id,
        summary: `Invited ${row!.name} (${row!.email}) to join as an employee`,
        before: null,
        after: { name: row!.name, email: row!.email, role: 'employee' },
      });
      return { id: row!.id, created: true, audit };
    });
    return { user: await getUser({ db }, id), created, audit };
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_uq')) throw taken();
    throw err;
  }
}
