import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CHAT_BROADCAST, CHAT_TEXT, type ChatMessage, type Conversation, type SendMessage } from '#shared/chat';
import type { Role } from '#shared/roles';
import { rowsOf } from '../db/client.ts';
import { fromSqlRow, present } from '../db/rows.ts';
import { chatMessages, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { olderThan, olderThanRow, type Cursor } from '../lib/pagination.ts';
import { roleRoom, userRoom } from '../lib/realtime.ts';
import { isStaff } from '../lib/policy.ts';

type Row = typeof chatMessages.$inferSelect;

/** Someone who may chat, as loaded from the database (never from the client). */
export interface Chatter {
  id: string;
  name: string;
  role: Role;
}

/** Room of a customer's conversation: staff who have it open join it to see each other's replies and typing. */
export const conversationRoom = (customerId: string) => `chat:${customerId}`;

/** The wire shape of a stored message. */
function toChatMessage(r: Row): ChatMessage {
  return {
    ...present(r, ['senderId', 'senderName', 'senderRole', 'receiverId', 'customerId', 'message', 'clientMessageId']),
    timestamp: r.createdAt.toISOString(),
  };
}

/**
 * A message as it is delivered: with `clientInfo`, the customer whose conversation it is, which the spec's staff
 * clients reply to (decision 043). `customerName` is that customer's name; a broadcast has none.
 */
function toDeliveredMessage(r: Row, customerName: unknown): ChatMessage {
  const message = toChatMessage(r);
  if (!message.customerId || typeof customerName !== 'string') return message;
  return { ...message, clientInfo: { id: message.customerId, name: customerName } };
}

/** Loads a user's current name and role; null when the account is gone. */
export async function loadChatter({ db }: Pick<Deps, 'db'>, id: string): Promise<Chatter | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** Loads a customer (role user) or answers 404. */
export async function loadCustomer(
  { db }: Pick<Deps, 'db'>,
  id: string,
): Promise<{ id: string; name: string; createdAt: Date }> {
  if (!isUuid(id)) throw errors.notFound('Customer');
  const [row] = await db
    .select({ id: users.id, name: users.name, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row || row.role !== 'user') throw errors.notFound('Customer');
  return row;
}

export interface SendResult {
  message: ChatMessage;
  /** False when this was a resend of a message already stored: it must not be delivered again. */
  created: boolean;
}

/** The sender's role is no longer the one the caller believed (changed by an admin since the socket connected). */
export class SenderChangedError extends Error {
  readonly current: Chatter;
  constructor(current: Chatter) {
    super('sender changed');
    this.current = current;
  }
}

/** The message a sender already stored under a clientMessageId, with its customer's name. */
async function findStored(
  { db }: Pick<Deps, 'db'>,
  senderId: string,
  clientMessageId: string,
): Promise<ChatMessage | undefined> {
  const [found] = await db
    .select({ row: chatMessages, customerName: users.name })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.customerId))
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, clientMessageId)))
    .limit(1);
  return found && toDeliveredMessage(found.row, found.customerName);
}

/** Counts one message of `senderId` against the chat limit; false refuses it. It must not touch the database. */
export type AdmitSender = (senderId: string) => Promise<boolean>;

/**
 * Stores a message exactly once per (sender, clientMessageId). A customer writes to the staff; staff write to
 * one customer (receiverId) or to every customer ('all'). A resend answers the stored row with created=false.
 *
 * `admit` runs before any query, so a refused message costs the database nothing (a flood of them cannot stall
 * everyone else); a refused resend is refused too, and the client sends it again later.
 * `sender` is who the caller believes is writing; one statement checks it against the database (the account still
 * exists with that role, the named customer is a customer) while inserting, and copies the current name.
 */
