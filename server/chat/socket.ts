import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CHAT_BROADCAST,
  CHAT_EVENTS,
  CHAT_TEXT,
  JoinRoomSchema,
  SendMessageSchema,
  TypingInputSchema,
  type OnlineCustomers,
  type RoomAck,
  type SendAck,
  type TypingEvent,
} from '#shared/chat';
import { MSG } from '#shared/messages';
import type { SocketData } from '#shared/realtime';
import { AppError } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { roleRoom, userRoom, type AppSocket } from '../lib/realtime.ts';
import type { ChatDelivery } from './delivery.ts';
import { conversationRoom, SenderChangedError, storeMessage } from './service.ts';
import { isStaff } from '../lib/policy.ts';

/** The ack callback a client passed, if any: anyone may leave it out or send something else in its place. */
const ackOf = <A extends (res: never) => void>(ack: A | undefined): A | undefined =>
  typeof ack === 'function' ? ack : undefined;
/** Just the clientMessageId of a send, to name it in message_error even when the rest does not parse. */
const ClientMessageIdOnlySchema = SendMessageSchema.pick({ clientMessageId: true });
/** The ack error for a send_message payload that does not parse: the field and what is wrong with it. */
function sendErrorText(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return MSG.chatSendFailed;
  if (issue.path.length === 0) return CHAT_TEXT.notAnObject;
  if (issue.code === 'invalid_type') return `${issue.path.join('.')} must be a ${issue.expected}`;
  return issue.message;
}
const staffRooms = [roleRoom('employee'), roleRoom('admin')];

/** Sends one socket may have waiting; a client that waits for its acks (ours sends one at a time) never gets near. */
const CHAT_SOCKET_QUEUE_MAX = 20;
/** Sends refused for a full queue, without the queue emptying in between, after which the socket is dropped. */
const CHAT_SOCKET_FLOOD_LIMIT = CHAT_SOCKET_QUEUE_MAX * 2;
/** Typing is relayed at most once per this gap per socket and recipient; the latest state follows at its end. */
const TYPING_GAP_MS = 1000;
/** Recipients one socket may be typing to at once (a staff member types in one conversation at a time). */
const TYPING_TARGETS_MAX = 10;
/** A customer's socket announces them to the staff at most this often, whatever the client repeats. */
const PRESENCE_GAP_MS = 5000;

interface ChatSocketState {
  /** Sends of one socket run one after another, so they are stored in the order they were sent. */
  queue: Promise<unknown>;
  /** Sends queued or being handled. */
  waiting: number;
  /** Sends refused because the queue was full, since it was last empty. */
  overflow: number;
  /** Dropped for flooding: whatever is still queued is not handled. */
  dropped: boolean;
  announcedAt: number;
  typing: TypingGates;
}

/**
 * Throttles relayed typing per recipient: the first change goes out at once, anything within TYPING_GAP_MS
 * after it is held and only the latest state is sent at the end of the gap, so a stopped-typing is never lost
 * and a storm of events costs each recipient at most one event per gap.
 */
class TypingGates {
  private readonly gates = new Map<
    string,
    { at: number; last: boolean; held?: { isTyping: boolean; send: () => void }; timer?: NodeJS.Timeout }
  >();

  relay(target: string, isTyping: boolean, send: () => void): void {
    const now = Date.now();
    let gate = this.gates.get(target);
    if (!gate) {
      if (this.gates.size >= TYPING_TARGETS_MAX) this.sweep(now);
      if (this.gates.size >= TYPING_TARGETS_MAX) return;
      gate = { at: 0, last: false };
      this.gates.set(target, gate);
    }
    if (!gate.timer && now - gate.at >= TYPING_GAP_MS) {
      // A stop for someone not shown as typing changes nothing on the other side.
      if (!isTyping && !gate.last) return;
      send();
      gate.at = now;
      gate.last = isTyping;
      return;
    }
    gate.held = { isTyping, send };
    if (gate.timer) return;
    const g = gate;
    g.timer = setTimeout(
      () => {
        g.timer = undefined;
        const held = g.held;
        g.held = undefined;
        if (!held || (!held.isTyping && !g.last)) return;
        held.send();
        g.at = Date.now();
        g.last = held.isTyping;
      },
      g.at + TYPING_GAP_MS - now,
    );
  }

