import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What staff and admins did: one row per action, written in the same transaction as the change it records. The
 * actor is copied (id, name, e-mail, role) rather than referenced, so an entry outlives the account that made it.
 * Append-only: a trigger (migration 0007) refuses every UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    /** What was done, e.g. 'user.role_changed', 'booking.confirmed' (shared/audit.ts). */
    kind: text('kind').notNull(),
    /** What it was done to: 'user', 'booking', 'order', 'product', 'service', 'settings', ... and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** One line a person reads in the log. */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_at_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('audit_log_kind_at_idx').on(t.kind, t.at.desc(), t.id.desc()),
  ],
);
