import { z } from 'zod';
import { CursorSchema } from './common.ts';
import { PAGE_DEFAULT, PAGE_MAX } from './http.ts';
import { ROLES } from './roles.ts';
import { multiLineText, singleLineText } from './text.ts';

/** Chat limits and the spec's socket reconnect policy. */
export const CHAT_MESSAGE_MAX = 2000;

/** receiverId an employee uses to write to every customer at once. */
export const CHAT_BROADCAST = 'all';
/** The spec's client's name for the same target: accepted, and stored as CHAT_BROADCAST (decision 043). */
const CHAT_BROADCAST_SYNONYM = 'all_customers';

/** Socket event names (spec section 7, plus our typing and presence events). */
export const CHAT_EVENTS = {
  send: 'send_message',
  receive: 'receive_message',
  error: 'message_error',
  joinRoom: 'join_room',
  leaveRoom: 'leave_room',
  userConnected: 'user_connected',
  typing: 'typing',
  presence: 'presence',
  /** To a reader's own tabs after they mark a conversation read: that row is read, and their new unread total. */
  read: 'conversation_read',
} as const;

export const CHAT_TEXT = {
  blank: 'Message cannot be empty',
  tooLong: `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  rateLimited: 'You are sending messages too fast. Please wait a moment.',
  receiverRequired: 'Choose a customer or All customers to send to',
  customerNotFound: 'Customer not found',
  forbiddenConversation: 'You can only read your own conversation',
  /** send_message with something other than an object (a client that does not follow the contract). */
  notAnObject: 'send_message takes an object: { message, receiverId, clientMessageId }',
} as const;

/** The message text: blank refused, at most CHAT_MESSAGE_MAX characters, surrounding whitespace dropped. */
const ChatTextSchema = multiLineText('Message', CHAT_TEXT.blank)
  .min(1, CHAT_TEXT.blank)
  .max(CHAT_MESSAGE_MAX, CHAT_TEXT.tooLong);

/** A client-generated id that makes a resend recognisable (one stored row per sender and id). */
const ClientMessageIdSchema = singleLineText('clientMessageId')
  .min(1, 'clientMessageId is required')
  .max(100, 'clientMessageId must be at most 100 characters');

/**
 * send_message payload and POST /api/chat/message body. Sender fields (senderId, senderName, senderRole)
 * sent by older clients are accepted and ignored: identity comes from the token. `clientMessageId` is
 * optional only for the spec's clients; without it a resend cannot be recognised.
 */
export const SendMessageSchema = z.object({
  message: ChatTextSchema,
  /** Staff: a customer's id, or 'all' for every customer ('all_customers' is read as 'all'). Customers' is ignored. */
  receiverId: singleLineText('receiverId')
    .max(64, 'receiverId must be at most 64 characters')
    .transform((id) => (id === CHAT_BROADCAST_SYNONYM ? CHAT_BROADCAST : id))
    .nullish(),
  clientMessageId: ClientMessageIdSchema.optional(),
});
export type SendMessage = z.infer<typeof SendMessageSchema>;
export type SendMessageInput = z.input<typeof SendMessageSchema>;

/** A stored chat message as every endpoint and socket event returns it (spec section 3). */
export const ChatMessageSchema = z.object({
  _id: z.string(),
  id: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  senderRole: z.enum(ROLES),
  /** A customer's id, 'all' for a broadcast, or null for a customer writing to the staff. */
  receiverId: z.string().nullable(),
  /** The customer whose conversation this belongs to; null for a broadcast. */
  customerId: z.string().nullable(),
  message: z.string(),
  clientMessageId: z.string(),
  timestamp: z.string(),
  /**
   * The customer whose conversation this is (id, name), which the spec's staff clients reply to: on a message as it
   * is delivered (receive_message, the send's acknowledgement, POST /api/chat/message), not on broadcasts, and not in
   * lists (histories, conversations), which name the customer by `customerId`.
   */
  clientInfo: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * Acknowledgement of send_message. `queued`: stored and delivered to the people connected to this server process,
 * but not yet to those on other processes (their link, Redis, is away); they get it once it is back.
 */
export const SendAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: ChatMessageSchema, queued: z.literal(true).optional() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type SendAck = z.infer<typeof SendAckSchema>;

/** message_error payload. */
export const MessageErrorSchema = z.object({ message: z.string(), clientMessageId: z.string().optional() });
export type MessageError = z.infer<typeof MessageErrorSchema>;

/** join_room / leave_room payload: a customer's id (the conversation), as a string or `{ customerId }`. */
const CustomerIdTextSchema = singleLineText('customerId').min(1).max(64);
export const JoinRoomSchema = z.union([
  CustomerIdTextSchema.transform((customerId) => ({ customerId })),
  z.object({ customerId: CustomerIdTextSchema }),
]);
export type JoinRoomInput = z.input<typeof JoinRoomSchema>;

/** Acknowledgement of join_room and leave_room. */
export const RoomAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type RoomAck = z.infer<typeof RoomAckSchema>;

/** typing payload from a client: an employee names the customer, a customer writes to the staff. */
export const TypingInputSchema = z.object({
  isTyping: z.boolean(),
  receiverId: singleLineText('receiverId').max(64).nullish(),
});
export type TypingInput = z.input<typeof TypingInputSchema>;

/** typing event delivered to the other side of a conversation. */
export const TypingEventSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  customerId: z.string().nullable(),
  isTyping: z.boolean(),
});
export type TypingEvent = z.infer<typeof TypingEventSchema>;

/** GET /api/chat/online. `partial`: only this server process's connections, the others could not be asked. */
export const OnlineCustomersSchema = z.object({ userIds: z.array(z.string()), partial: z.literal(true).optional() });
export type OnlineCustomers = z.infer<typeof OnlineCustomersSchema>;

/** presence event sent to staff when a customer comes online or leaves. */
export const PresenceEventSchema = z.object({ userId: z.string(), online: z.boolean() });
export type PresenceEvent = z.infer<typeof PresenceEventSchema>;

/**
 * History pages: the newest page first, each page in chronological order; pass the X-Next-Cursor of a page as
 * `before` (or `cursor`) for the older messages.
 */
export const ChatHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  before: CursorSchema,
  cursor: CursorSchema,
});

/** The answer form the spec shows for a conversation's messages, asked for with `?shape=spec` (decision 043). */
export const CHAT_SPEC_SHAPE = 'spec';

/** GET /api/chat/customer/{id} and /api/chat/employee/{id}: a history page, in our form or the spec's. */
export const ChatMessagesQuerySchema = ChatHistoryQuerySchema.extend({
  shape: z
    .literal(CHAT_SPEC_SHAPE, { error: `shape must be '${CHAT_SPEC_SHAPE}'` })
    .optional()
    .meta({
      description:
        "'spec' answers the page as { messages: [...] }, the spec's form; without it the page is the array itself. X-Next-Cursor either way",
    }),
});

/** A history page as the spec's clients read it (`?shape=spec`). */
export const ChatMessagesSpecSchema = z.object({ messages: z.array(ChatMessageSchema) });

/** A history page: the array (decision 002), or `{ messages }` when asked with `?shape=spec` (decision 043). */
export const ChatMessagesAnswerSchema = z.union([z.array(ChatMessageSchema), ChatMessagesSpecSchema]);

/** One row of the staff conversation list: a customer, the last message and what this reader has not read. */
export const ConversationSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  lastMessage: ChatMessageSchema,
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationParamSchema = z.object({ customerId: z.string().min(1).max(64) });

export const UnreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/**
 * Sent to the reader's own tabs (every process) when they mark a conversation read: the row `customerId` has no
 * unread messages left for them, and `unread` is their new badge total. Other tabs follow without a refetch.
 */
export const ConversationReadEventSchema = z.object({ customerId: z.string(), unread: z.number().int().min(0) });
export type ConversationReadEvent = z.infer<typeof ConversationReadEventSchema>;
