import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    // Analytics (decision 028): the customers' messages of a range of days, and the first staff message after one.
    index('chat_messages_customer_sent_idx')
      .on(t.createdAt, t.customerId)
      .where(sql`${t.senderRole} = 'user'`),
    index('chat_messages_staff_reply_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.senderRole} <> 'user'`),
  ],
);

/**
 * How far someone has read a customer's conversation: up to a time (the customer's own badge counts staff replies
 * and broadcasts after it), and, for staff, up to how many of the customer's messages (`readCount`, compared with
 * the conversation's `customerMessages`).
 */
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
    readCount: integer('read_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.readerId] })],
);

/**
 * One row per customer conversation, kept by triggers on chat_messages in the same transaction as each message
 * (migration 0003): its last message and how many messages the customer has sent in it. The staff list reads this
 * table in its index order instead of searching every message.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    customerMessages: integer('customer_messages').notNull().default(0),
  },
  (t) => [index('chat_conversations_last_idx').on(t.lastMessageAt, t.customerId)],
);

/**
 * Customers' messages in all conversations, summed over a few rows (`shard` from the conversation) so concurrent
 * messages rarely wait on one counter. Kept by the same triggers.
 */
export const chatCustomerMessageCounts = pgTable('chat_customer_message_counts', {
  shard: smallint('shard').primaryKey(),
  messages: bigint('messages', { mode: 'number' }).notNull().default(0),
});

/**
 * What each staff member has read, summed over conversations (the sum of their chat_reads.read_count), kept by a
 * trigger on chat_reads: their unread total is all customers' messages minus this, two index lookups.
 */
export const chatReaderTotals = pgTable('chat_reader_totals', {
  readerId: uuid('reader_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readCount: bigint('read_count', { mode: 'number' }).notNull().default(0),
});