export async function storeMessage(
  deps: Pick<Deps, 'db'>,
  sender: Chatter,
  input: SendMessage,
  admit: AdmitSender,
): Promise<SendResult> {
  let customerId: string | null;
  let receiverId: string | null;
  if (isStaff(sender)) {
    if (!input.receiverId) throw errors.validation(CHAT_TEXT.receiverRequired);
    if (input.receiverId === CHAT_BROADCAST) {
      customerId = null;
      receiverId = CHAT_BROADCAST;
    } else {
      if (!isUuid(input.receiverId)) throw errors.validation(CHAT_TEXT.customerNotFound);
      customerId = input.receiverId;
      receiverId = input.receiverId;
    }
  } else {
    // A customer always writes into their own conversation, whatever receiverId the client names.
    customerId = sender.id;
    receiverId = null;
  }

  if (!(await admit(sender.id))) throw errors.rateLimited(CHAT_TEXT.rateLimited);
  const clientMessageId = input.clientMessageId ?? randomUUID();

  const customerCheck =
    customerId === null || customerId === sender.id
      ? sql``
      : sql`and exists (select 1 from users c where c.id = ${customerId} and c.role = 'user')`;
  const inserted = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      insert into chat_messages (sender_id, sender_name, sender_role, receiver_id, customer_id, client_message_id, message)
      select s.id, s.name, s.role, ${receiverId}, ${customerId}, ${clientMessageId}, ${input.message}
        from users s
       where s.id = ${sender.id} and s.role = ${sender.role} ${customerCheck}
      on conflict (sender_id, client_message_id) do nothing
      returning *, (select c.name from users c where c.id = chat_messages.customer_id) as customer_name`),
  )[0];
  if (inserted)
    return { message: toDeliveredMessage(fromSqlRow(chatMessages, inserted), inserted.customer_name), created: true };

  const stored = await findStored(deps, sender.id, clientMessageId);
  if (stored) return { message: stored, created: false };
  // Nothing stored: find out which check failed.
  const current = await loadChatter(deps, sender.id);
  if (!current) throw errors.unauthenticated();
  if (current.role !== sender.role) throw new SenderChangedError(current);
  throw errors.validation(CHAT_TEXT.customerNotFound);
}

/** The rooms a stored message is delivered to. */
export function deliveryRooms(m: ChatMessage): string[] {
  if (m.senderRole === 'user') {
    return [roleRoom('employee'), roleRoom('admin'), userRoom(m.senderId), conversationRoom(m.senderId)];
  }
  if (m.customerId) return [userRoom(m.customerId), userRoom(m.senderId), conversationRoom(m.customerId)];
  return [roleRoom('user'), userRoom(m.senderId)];
}

function beforeCursor(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return olderThanRow(chatMessages, chatMessages.createdAt, chatMessages.id, cursor);
}

/** limit+1 rows newest first (pageOf trims them); callers reverse the page for display order. */
async function pageNewestFirst({ db }: Pick<Deps, 'db'>, where: SQL | undefined, limit: number, cursor?: Cursor) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(where, beforeCursor(cursor)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit + 1);
  return rows.map(toChatMessage);
}

/** A customer's conversation: their messages, the staff's replies and broadcasts sent since they joined. */
export function customerHistory(
  deps: Pick<Deps, 'db'>,
  customer: { id: string; createdAt: Date },
  limit: number,
  cursor?: Cursor,
) {
  const where = or(
    eq(chatMessages.customerId, customer.id),
    and(isNull(chatMessages.customerId), sql`${chatMessages.createdAt} >= ${customer.createdAt.toISOString()}`),
  );
  return pageNewestFirst(deps, where, limit, cursor);
}

/** The staff inbox of one staff member: every customer's messages and that member's own replies. */
export function staffInbox(deps: Pick<Deps, 'db'>, staffId: string, limit: number, cursor?: Cursor) {
  return pageNewestFirst(
    deps,
    or(eq(chatMessages.senderRole, 'user'), eq(chatMessages.senderId, staffId)),
    limit,
    cursor,
  );
}

/** A conversation's last message (its customer_id is the conversation's), with the customer's name and unread count. */
interface ConversationRow extends Record<string, unknown> {
  customer_id: string;
  customer_name: string;
  unread: number;
}

/**
 * One row per customer who has a conversation, most recent first: the last message and how many of the
 * customer's messages `readerId` has not read. The page is read from chat_conversations in its index order (kept by
 * triggers as messages are stored), so its cost does not grow with the number of conversations or messages.
 */
export async function listConversations(
  { db }: Pick<Deps, 'db'>,
  readerId: string,
  limit: number,
  cursor?: Cursor,
): Promise<Conversation[]> {
  // A conversation's place is the time of its last message, read back as stored (see olderThan).
  const after = cursor
    ? sql`where ${olderThan(sql`c.last_message_at`, sql`c.customer_id`, sql`(select last_message_at from chat_conversations where customer_id = ${cursor.id}::uuid)`, cursor)}`
    : sql``;
  const result = await db.execute(sql`
    select c.customer_id, u.name as customer_name, m.id, m.sender_id, m.sender_name, m.sender_role, m.receiver_id,
           m.client_message_id, m.message, m.created_at,
           greatest(c.customer_messages - coalesce(r.read_count, 0), 0) as unread
      from chat_conversations c
      join users u on u.id = c.customer_id
      join chat_messages m on m.id = c.last_message_id
      left join chat_reads r on r.customer_id = c.customer_id and r.reader_id = ${readerId}
     ${after}
     order by c.last_message_at desc, c.customer_id desc
     limit ${limit + 1}`);
  return rowsOf<ConversationRow>(result).map((r) => ({
    customerId: r.customer_id,
    customerName: r.customer_name,
    unreadCount: Number(r.unread),
    lastMessage: toChatMessage(fromSqlRow(chatMessages, r)),
  }));
}

/**
 * Marks everything in a customer's conversation (broadcasts included) as read by `reader`: up to the newest
 * message's time, and for staff up to the customer's message count (their unread counts).
 */
export async function markConversationRead(
  { db }: Pick<Deps, 'db'>,
  customerId: string,
  reader: Pick<Chatter, 'id' | 'role'>,
): Promise<void> {
  const readCount = isStaff(reader)
    ? sql`coalesce((select customer_messages from chat_conversations where customer_id = ${customerId}), 0)`
    : sql`0`;
  await db.execute(sql`
    insert into chat_reads (customer_id, reader_id, last_read_at, read_count)
    values (${customerId}, ${reader.id},
            coalesce(greatest((select max(created_at) from chat_messages where customer_id = ${customerId}),
                              (select max(created_at) from chat_messages where customer_id is null)), now()),
            ${readCount})
    on conflict (customer_id, reader_id)
    do update set last_read_at = greatest(chat_reads.last_read_at, excluded.last_read_at),
                  read_count = greatest(chat_reads.read_count, excluded.read_count)`);
}

/**
 * Unread messages for a badge. A customer: staff replies and broadcasts in their conversation since they last
 * read it. Staff: customers' messages in every conversation they have not read.
 */
export async function unreadCount({ db }: Pick<Deps, 'db'>, me: Chatter & { createdAt?: Date }): Promise<number> {
  if (me.role === 'user') {
    const result = await db.execute(sql`
      select count(*)::int as n
        from chat_messages m
        join users u on u.id = ${me.id}
        left join chat_reads r on r.customer_id = ${me.id} and r.reader_id = ${me.id}
       where (m.customer_id = ${me.id} or (m.customer_id is null and m.created_at >= u.created_at))
         and m.sender_id <> ${me.id}
         and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }
  // Staff: every customer message ever stored minus what this member has read (both kept by triggers).
  const result = await db.execute(sql`
    select greatest(
             (select coalesce(sum(messages), 0) from chat_customer_message_counts)
             - coalesce((select read_count from chat_reader_totals where reader_id = ${me.id}), 0),
             0)::int as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
