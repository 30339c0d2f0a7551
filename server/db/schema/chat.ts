import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Chat messages. `customerId` names the conversation (null for an employee's broadcast to all customers);
 * (senderId, clientMessageId) is unique so a resend never stores a second row.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    senderRole: text('sender_role', { enum: ['user', 'employee', 'admin'] }).notNull(),
    receiverId: text('receiver_id'),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'cascade' }),
    clientMessageId: text('client_message_id').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_uq').on(t.senderId, t.clientMessageId),
    index('chat_messages_customer_created_idx').on(t.customerId, t.createdAt),
    index('chat_messages_created_idx').on(t.createdAt),
  ],
);

/** How far a staff member has read a customer's conversation (for unread counts). */
export const chatReads = pgTable(
  'chat_reads',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.readerId] })],
);
