import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ACCOUNT_TOKEN_MINUTES, type AccountTokenPurpose } from '#shared/accounts';
import type { Executor } from '../db/client.ts';
import { accountTokens } from '../db/schema/index.ts';
import { invitationMail, resetPasswordMail, verifyEmailMail, type AccountMail } from '../mail/account-mails.ts';
import { readMailBrand, type MailBrandConfig } from '../mail/brand.ts';
import { enqueueMail } from '../outbox/queue.ts';

/** Hex SHA-256 of a link's token: what the database keeps and looks up by (docs/decisions/025). */
const hashAccountToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** How long a used or expired token row is kept (for support questions) before it is swept. */
const KEEP_DEAD_DAYS = 30;

/**
 * Creates a token of `purpose` for a user and returns it: 32 random bytes, base64url. Only its hash is stored. Also
 * sweeps the user's tokens that died long ago, so the table does not grow for ever.
 */
export async function issueAccountToken(tx: Executor, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        or(
          lt(accountTokens.expiresAt, sql`now() - make_interval(days => ${KEEP_DEAD_DAYS})`),
          lt(accountTokens.usedAt, sql`now() - make_interval(days => ${KEEP_DEAD_DAYS})`),
        ),
      ),
    );
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashAccountToken(token),
    expiresAt: sql`now() + make_interval(mins => ${ACCOUNT_TOKEN_MINUTES[purpose]})`,
  });
  return token;
}

/** The row of a live (unused, unexpired) token of `purpose` with this value. */
const isLive = (purpose: AccountTokenPurpose, token: string) =>
  and(
    eq(accountTokens.tokenHash, hashAccountToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );

/** Live (unused, unexpired) token of `purpose` with this value: its user, or null. Reads only; see `consume`. */
export async function liveAccountToken(
  db: Executor,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(isLive(purpose, token))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a token: one conditional update (unused and unexpired), so of two racing uses exactly one gets the row and
 * the other finds it used. Call inside the transaction of the change the token allows: a failure rolls the use back.
 */
export async function consumeAccountToken(
  tx: Executor,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<{ userId: string } | null> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(isLive(purpose, token))
    .returning({ userId: accountTokens.userId });
  return row ?? null;
}

/** Drops a user's unused tokens of the given purposes: they stop working (a reset makes every other link moot). */
export async function dropUnusedAccountTokens(
  tx: Executor,
  userId: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<void> {
  await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
      ),
    );
}

const MAILS: Record<AccountTokenPurpose, { kind: string; compose: typeof resetPasswordMail }> = {
  reset: { kind: 'password_reset', compose: resetPasswordMail },
  verify: { kind: 'email_verification', compose: verifyEmailMail },
  invite: { kind: 'staff_invitation', compose: invitationMail },
};

/**
 * Issues a token of `purpose` for a user and queues the mail carrying its link, in the caller's transaction (both
 * commit or neither does; call `nudgeOutbox()` after the commit). The token exists only in that mail.
 */
export async function mailAccountLink(
  tx: Executor,
  config: MailBrandConfig,
  purpose: AccountTokenPurpose,
  user: { id: string; name: string; email: string },
): Promise<void> {
  const token = await issueAccountToken(tx, user.id, purpose);
  const { kind, compose } = MAILS[purpose];
  const mail: AccountMail = compose(await readMailBrand(tx, config), config, user.name, token);
  await enqueueMail(tx, { kind, to: user.email, ...mail });
}
