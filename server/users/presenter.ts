import type { AdminUser, Contact, OwnAccount, User } from '#shared/auth';
import type { Config } from '../config.ts';
import { present } from '../db/rows.ts';
import type { users } from '../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** What decides how answers address people's pictures: PUBLIC_URL, and whether it was set. */
export type ImageBase = Pick<Config, 'PUBLIC_URL' | 'publicUrlGiven'>;

/** URL of the generated avatar we serve for a name, as a path on this server. */
function avatarUrl(name: string): string {
  return `/api/avatar?name=${encodeURIComponent(name)}`;
}

/**
 * The public shape of a user: `_id` and `id`, never the password hash or the identity-proof bytes. Its `image` is a
 * path on this server; an answer passes the user through one of the functions below, which address it.
 */
export function toUserDto(
  row: Omit<UserRow, 'passwordHash' | 'sessionVersion'> & { passwordHash?: string },
  hasIdentityProof: boolean,
): User {
  return {
    ...present(row, ['name', 'email', 'phone', 'role', 'createdAt']),
    address: row.address ?? null,
    bloodGroup: row.bloodGroup ?? null,
    image: avatarUrl(row.name),
    hasIdentityProof,
    reminderEmails: row.reminderEmails,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/**
 * A picture path as answers give it: an absolute URL under PUBLIC_URL when that is set (decision 043); unset, the
 * localhost default could be the wrong address, so it stays a path on this server.
 */
const addressed = (image: string, config: ImageBase) =>
  config.publicUrlGiven && image.startsWith('/') ? config.PUBLIC_URL + image : image;

/** A person's own account as an answer gives it (login, sign-up, password change, an accepted invitation). */
export function toOwnUser(u: User, config: ImageBase): User {
  return { ...u, image: addressed(u.image, config) };
}

/**
 * GET /api/auth/me and PUT /api/users/profile: the account's fields, and the same again under `user`, the spec's
 * shape of these answers (decision 043).
 */
export function toOwnAccount(u: User, config: ImageBase): OwnAccount {
  const user = toOwnUser(u, config);
  return { ...user, user };
}

/** A chat contact: name, role and picture only. */
export function toContact(u: User, config: ImageBase): Contact {
  return { _id: u._id, id: u.id, name: u.name, role: u.role, image: addressed(u.image, config) };
}

/** A row of the admin's user lists: what the table and its buttons use. */
export function toAdminUser(u: User, config: ImageBase): AdminUser {
  const { address: _address, bloodGroup: _bloodGroup, reminderEmails: _reminderEmails, ...row } = u;
  return { ...row, image: addressed(u.image, config) };
}
