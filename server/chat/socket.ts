import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import {
  CHAT_BROADCAST,
  CHAT_EVENTS,
  JoinRoomSchema,
  SendMessageSchema,
  TypingInputSchema,
  type PresenceEvent,
  type SendAck,
  type TypingEvent,
} from '#shared/chat';
import { MSG } from '#shared/messages';
import { AppError } from '../errors';
import { isUuid } from '../lib/ids';
import type { AuthUser } from '../plugins/auth';
import { roleRoom, userRoom } from '../plugins/socket';
import type { TokenBuckets } from './rate-limit';
import { conversationRoom, deliverMessage, isStaff, SenderChangedError, storeMessage } from './service';

type Ack = (res: unknown) => void;
const asAck = (v: unknown): Ack | undefined => (typeof v === 'function' ? (v as Ack) : undefined);
const staffRooms = [roleRoom('employee'), roleRoom('admin')];

interface ChatSocketState {
  /** Sends of one socket run one after another, so they are stored in the order they were sent. */
  queue: Promise<unknown>;
}

/**
 * Chat over Socket.IO. Identity is the socket's authenticated user; every send is checked against the database in
 * the same statement that stores it, so a deleted or re-roled account cannot keep writing as before. Client-sent
 * sender fields are ignored.
 */
export function registerChatSocket(app: FastifyInstance, limiter: TokenBuckets): void {
  app.io.on('connection', (socket: Socket) => {
    const state: ChatSocketState = { queue: Promise.resolve() };
    const me = () => socket.data.user as AuthUser;

    const announce = () => {
      const user = me();
      if (user.role === 'user') socket.to(staffRooms).emit(CHAT_EVENTS.presence, { userId: user.id, online: true } satisfies PresenceEvent);
    };
    announce();
    // The spec's clients announce (userId, role, name); identity is already known, so this only marks presence.
    socket.on(CHAT_EVENTS.userConnected, announce);

    socket.on(CHAT_EVENTS.joinRoom, (payload: unknown, ack?: unknown) => {
      const reply = asAck(ack);
      const parsed = JoinRoomSchema.safeParse(payload);
      const user = me();
      if (!parsed.success || !isUuid(parsed.data.customerId)) return reply?.({ ok: false, error: 'Unknown conversation' });
      const { customerId } = parsed.data;
      if (!isStaff(user.role) && customerId !== user.id) return reply?.({ ok: false, error: 'You can only join your own conversation' });
      void socket.join(conversationRoom(customerId));
      reply?.({ ok: true });
    });

    socket.on(CHAT_EVENTS.leaveRoom, (payload: unknown, ack?: unknown) => {
      const parsed = JoinRoomSchema.safeParse(payload);
      if (parsed.success) void socket.leave(conversationRoom(parsed.data.customerId));
      asAck(ack)?.({ ok: true });
    });

    socket.on(CHAT_EVENTS.typing, (payload: unknown) => {
      const parsed = TypingInputSchema.safeParse(payload);
      if (!parsed.success) return;
      const user = me();
      const event = (customerId: string | null): TypingEvent => ({ userId: user.id, name: user.name, role: user.role, customerId, isTyping: parsed.data.isTyping });
      if (user.role === 'user') {
        socket.to([...staffRooms, conversationRoom(user.id)]).emit(CHAT_EVENTS.typing, event(user.id));
        return;
      }
      const target = parsed.data.receiverId;
      // Typing is never broadcast to every customer.
      if (!target || target === CHAT_BROADCAST || !isUuid(target)) return;
      socket.to([userRoom(target), conversationRoom(target)]).emit(CHAT_EVENTS.typing, event(target));
    });

    socket.on(CHAT_EVENTS.send, (payload: unknown, ack?: unknown) => {
      const reply = asAck(ack);
      const clientMessageId = typeof (payload as { clientMessageId?: unknown } | null)?.clientMessageId === 'string'
        ? (payload as { clientMessageId: string }).clientMessageId
        : undefined;
      const fail = (error: string) => {
        reply?.({ ok: false, error } satisfies SendAck);
        socket.emit(CHAT_EVENTS.error, { message: error, ...(clientMessageId ? { clientMessageId } : {}) });
      };
      state.queue = state.queue.then(async () => {
        const parsed = SendMessageSchema.safeParse(payload);
        if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? MSG.chatSendFailed);
        try {
          let result;
          try {
            result = await storeMessage(app.db, limiter, me(), parsed.data);
          } catch (err) {
            if (!(err instanceof SenderChangedError)) throw err;
            // An admin changed this person's role since they connected: move them and apply the new role's rules.
            await moveRoleRoom(socket, me().role, err.current.role);
            socket.data.user = { ...me(), name: err.current.name, role: err.current.role };
            result = await storeMessage(app.db, limiter, err.current, parsed.data);
          }
          const { message, created } = result;
          // Stored first; a resend of a stored message is answered but not delivered twice.
          if (created) deliverMessage(app.io, message, socket.id);
          reply?.({ ok: true, message } satisfies SendAck);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401) {
            fail(MSG.authFailed);
            socket.disconnect(true);
            return;
          }
          if (err instanceof AppError && err.statusCode < 500) return fail(err.message);
          app.log.error({ err, userId: me().id }, 'chat send failed');
          fail(MSG.chatSendFailed);
        }
      });
    });

    socket.on('disconnect', () => {
      const user = me();
      if (user.role !== 'user') return;
      // Offline only when no tab of this customer is left on any process.
      void app.io
        .in(userRoom(user.id))
        .fetchSockets()
        .then((left) => {
          if (left.length === 0) app.io.to(staffRooms).emit(CHAT_EVENTS.presence, { userId: user.id, online: false } satisfies PresenceEvent);
        })
        .catch(() => undefined);
    });
  });
}

async function moveRoleRoom(socket: Socket, from: string, to: string) {
  await socket.leave(roleRoom(from));
  await socket.join(roleRoom(to));
}

/** Ids of customers with at least one open socket on any process. */
export async function onlineCustomerIds(app: FastifyInstance): Promise<string[]> {
  const sockets = await app.io.in(roleRoom('user')).fetchSockets();
  return [...new Set(sockets.map((s) => (s.data as { user: AuthUser }).user.id))];
}
