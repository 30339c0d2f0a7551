import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import type { ProfileBody, RegisterFields, User } from '#shared/auth';
import type { Role } from '#shared/roles';
import { isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow } from '../db/rows.ts';
import { endedSessions, identityProofs, pets, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { openStoredFile, removeStoredFile, removeStoredFilesOf, writeStoredFile } from '../lib/file-store.ts';
import type { SendableFile } from '../lib/uploads.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import { mailAccountLink } from './account-tokens.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuthUser } from '../lib/caller.ts';
import { toUserDto } from './presenter.ts';

const { passwordHash: _omit, sessionVersion: _version, ...publicColumns } = getTableColumns(users);
const hasProof = sql<boolean>`exists (select 1 from ${identityProofs} where ${identityProofs.userId} = ${users.id})`;
const selectUser = { ...publicColumns, hasProof };

/** argon2id with the library's defaults (OWASP's recommended parameters). */
export const hashPassword = (password: string) => hash(password);

// A hash of a random password, verified against when the email is unknown so both cases take the same time.
let dummyHash: Promise<string> | undefined;

/**
 * Checks an email/password pair; the same error for a wrong email and a wrong password. Answers the user and the
 * session version its token carries.
 */
export async function verifyLogin(
  { db }: Pick<Deps, 'db'>,
  email: string,
  password: string,
): Promise<{ user: User; sessionVersion: number }> {
  const [row] = await db
    .select({ ...selectUser, passwordHash: users.passwordHash, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!row) {
    dummyHash ??= hash('not-a-real-password-' + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    throw errors.invalidCredentials();
  }
  const ok = await verify(row.passwordHash, password).catch(() => false);
  if (!ok) throw errors.invalidCredentials();
  return { user: toUserDto(row, row.hasProof), sessionVersion: row.sessionVersion };
}

/** An identity proof already written to the file store, to be recorded with its new account. */
interface StoredProof {
  fileKey: string;
  mime: string;
  size: number;
  filename?: string;
}

export interface NewUser {
  /** The account's id when the caller needs it first (a sign-up names its proof's folder by it); else made here. */
  id?: string;
  name: string;
  email: string;
  password: string;
  phone: string;
  address?: string;
  bloodGroup?: string;
  role?: Role;
  /**
   * Whether the address counts as proven (default true: staff made by the admin script, the seed and tests).
   * Registration passes false and sends a verification mail.
   */
  emailVerified?: boolean;
}

/**
 * Creates a user (409 when the email is taken, whatever its case). `alsoInTransaction` runs in the transaction that
 * creates the account (registration queues its verification mail there).
 */
export async function createUser(
  { db }: Pick<Deps, 'db'>,
  input: NewUser,
  proof?: StoredProof,
  alsoInTransaction?: (tx: Executor, user: User) => Promise<void>,
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          ...(input.id ? { id: input.id } : {}),
          name: input.name,
          email: input.email.toLowerCase(),
          passwordHash,
          phone: input.phone,
          address: input.address ?? null,
          bloodGroup: input.bloodGroup ?? null,
          role: input.role ?? 'user',
          emailVerifiedAt: input.emailVerified === false ? null : new Date(),
          // The proof is the account's first stored upload (decision 039).
          storageBytes: proof?.size ?? 0,
        })
        .returning();
      if (proof) {
        await tx.insert(identityProofs).values({
          userId: row!.id,
          fileKey: proof.fileKey,
          mime: proof.mime,
          size: proof.size,
          filename: proof.filename?.slice(0, 200) ?? null,
        });
      }
      const user = toUserDto(row!, !!proof);
      await alsoInTransaction?.(tx, user);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_uq'))
      throw errors.conflict('An account with this email already exists', 'EMAIL_TAKEN');
    throw err;
  }
}

/**
 * Registration: always a customer, whatever the request says, with the address not yet proven; the verification mail
 * is queued in the transaction that creates the account.
 */
export async function registerCustomer(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  fields: RegisterFields,
  proof: { data: Buffer; mime: string; filename?: string },
) {
  // The proof counts against the account's storage quota like its pets' photos; a quota below one proof refuses.
  if (proof.data.length > config.STORAGE_QUOTA_BYTES)
    throw errors.tooLarge(`The identity proof does not fit the storage an account may use.`);
  const id = randomUUID();
  const ext = proof.mime === 'application/pdf' ? 'pdf' : proof.mime.split('/')[1]!;
  const written = await writeStoredFile(config.dataDir, 'identity-proofs', id, proof.data, ext);
  try {
    return await createUser(
      { db },
      { ...fields, id, role: 'user', emailVerified: false },
      { fileKey: written.key, mime: proof.mime, size: written.size, filename: proof.filename },
      (tx, user) => mailAccountLink(tx, config, 'verify', user),
    );
  } catch (err) {
    await removeStoredFile(config.dataDir, written.key);
    throw err;
  }
}

