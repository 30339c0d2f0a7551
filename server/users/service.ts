import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { ProfileBody, RegisterFields, User } from '#shared/auth';
import type { Role } from '#shared/constants';
import type { Executor } from '../db/client.ts';
import { isUniqueViolation } from '../db/client.ts';
import { identityProofs, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import { toUserDto } from './presenter.ts';

const { passwordHash: _omit, ...publicColumns } = getTableColumns(users);
const hasProof = sql<boolean>`exists (select 1 from ${identityProofs} where ${identityProofs.userId} = ${users.id})`;
const selectUser = { ...publicColumns, hasProof };

/** argon2id with the library's defaults (OWASP's recommended parameters). */
export const hashPassword = (password: string) => hash(password);

// A hash of a random password, verified against when the email is unknown so both cases take the same time.
let dummyHash: Promise<string> | undefined;

/** Checks an email/password pair; the same error for a wrong email and a wrong password. */
export async function verifyLogin({ db }: Pick<Deps, 'db'>, email: string, password: string): Promise<User> {
  const [row] = await db
    .select({ ...selectUser, passwordHash: users.passwordHash })
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
  return toUserDto(row, row.hasProof);
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  phone: string;
  address?: string;
  bloodGroup?: string;
  role?: Role;
}

/** Creates a user (409 when the email is taken, whatever its case). */
export async function createUser(
  { db }: Pick<Deps, 'db'>,
  input: NewUser,
  proof?: { data: Buffer; mime: string; filename?: string },
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email.toLowerCase(),
          passwordHash,
          phone: input.phone,
          address: input.address ?? null,
          bloodGroup: input.bloodGroup ?? null,
          role: input.role ?? 'user',
        })
        .returning();
      if (proof) {
        await tx.insert(identityProofs).values({
          userId: row!.id,
          data: proof.data,
          mime: proof.mime,
          size: proof.data.length,
          filename: proof.filename?.slice(0, 200) ?? null,
        });
      }
      return toUserDto(row!, !!proof);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_uq'))
      throw errors.conflict('An account with this email already exists', 'EMAIL_TAKEN');
    throw err;
  }
}

/** Registration: always a customer, whatever the request says. */
export function registerCustomer(
  { db }: Pick<Deps, 'db'>,
  fields: RegisterFields,
  proof: { data: Buffer; mime: string; filename?: string },
) {
  return createUser({ db }, { ...fields, role: 'user' }, proof);
}

/**
 * The public user row by id as a prepared statement, built once per database: it runs on every authenticated
 * request, so the query is not rebuilt each time.
 */
export function prepareUserById({ db }: Pick<Deps, 'db'>) {
  const query = db
    .select(selectUser)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('pawcare_user_by_id');
  return async (id: string): Promise<User | null> => {
    const [row] = await query.execute({ id });
    return row ? toUserDto(row, row.hasProof) : null;
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
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning({ id: users.id });
  if (!row) throw errors.notFound('User');
  return getUser({ db }, id);
}

function prepareListUsers(db: Executor, withCursor: boolean, withQuery: boolean, byEmail: boolean) {
  const conds = [sql`${users.role} = any(${sql.placeholder('roles')}::text[])`];
  if (withCursor) {
    conds.push(
      olderThanRow(users, users.createdAt, users.id, { at: sql.placeholder('at'), id: sql.placeholder('id') }),
    );
  }
  if (withQuery)
    conds.push(
      byEmail
        ? or(ilike(users.name, sql.placeholder('like')), ilike(users.email, sql.placeholder('like')))!
        : ilike(users.name, sql.placeholder('like')),
    );
  return db
    .select(selectUser)
    .from(users)
    .where(and(...conds))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(sql.placeholder('limit'))
    .prepare(`pawcare_list_users_${Number(withCursor)}${Number(withQuery)}${Number(byEmail)}`);
}

// Admin lists and chat contacts are hot paths: their query shapes are built once per database.
const listQueries = new WeakMap<Executor, Map<string, ReturnType<typeof prepareListUsers>>>();

/**
 * A page of users with the given roles, newest first. `q` matches names, and e-mail addresses too only with
 * `searchEmail` (admins): otherwise a search would let its caller spell out addresses they are not shown.
 */
export async function listUsers(
  { db }: Pick<Deps, 'db'>,
  opts: { roles: Role[]; limit: number; cursor?: Cursor; q?: string; searchEmail?: boolean },
): Promise<User[]> {
  const byEmail = !!opts.q && !!opts.searchEmail;
  const key = `${Number(!!opts.cursor)}${Number(!!opts.q)}${Number(byEmail)}`;
  let cache = listQueries.get(db);
  if (!cache) listQueries.set(db, (cache = new Map<string, ReturnType<typeof prepareListUsers>>()));
  let query = cache.get(key);
  if (!query) cache.set(key, (query = prepareListUsers(db, !!opts.cursor, !!opts.q, byEmail)));
  const rows = await query.execute({
    roles: opts.roles,
    limit: opts.limit + 1,
    at: opts.cursor?.at.toISOString(),
    id: opts.cursor?.id,
    like: opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => '\\' + c)}%` : undefined,
  });
  return rows.map((r) => toUserDto(r, r.hasProof));
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

/** Changes a user's role. An admin cannot change their own role; the last admin stays an admin. */
export async function changeRole(
  { db }: Pick<Deps, 'db'>,
  actorId: string,
  targetId: string,
  role: Role,
): Promise<User> {
  if (!isUuid(targetId)) throw errors.notFound('User');
  if (actorId === targetId) throw errors.forbidden('You cannot change your own role');
  await db.transaction(async (tx) => {
    await lockAdmins(tx);
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, targetId)).limit(1);
    if (!target) throw errors.notFound('User');
    if (target.role === 'admin' && role !== 'admin' && !(await otherAdminsExist(tx, targetId)))
      throw errors.conflict('The last admin cannot be demoted');
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, targetId));
  });
  return getUser({ db }, targetId);
}

/** Deletes a user and what is theirs. An admin cannot delete themself; the last admin stays. */
export async function deleteUser({ db }: Pick<Deps, 'db'>, actorId: string, targetId: string): Promise<void> {
  if (!isUuid(targetId)) throw errors.notFound('User');
  if (actorId === targetId) throw errors.forbidden('You cannot delete your own account');
  await db.transaction(async (tx) => {
    await lockAdmins(tx);
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, targetId)).limit(1);
    if (!target) throw errors.notFound('User');
    if (target.role === 'admin' && !(await otherAdminsExist(tx, targetId)))
      throw errors.conflict('The last admin cannot be removed');
    await tx.delete(users).where(eq(users.id, targetId));
  });
}

/** The identity proof of a user, or 404. */
export async function getIdentityProof({ db }: Pick<Deps, 'db'>, userId: string) {
  if (!isUuid(userId)) throw errors.notFound('Identity proof');
  const [row] = await db.select().from(identityProofs).where(eq(identityProofs.userId, userId)).limit(1);
  if (!row) throw errors.notFound('Identity proof');
  return row;
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
