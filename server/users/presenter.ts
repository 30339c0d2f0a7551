import type { AdminUser, Contact, User } from '#shared/auth';
import { present } from '../db/rows.ts';
import type { users } from '../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** URL of the generated avatar we serve for a name. */
function avatarUrl(name: string): string {
  return `/api/avatar?name=${encodeURIComponent(name)}`;
}

/** The public shape of a user: `_id` and `id`, never the password hash or the identity-proof bytes. */
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

/** A chat contact: name, role and picture only. */
export function toContact(u: User): Contact {
  return { _id: u._id, id: u.id, name: u.name, role: u.role, image: u.image };
}

/** A row of the admin's user lists: what the table and its buttons use. */
export function toAdminUser(u: User): AdminUser {
  const { address: _address, bloodGroup: _bloodGroup, reminderEmails: _reminderEmails, ...row } = u;
  return row;
}