/**
 * The public user row by id, with the session version tokens must carry and whether the token (by its hash) was
 * logged out, as a prepared statement built once per database: it runs on every authenticated request, so the
 * query is not rebuilt each time, and the logout check costs no second query.
 */
export function prepareUserById({ db }: Pick<Deps, 'db'>) {
  const query = db
    .select({
      ...selectUser,
      sessionVersion: users.sessionVersion,
      ended: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.tokenHash} = ${sql.placeholder('tokenHash')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('pawcare_user_by_id');
  return async (
    id: string,
    tokenHash: string,
  ): Promise<{ user: User; sessionVersion: number; ended: boolean } | null> => {
    const [row] = await query.execute({ id, tokenHash });
    return row ? { user: toUserDto(row, row.hasProof), sessionVersion: row.sessionVersion, ended: !!row.ended } : null;
  };
}

/** One user by id, or 404. */
export async function getUser({ db }: Pick<Deps, 'db'>, id: string): Promise<User> {
  if (!isUuid(id)) throw errors.notFound('User');
  const [row] = await db.select(selectUser).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw errors.notFound('User');
  return toUserDto(row, row.hasProof);
}

/** Updates one's own name, phone, address or blood group. */
export async function updateProfile({ db }: Pick<Deps, 'db'>, id: string, body: ProfileBody): Promise<User> {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) patch.name = body.name;
  if (body.phone !== undefined) patch.phone = body.phone;
  if (body.address !== undefined) patch.address = body.address || null;
  if (body.bloodGroup !== undefined) patch.bloodGroup = body.bloodGroup;
  if (body.reminderEmails !== undefined) patch.reminderEmails = body.reminderEmails;
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning({ id: users.id });
  if (!row) throw errors.notFound('User');
  return getUser({ db }, id);
}

const listedColumns = sql.join(
  Object.values(publicColumns).map((c) => sql.identifier(c.name)),
  sql`, `,
);

/**
 * A page of users with the given roles, newest first. `q` matches names, and e-mail addresses too only with
 * `searchEmail` (admins): otherwise a search would let its caller spell out addresses they are not shown.
 *
 * Each role is its own scan of the (role, created_at, id) index, stopped after one page (`role = any(...)` would
 * read every row of those roles and sort them); the pages are merged, and the proof flag is looked up only for the
 * rows of the final page.
 */
export async function listUsers(
  { db }: Pick<Deps, 'db'>,
  opts: { roles: Role[]; limit: number; cursor?: Cursor; q?: string; searchEmail?: boolean },
): Promise<User[]> {
  const take = opts.limit + 1;
  const like = opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => '\\' + c)}%` : undefined;
  const conds = and(
    opts.cursor ? olderThanRow(users, users.createdAt, users.id, opts.cursor) : undefined,
    like === undefined
      ? undefined
      : opts.searchEmail
        ? or(ilike(users.name, like), ilike(users.email, like))
        : ilike(users.name, like),
  );
  const perRole = [...new Set(opts.roles)].map(
    (role) => sql`(select ${listedColumns} from ${users}
                    where ${users.role} = ${role} ${conds ? sql`and ${conds}` : sql``}
                    order by ${users.createdAt} desc, ${users.id} desc
                    limit ${take})`,
  );
  if (perRole.length === 0) return [];
  const result = await db.execute(sql`
    select p.*, proof.found is not null as has_proof
      from (select * from (${sql.join(perRole, sql` union all `)}) u order by created_at desc, id desc limit ${take}) p
      left join lateral (select true as found from ${identityProofs} ip where ip.user_id = p.id limit 1) proof on true
     order by p.created_at desc, p.id desc`);
  return rowsOf<Record<string, unknown>>(result).map((r) => toUserDto(fromSqlRow(users, r), r.has_proof === true));
}

/** Serialises changes that could leave the site without an admin (both databases support advisory locks). */
async function lockAdmins(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
}

async function otherAdminsExist(tx: Executor, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`${users.id} <> ${exceptId}`));
  return (row?.n ?? 0) > 0;
}

/** How the log names a role. */
const ROLE_WORDS: Record<Role, string> = { user: 'customer', employee: 'employee', admin: 'admin' };

/**
 * Changes a user's role. An admin cannot change their own role; the last admin stays an admin. The change is
 * recorded in the audit log in its transaction (nothing is recorded when the role was already that one).
 */
export async function changeRole(
  { db }: Pick<Deps, 'db'>,
  actor: AuthUser,
  targetId: string,
  role: Role,
): Promise<{ user: User; audit?: AuditEntry }> {
  if (!isUuid(targetId)) throw errors.notFound('User');
  if (actor.id === targetId) throw errors.forbidden('You cannot change your own role');
  const audit = await db.transaction(async (tx) => {
    await lockAdmins(tx);
    const [target] = await tx
      .select({ role: users.role, name: users.name })
      .from(users)
      .where(eq(users.id, targetId))
      .limit(1);
    if (!target) throw errors.notFound('User');
    if (target.role === 'admin' && role !== 'admin' && !(await otherAdminsExist(tx, targetId)))
      throw errors.conflict('The last admin cannot be demoted');
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, targetId));
    if (target.role === role) return undefined;
    return recordAudit(tx, actor, {
      kind: 'user.role_changed',
      subjectType: 'user',
      subjectId: targetId,
      summary: `Changed ${target.name}'s role from ${ROLE_WORDS[target.role]} to ${ROLE_WORDS[role]}`,
      before: { role: target.role },
      after: { role },
    });
  });
  return { user: await getUser({ db }, targetId), audit };
}

