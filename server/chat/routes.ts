import { z } from 'zod';
import {
  CHAT_EVENTS,
  CHAT_SPEC_SHAPE,
  CHAT_TEXT,
  ChatHistoryQuerySchema,
  ChatMessageSchema,
  ChatMessagesAnswerSchema,
  ChatMessagesQuerySchema,
  type ChatMessage,
  ConversationParamSchema,
  ConversationSchema,
  OnlineCustomersSchema,
  SendMessageSchema,
  UnreadCountSchema,
} from '#shared/chat';
import { IdParamSchema, OkSchema } from '#shared/common';
import { depsOf } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { decodeCursor, pageOf, type Cursor } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { currentUser } from '../lib/caller.ts';
import { userRoom } from '../lib/realtime.ts';
import { createChatDelivery } from './delivery.ts';
import {
  customerHistory,
  listConversations,
  loadChatter,
  loadCustomer,
  markConversationRead,
  SenderChangedError,
  staffInbox,
  storeMessage,
  unreadCount,
} from './service.ts';
import { onlineCustomerIds, registerChatSocket } from './socket.ts';
import { isStaff, mayOpenRecordOf, STAFF_ROLES } from '../lib/policy.ts';

/** `before` (or `cursor`) of a history page; cursors always carry a message or customer UUID. */
function pageCursor(q: { before?: string; cursor?: string }): Cursor | undefined {
  const c = decodeCursor(q.before ?? q.cursor);
  if (c && !isUuid(c.id)) throw errors.badRequest('Invalid cursor');
  return c;
}

/** For a second attempt at a message the chat limit has already counted. */
const admitted = () => Promise.resolve(true);

const byTimestamp = (m: { timestamp: string; id: string }) => ({ at: new Date(m.timestamp), id: m.id });

/** A history page in the form asked for: the array, or the spec's `{ messages }` (decision 043). */
const shaped = (messages: ChatMessage[], shape: string | undefined) =>
  shape === CHAT_SPEC_SHAPE ? { messages } : messages;

/** Chat: socket handlers plus history, conversations, unread counts and a REST way to send. */
export default routes((app) => {
  const deps = depsOf(app);
  const delivery = createChatDelivery(app);
  registerChatSocket(app, delivery);
  const staffOnly = app.requireRole(...STAFF_ROLES);

  app.get(
    '/api/chat/customer/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary:
          "A customer's conversation incl. broadcasts: newest page first, each page oldest to newest (customer themself or staff); ?shape=spec answers { messages }",
        ...secured,
        params: IdParamSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagesAnswerSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (!mayOpenRecordOf(me, request.params.id)) throw errors.forbidden(CHAT_TEXT.forbiddenConversation);
      const customer = await loadCustomer(deps, request.params.id);
      const { limit, shape } = request.query;
      const rows = await customerHistory(deps, customer, limit, pageCursor(request.query));
      return shaped(pageOf(reply, rows, limit, byTimestamp).reverse(), shape);
    },
  );

  app.get(
    '/api/chat/employee/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['chat'],
        summary:
          "The staff inbox: every customer's messages and this staff member's replies (staff only); ?shape=spec answers { messages }",
        ...secured,
        params: IdParamSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagesAnswerSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = await loadChatter(deps, request.params.id);
      if (!staff || !isStaff(staff)) throw errors.notFound('Employee');
      const { limit, shape } = request.query;
      const rows = await staffInbox(deps, staff.id, limit, pageCursor(request.query));
      return shaped(pageOf(reply, rows, limit, byTimestamp).reverse(), shape);
    },
  );

  app.post(
    '/api/chat/message',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: 'Send a message (same rules as send_message); 201 when stored, 200 when it was already stored',
        ...secured,
        body: SendMessageSchema,
        response: { 200: ChatMessageSchema, 201: ChatMessageSchema, ...errorReplies(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const admit = async (senderId: string) => {
        const r = await app.limits.take('chat', senderId);
        if (!r.allowed) reply.header('retry-after', r.retryAfterSeconds);
        return r.allowed;
      };
      const { message, created } = await storeMessage(deps, me, request.body, admit).catch((err: unknown) => {
        // The role changed between loading the user and storing: apply the current one (already counted).
        if (err instanceof SenderChangedError) return storeMessage(deps, err.current, request.body, admitted);
        throw err;
      });
      // Held for other processes while Redis is away, and delivered to them once it is back (decision 015).
      if (created) await delivery.deliver(message);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.get(
    '/api/chat/conversations',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['chat'],
        summary: "One row per customer: last message and the caller's unread count, most recent first (staff)",
        ...secured,
        querystring: ChatHistoryQuerySchema,
        response: { 200: z.array(ConversationSchema), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      const rows = await listConversations(deps, currentUser(request).id, limit, pageCursor(request.query));
      return pageOf(reply, rows, limit, (c) => ({ at: new Date(c.lastMessage.timestamp), id: c.customerId }));
    },
  );

  app.put(
    '/api/chat/conversations/:customerId/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: 'Mark a conversation read by the caller (staff: any customer; a customer: their own)',
        ...secured,
        params: ConversationParamSchema,
        response: { 200: OkSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!mayOpenRecordOf(me, request.params.customerId)) throw errors.forbidden(CHAT_TEXT.forbiddenConversation);
      const customer = await loadCustomer(deps, request.params.customerId);
      await markConversationRead(deps, customer.id, me);
      // The reader's other tabs (on any process) clear that row and set their badge without refetching.
      const unread = await unreadCount(deps, me);
      app.io.to(userRoom(me.id)).emit(CHAT_EVENTS.read, { customerId: customer.id, unread });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/chat/unread-count',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: "Unread chat messages of the caller (a customer: own conversation; staff: all customers')",
        ...secured,
        response: { 200: UnreadCountSchema, ...errorReplies(401) },
      },
    },
    async (request) => ({ count: await unreadCount(deps, currentUser(request)) }),
  );

  app.get(
    '/api/chat/online',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['chat'],
        summary:
          'Ids of customers connected to chat right now (staff); `partial` while other server processes cannot be asked',
        ...secured,
        response: { 200: OnlineCustomersSchema, ...errorReplies(401, 403) },
      },
    },
    () => onlineCustomerIds(app),
  );
});