  /** Forgets recipients with nothing held whose gap is over. */
  private sweep(now: number) {
    for (const [k, g] of this.gates) if (!g.timer && now - g.at >= TYPING_GAP_MS) this.gates.delete(k);
  }

  clear() {
    for (const g of this.gates.values()) clearTimeout(g.timer);
    this.gates.clear();
  }
}

/**
 * Chat over Socket.IO. Identity is the socket's authenticated user; every send is checked against the database in
 * the same statement that stores it, so a deleted or re-roled account cannot keep writing as before. Client-sent
 * sender fields are ignored.
 */
export function registerChatSocket(app: FastifyInstance, delivery: ChatDelivery): void {
  // Counted before any query: a refused message costs the database nothing.
  const admit = async (senderId: string) => (await app.limits.take('chat', senderId)).allowed;
  const admitted = () => Promise.resolve(true);

  app.io.on('connection', (socket) => {
    const state: ChatSocketState = {
      queue: Promise.resolve(),
      waiting: 0,
      overflow: 0,
      dropped: false,
      announcedAt: 0,
      typing: new TypingGates(),
    };
    const me = () => socket.data.user;

    const announce = () => {
      const user = me();
      const now = Date.now();
      if (user.role !== 'user' || now - state.announcedAt < PRESENCE_GAP_MS) return;
      state.announcedAt = now;
      socket.to(staffRooms).emit(CHAT_EVENTS.presence, { userId: user.id, online: true });
    };
    announce();
    // The spec's clients announce (userId, role, name); identity is already known, so this only marks presence.
    socket.on(CHAT_EVENTS.userConnected, announce);

    socket.on(CHAT_EVENTS.joinRoom, (payload: unknown, ack?: (res: RoomAck) => void) => {
      const reply = ackOf(ack);
      const parsed = JoinRoomSchema.safeParse(payload);
      const user = me();
      if (!parsed.success || !isUuid(parsed.data.customerId))
        return reply?.({ ok: false, error: 'Unknown conversation' });
      const { customerId } = parsed.data;
      if (!isStaff(user) && customerId !== user.id)
        return reply?.({ ok: false, error: 'You can only join your own conversation' });
      void socket.join(conversationRoom(customerId));
      reply?.({ ok: true });
    });

    socket.on(CHAT_EVENTS.leaveRoom, (payload: unknown, ack?: (res: RoomAck) => void) => {
      const parsed = JoinRoomSchema.safeParse(payload);
      if (parsed.success) void socket.leave(conversationRoom(parsed.data.customerId));
      ackOf(ack)?.({ ok: true });
    });

    socket.on(CHAT_EVENTS.typing, (payload: unknown) => {
      const parsed = TypingInputSchema.safeParse(payload);
      if (!parsed.success) return;
      const user = me();
      const { isTyping } = parsed.data;
      const event = (customerId: string | null): TypingEvent => ({
        userId: user.id,
        name: user.name,
        role: user.role,
        customerId,
        isTyping,
      });
      if (user.role === 'user') {
        state.typing.relay('staff', isTyping, () =>
          socket.to([...staffRooms, conversationRoom(user.id)]).emit(CHAT_EVENTS.typing, event(user.id)),
        );
        return;
      }
      const target = parsed.data.receiverId;
      // Typing is never broadcast to every customer.
      if (!target || target === CHAT_BROADCAST || !isUuid(target)) return;
      state.typing.relay(target, isTyping, () =>
        socket.to([userRoom(target), conversationRoom(target)]).emit(CHAT_EVENTS.typing, event(target)),
      );
    });

    socket.on(CHAT_EVENTS.send, (payload: unknown, ack?: (res: SendAck) => void) => {
      if (state.dropped) return;
      // A full queue refuses at once, before any parsing, limit or query: one socket cannot pile up work for
      // everyone. Only the first refusal of a burst is answered; the others cost a count, and the socket is
      // dropped soon after.
      if (state.waiting >= CHAT_SOCKET_QUEUE_MAX) {
        state.overflow += 1;
        if (state.overflow === 1) {
          ackOf(ack)?.({ ok: false, error: CHAT_TEXT.rateLimited });
          socket.emit(CHAT_EVENTS.error, { message: CHAT_TEXT.rateLimited });
        }
        if (state.overflow >= CHAT_SOCKET_FLOOD_LIMIT) {
          state.dropped = true;
          app.log.warn({ userId: me().id }, 'chat: socket disconnected for flooding');
          socket.disconnect(true);
        }
        return;
      }
      const reply = ackOf(ack);
      const { clientMessageId } = ClientMessageIdOnlySchema.safeParse(payload).data ?? {};
      const fail = (error: string) => {
        reply?.({ ok: false, error });
        socket.emit(CHAT_EVENTS.error, { message: error, ...(clientMessageId ? { clientMessageId } : {}) });
      };
      state.waiting += 1;
      state.queue = state.queue.then(async () => {
        try {
          await handleSend();
        } finally {
          state.waiting -= 1;
          if (state.waiting === 0) state.overflow = 0;
        }
      });

      async function handleSend() {
        if (state.dropped) return;
        const parsed = SendMessageSchema.safeParse(payload);
        if (!parsed.success) return fail(sendErrorText(parsed.error.issues));
        try {
          let result;
          try {
            result = await storeMessage({ db: app.db }, me(), parsed.data, admit);
          } catch (err) {
            if (!(err instanceof SenderChangedError)) throw err;
            // An admin changed this person's role since they connected: move them and apply the new role's rules.
            await moveRoleRoom(socket, me().role, err.current.role);
            socket.data.user = { ...me(), name: err.current.name, role: err.current.role };
            result = await storeMessage({ db: app.db }, err.current, parsed.data, admitted);
          }
          const { message, created } = result;
          // Stored first; a resend of a stored message is answered but not delivered twice. While Redis is away
          // the ack says the message is held for people connected to other processes (decision 015).
          const delivered = created ? await delivery.deliver(message, socket.id) : true;
          reply?.(delivered ? { ok: true, message } : { ok: true, message, queued: true });
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
      }
    });

    socket.on('disconnect', () => {
      state.typing.clear();
      const user = me();
      if (user.role !== 'user') return;
      // Offline only when no tab of this customer is left on any process.
      void app.io
        .in(userRoom(user.id))
        .fetchSockets()
        .then((left) => {
          if (left.length === 0) app.io.to(staffRooms).emit(CHAT_EVENTS.presence, { userId: user.id, online: false });
        })
        .catch(() => undefined);
    });
  });
}

async function moveRoleRoom(socket: AppSocket, from: string, to: string) {
  await socket.leave(roleRoom(from));
  await socket.join(roleRoom(to));
}

/**
 * Ids of customers with at least one open socket on any process. While the other processes cannot be asked (Redis
 * away, or one of them does not answer) this process's own are answered, marked partial.
 */
export async function onlineCustomerIds(app: FastifyInstance): Promise<OnlineCustomers> {
  const ids = (sockets: { data: SocketData }[]) => [...new Set(sockets.map((s) => s.data.user.id))];
  if (app.realtime.state() !== 'unavailable') {
    try {
      return { userIds: ids(await app.io.in(roleRoom('user')).fetchSockets()) };
    } catch (err) {
      app.log.warn({ err: { message: (err as Error).message } }, 'chat: other processes did not say who is online');
    }
  }
  return { userIds: ids(await app.io.local.in(roleRoom('user')).fetchSockets()), partial: true };
}
