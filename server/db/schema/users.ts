import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** bytea as a Node Buffer (both pg and PGlite hand back Uint8Array-compatible values). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull(),
    address: text('address'),
    bloodGroup: text('blood_group'),
    role: text('role', { enum: ['user', 'employee', 'admin'] })
      .notNull()
      .default('user'),
    /** Reminder e-mails on (the default) or off; in-app reminders are always kept. */
    reminderEmails: boolean('reminder_emails').notNull().default(true),
    /** When the e-mail address was proven (a verification, reset or invitation link); null = not yet. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Carried by every token as `sv`; raising it signs out every session (sign out everywhere, password changes). */
    sessionVersion: integer('session_version').notNull().default(1),
    /**
     * Bytes of this account's stored uploads (its identity proof, pet photos, archived pets' too), kept by the upload's own transaction
     * with one conditional update against STORAGE_QUOTA_BYTES (decision 039).
     */
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    // The admin lists' search (`ilike '%text%'` on name or e-mail) finds rare matches without reading every row.
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_role_ck', sql`${t.role} in ('user', 'employee', 'admin')`),
    check('users_storage_bytes_ck', sql`${t.storageBytes} >= 0`),
  ],
);

/**
 * One identity proof per user. Its bytes are a file under DATA_DIR named by `fileKey` (decision 039); proofs stored
 * before that keep their bytes in `data`. `size` counts in the user's `storage_bytes`.
 */
export const identityProofs = pgTable('identity_proofs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Only proofs stored before decision 039; null for a proof on disk. */
  data: bytea('data'),
  /** The file's path under DATA_DIR/files; null for a proof still in `data`. */
  fileKey: text('file_key'),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  filename: text('filename'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use links of the account flows (docs/decisions/025): a password reset, an e-mail verification, a staff
 * invitation. Only the SHA-256 of the random token is kept; a use is one conditional update (unused, unexpired), so
 * two racing uses cannot both succeed.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify', 'invite'] }).notNull(),
    /** Hex SHA-256 of the token the link carries; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_ck', sql`${t.purpose} in ('reset', 'verify', 'invite')`),
  ],
);

/**
 * Sessions ended by logging out before their token expired: the SHA-256 of the token (base64url) and when the token
 * would have expired anyway. Every authenticated request checks that its token is not listed; rows past their
 * expiry are pruned as new ones come in.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ended_sessions_expires_idx').on(t.expiresAt)],
);
