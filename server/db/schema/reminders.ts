import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uniqueIndex, uuid, text } from 'drizzle-orm/pg-core';
import { slotBookings } from './bookings.ts';
import { users } from './users.ts';

/**
 * Reminders due at a time, each sent once: an appointment reminder 24 hours before a confirmed booking (kept by a
 * trigger on slot_bookings, migration 0006: moved with the booking, dropped when it stops being confirmed) and a care
 * reminder before a visit's next-due date (written with the visit). Workers claim due rows with
 * `for update skip locked` and set `sent_at` in the transaction that stores the notification and queues the mail.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['appointment', 'care'] }).notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => slotBookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** What it reminds of: the appointment's start, or the next-due date's morning. */
    forAt: timestamp('for_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminders_kind_booking_uq').on(t.kind, t.bookingId),
    index('reminders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
    check('reminders_kind_ck', sql`${t.kind} in ('appointment', 'care')`),
  ],
);