/**
 * Deletes a user and what is theirs. An admin cannot delete themself; the last admin stays. The audit entry (with
 * who the account was) is written in the deletion's transaction.
 */
export async function deleteUser(
  { db, config }: Pick<Deps, 'db'> & { config?: Pick<Deps['config'], 'dataDir'> },
  actor: AuthUser,
  targetId: string,
): Promise<{ audit: AuditEntry }> {
  if (!isUuid(targetId)) throw errors.notFound('User');
  if (actor.id === targetId) throw errors.forbidden('You cannot delete your own account');
  let petIds: string[] = [];
  const audit = await db.transaction(async (tx) => {
    await lockAdmins(tx);
    const [target] = await tx
      .select({ role: users.role, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, targetId))
      .limit(1);
    if (!target) throw errors.notFound('User');
    if (target.role === 'admin' && !(await otherAdminsExist(tx, targetId)))
      throw errors.conflict('The last admin cannot be removed');
    petIds = (await tx.select({ id: pets.id }).from(pets).where(eq(pets.ownerId, targetId))).map((p) => p.id);
    await tx.delete(users).where(eq(users.id, targetId));
    return recordAudit(tx, actor, {
      kind: 'user.deleted',
      subjectType: 'user',
      subjectId: targetId,
      summary: `Deleted the ${ROLE_WORDS[target.role]} account of ${target.name} (${target.email})`,
      before: { name: target.name, email: target.email, role: target.role },
      after: null,
    });
  });
  // The rows went with the account (cascade); their files follow once that has committed.
  if (config) {
    await removeStoredFilesOf(config.dataDir, 'identity-proofs', targetId);
    for (const petId of petIds) {
      await removeStoredFilesOf(config.dataDir, 'pet-photos', petId);
      await removeStoredFilesOf(config.dataDir, 'pet-documents', petId);
    }
  }
  return { audit };
}

/**
 * The identity proof of a user, or 404: its type, and its bytes streamed from its file (or, for a proof stored before
 * decision 039, read from its row).
 */
export async function getIdentityProof(
  { db, config }: Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'dataDir'> },
  userId: string,
): Promise<SendableFile> {
  if (!isUuid(userId)) throw errors.notFound('Identity proof');
  const [row] = await db.select().from(identityProofs).where(eq(identityProofs.userId, userId)).limit(1);
  if (!row) throw errors.notFound('Identity proof');
  if (row.fileKey) {
    const opened = await openStoredFile(config.dataDir, row.fileKey);
    if (!opened) throw errors.notFound('Identity proof');
    return { data: opened.stream, mime: row.mime, size: opened.size };
  }
  if (!row.data) throw errors.notFound('Identity proof');
  return { data: row.data, mime: row.mime, size: row.size };
}

/** What an account's uploads take up (its counter, kept with each upload and removal) and the quota they share. */
export async function storageUse(
  { db, config }: Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'STORAGE_QUOTA_BYTES'> },
  userId: string,
): Promise<{ usedBytes: number; quotaBytes: number }> {
  const [row] = await db.select({ used: users.storageBytes }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw errors.notFound('User');
  return { usedBytes: row.used, quotaBytes: config.STORAGE_QUOTA_BYTES };
}

/** Creates the admin of ADMIN_EMAIL or promotes that account; never changes an existing password. */
export async function ensureAdmin(
  { db }: Pick<Deps, 'db'>,
  email: string,
  password: string,
): Promise<'created' | 'promoted' | 'unchanged'> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (row) {
    if (row.role === 'admin') return 'unchanged';
    await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, row.id));
    return 'promoted';
  }
  try {
    await createUser({ db }, { name: 'Site Admin', email, password, phone: '0000000000', role: 'admin' });
    return 'created';
  } catch (err) {
    // Another process created it at the same moment.
    if ((err as { code?: string }).code === 'EMAIL_TAKEN') return 'unchanged';
    throw err;
  }
}
