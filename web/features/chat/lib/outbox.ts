import type { Socket } from 'socket.io-client';
import type { ChatMessage, SendAck } from '#shared/chat';
import { readJson, writeJson } from '../../../lib/storage';

/** A message written here that the server has not acknowledged yet. */
export interface OutgoingMessage {
  clientMessageId: string;
  message: string;
  /** A customer's id or 'all' (staff); null when a customer writes to the staff. */
  receiverId: string | null;
  createdAt: string;
  /** pending: will be (re)sent whenever connected; failed: the server refused it, the person decides. */
  status: 'pending' | 'failed';
  error?: string;
}

/** How long to wait for an acknowledgement before trying the same message again. */
export const ACK_TIMEOUT_MS = 8000;
const RETRY_AFTER_TIMEOUT_MS = 2000;

const storageKey = (userId: string) => `pawcare.chatOutbox.${userId}`;

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export interface FlushHandlers {
  onStored: (m: ChatMessage) => void;
  onRefused: (item: OutgoingMessage, error: string) => void;
}

/**
 * Unacknowledged messages of one user, kept in localStorage so a reload, a dropped connection or a closed tab
 * loses nothing. Every message keeps its clientMessageId for ever, so resending it is safe: the server stores
 * it once and answers the stored copy.
 */
export class Outbox {
  private items: OutgoingMessage[];
  private readonly listeners = new Set<() => void>();
  private flushing = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly userId: string) {
    this.items = this.load();
    if (typeof window !== 'undefined') {
      // Another tab of the same person changed the outbox.
      window.addEventListener('storage', (e) => {
        if (e.key === storageKey(this.userId)) {
          this.items = this.load();
          this.emit();
        }
      });
    }
  }

  private load(): OutgoingMessage[] {
    const raw = readJson<unknown>(storageKey(this.userId));
    return Array.isArray(raw)
      ? (raw.filter(
          (i) => i && typeof i.clientMessageId === 'string' && typeof i.message === 'string',
        ) as OutgoingMessage[])
      : [];
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
      clientMessageId: newId(),
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
   * Sends pending messages one at a time, in order, while the socket is connected. A missing ack (timeout or
   * dropped connection) leaves the message pending: it is sent again on the next connect or shortly after.
   */
  async flush(socket: Socket, handlers: FlushHandlers): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    clearTimeout(this.retryTimer);
    try {
      while (socket.connected) {
        const next = this.items.find((i) => i.status === 'pending');
        if (!next) break;
        let ack: SendAck;
        try {
          ack = (await socket
            .timeout(ACK_TIMEOUT_MS)
            .emitWithAck('send_message', {
              message: next.message,
              receiverId: next.receiverId,
              clientMessageId: next.clientMessageId,
            })) as SendAck;
        } catch {
          if (socket.connected)
            this.retryTimer = setTimeout(() => void this.flush(socket, handlers), RETRY_AFTER_TIMEOUT_MS);
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

const outboxes = new Map<string, Outbox>();

/** The outbox of a user in this tab (one per user, shared by every component). */
export function outboxFor(userId: string): Outbox {
  let o = outboxes.get(userId);
  if (!o) {
    o = new Outbox(userId);
    outboxes.set(userId, o);
  }
  return o;
}
