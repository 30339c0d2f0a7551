import { z } from 'zod';
import { CHAT_EVENTS, SendAckSchema, type ChatMessage, type SendAck, type SendMessageInput } from '#shared/chat';
import { randomId } from '../../../lib/random-id.ts';
import type { AppSocket } from '../../../lib/socket.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';

/** A message written here that the server has not acknowledged yet. */
const OutgoingMessageSchema = z.object({
  clientMessageId: z.string(),
  message: z.string(),
  /** A customer's id or 'all' (staff); null when a customer writes to the staff. */
  receiverId: z.string().nullable(),
  createdAt: z.string(),
  /** pending: will be (re)sent whenever connected; failed: the server refused it, the person decides. */
  status: z.enum(['pending', 'failed']),
  error: z.string().optional(),
});
export type OutgoingMessage = z.infer<typeof OutgoingMessageSchema>;

/** How long to wait for an acknowledgement before trying the same message again. */
const ACK_TIMEOUT_MS = 8000;
const RETRY_AFTER_TIMEOUT_MS = 2000;

const storageKey = (userId: string) => `pawcare.chatSendQueue.${userId}`;
/** Where earlier versions of the app kept the queue: read once, so an upgrade loses no unsent message. */
const legacyStorageKey = (userId: string) => `pawcare.chatOutbox.${userId}`;

/** The well-formed messages stored under a key (anything else there is dropped). */
function readQueue(key: string): OutgoingMessage[] {
  const raw = readJson<unknown>(key);
  return (
    z
      .array(z.unknown())
      .safeParse(raw)
      .data?.flatMap((i) => OutgoingMessageSchema.safeParse(i).data ?? []) ?? []
  );
}

/** The one thing the queue needs of a connection: send a message and wait for its acknowledgement. */
export interface SendLink {
  readonly connected: boolean;
  /** Resolves with whatever the server acknowledged (parsed by the queue); rejects when no ack came in time. */
  send(payload: SendMessageInput): Promise<unknown>;
}

/** The app socket as a SendLink. */
export function socketLink(socket: AppSocket): SendLink {
  return {
    get connected() {
      return socket.connected;
    },
    send: (payload) => socket.timeout(ACK_TIMEOUT_MS).emitWithAck(CHAT_EVENTS.send, payload),
  };
}

export interface FlushHandlers {
  onStored: (m: ChatMessage) => void;
  onRefused: (item: OutgoingMessage, error: string) => void;
}

/**
 * The chat send queue: unacknowledged messages of one user, kept in localStorage so a reload, a dropped connection
 * or a closed tab loses nothing. Every message keeps its clientMessageId for ever, so resending it is safe: the
 * server stores it once and answers the stored copy.
 */
export class SendQueue {
  private items: OutgoingMessage[];
  private readonly listeners = new Set<() => void>();
  private flushing = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  private readonly userId: string;

  constructor(userId: string) {
    this.userId = userId;
    this.items = this.load();
    if (typeof window !== 'undefined') {
      // Another tab of the same person changed the queue.
      window.addEventListener('storage', (e) => {
        if (e.key === storageKey(this.userId)) {
          this.items = this.load();
          this.emit();
        }
      });
    }
  }

  private load(): OutgoingMessage[] {
    const items = readQueue(storageKey(this.userId));
    if (readJson<unknown>(legacyStorageKey(this.userId)) === null) return items;
    // Moved over once: from now on only the new key is used.
    const moved = [...items, ...readQueue(legacyStorageKey(this.userId))];
    writeJson(storageKey(this.userId), moved.length ? moved : null);
    writeJson(legacyStorageKey(this.userId), null);
    return moved;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.items;

  private emit() {
    for (const l of this.listeners) l();
  }

  private set(items: OutgoingMessage[]) {
    this.items = items;
    writeJson(storageKey(this.userId), items.length ? items : null);
    this.emit();
  }

  /** Queues a new message and returns it. */
  add(message: string, receiverId: string | null): OutgoingMessage {
    const item: OutgoingMessage = {
      clientMessageId: randomId(),
      message,
      receiverId,
      createdAt: new Date().toISOString(),
      status: 'pending',
    };
    this.set([...this.items, item]);
    return item;
  }

  /** Forgets a message (acknowledged, seen stored from another tab, or discarded). */
  remove(clientMessageId: string) {
    if (this.items.some((i) => i.clientMessageId === clientMessageId))
      this.set(this.items.filter((i) => i.clientMessageId !== clientMessageId));
  }

  private update(clientMessageId: string, patch: Partial<OutgoingMessage>) {
    this.set(this.items.map((i) => (i.clientMessageId === clientMessageId ? { ...i, ...patch } : i)));
  }

  /** Puts a refused message back in the queue. */
  retry(clientMessageId: string) {
    this.update(clientMessageId, { status: 'pending', error: undefined });
  }

  /**
   * Sends pending messages one at a time, in order, while the link is connected. A missing ack (timeout or
   * dropped connection) or a malformed one leaves the message pending: it is sent again on the next connect or
   * shortly after.
   */
  async flush(link: SendLink, handlers: FlushHandlers): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    clearTimeout(this.retryTimer);
    try {
      while (link.connected) {
        const next = this.items.find((i) => i.status === 'pending');
        if (!next) break;
        let ack: SendAck | undefined;
        try {
          const answer = await link.send({
            message: next.message,
            receiverId: next.receiverId,
            clientMessageId: next.clientMessageId,
          });
          // An answer that is not an ack says nothing about the message: like a missing ack, it leaves it pending.
          ack = SendAckSchema.safeParse(answer).data;
        } catch {
          ack = undefined;
        }
        if (!ack) {
          if (link.connected)
            this.retryTimer = setTimeout(() => void this.flush(link, handlers), RETRY_AFTER_TIMEOUT_MS);
          break;
        }
        if (ack.ok) {
          this.remove(next.clientMessageId);
          handlers.onStored(ack.message);
        } else {
          this.update(next.clientMessageId, { status: 'failed', error: ack.error });
          handlers.onRefused(next, ack.error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}

const queues = new Map<string, SendQueue>();

/** The send queue of a user in this tab (one per user, shared by every component). */
export function sendQueueFor(userId: string): SendQueue {
  let q = queues.get(userId);
  if (!q) {
    q = new SendQueue(userId);
    queues.set(userId, q);
  }
  return q;
}
