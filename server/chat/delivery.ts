import type { FastifyInstance } from 'fastify';
import { CHAT_EVENTS, type ChatMessage } from '#shared/chat';
import { INTER_SERVER_EVENTS, RESYNC_EVENT } from '#shared/realtime';
import { interServerEventSchemas } from '#shared/realtime-schemas';
import { deliveryRooms } from './service.ts';

const { chatRedeliver: REDELIVER, chatResync: RESYNC_ALL, chatBack: BACK } = INTER_SERVER_EVENTS;
/** Messages kept for other processes while Redis is away; beyond that they are told to refetch instead. */
const HELD_MAX = 1000;
/** Messages per redelivery publish. */
const BATCH = 100;
/**
 * How long a redelivered message is kept to send again to a process that comes back later: the processes' links
 * return one after another, and one that was still deaf missed the first redelivery.
 */
const RESEND_WINDOW_MS = 2 * 60_000;
/** Redelivered message ids a process remembers, so a message sent again is delivered to its clients once. */
const SEEN_MAX = 5000;

/** Delivers stored chat messages live; see docs/decisions/015. */
export interface ChatDelivery {
  /**
   * Emits receive_message to everyone who should see a newly stored message, on every process. True when it went
   * out everywhere; false when it reached this process's clients only and is held for the other processes until the
   * link between them (Redis) is back. `exceptSocketId` skips the sending socket, which learns from its ack.
   */
  deliver(m: ChatMessage, exceptSocketId?: string): Promise<boolean>;
}

/** Creates the app's chat delivery and registers its server-to-server handlers. */
export function createChatDelivery(app: FastifyInstance): ChatDelivery {
  const { io } = app;
  const held: ChatMessage[] = [];
  let overflowed = false;
  /** Messages redelivered after an outage, with when, to send again to a process that comes back later. */
  let redelivered: { m: ChatMessage; at: number }[] = [];
  /** Ids of messages redelivered to this process's clients (oldest first). */
  const seen = new Set<string>();

  // Another process sends what it could not deliver during an outage: deliver it to the clients connected here,
  // once each, however often it comes.
  io.of('/').on(REDELIVER, (payload: unknown) => {
    const parsed = interServerEventSchemas[REDELIVER].safeParse(payload);
    if (!parsed.success) return app.log.warn('chat: ignored a malformed redelivery from another process');
    for (const m of parsed.data) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
      io.local.to(deliveryRooms(m)).emit(CHAT_EVENTS.receive, m);
    }
  });
  io.of('/').on(RESYNC_ALL, () => io.local.emit(RESYNC_EVENT));
  // Another process hears again: it may have been deaf when this one redelivered, so the recent ones go again.
  io.of('/').on(BACK, () => {
    const since = Date.now() - RESEND_WINDOW_MS;
    redelivered = redelivered.filter((r) => r.at >= since);
    for (let i = 0; i < redelivered.length; i += BATCH)
      io.serverSideEmit(
        REDELIVER,
        redelivered.slice(i, i + BATCH).map((r) => r.m),
      );
  });

  let flushing = false;
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      if (overflowed) {
        // Too much was held to send one by one: every client of every other process refetches instead.
        io.serverSideEmit(RESYNC_ALL);
        if (!(await app.realtime.published())) return;
        overflowed = false;
      }
      while (held.length) {
        const batch = held.slice(0, BATCH);
        io.serverSideEmit(REDELIVER, batch);
        if (!(await app.realtime.published())) return;
        held.splice(0, batch.length);
        const at = Date.now();
        redelivered.push(...batch.map((m) => ({ m, at })));
        if (redelivered.length > HELD_MAX) redelivered.splice(0, redelivered.length - HELD_MAX);
      }
    } finally {
      flushing = false;
    }
  };
  app.realtime.onRestored(() => {
    // This process hears the others again: they send what they redelivered while it was deaf.
    io.serverSideEmit(BACK);
    void flush();
  });

  const hold = (m: ChatMessage) => {
    held.push(m);
    if (held.length > HELD_MAX) {
      held.splice(0, held.length - HELD_MAX);
      overflowed = true;
    }
  };

  return {
    async deliver(m, exceptSocketId) {
      const target = io.to(deliveryRooms(m));
      // Both the local delivery and the publish to the other processes happen here, synchronously.
      (exceptSocketId ? target.except(exceptSocketId) : target).emit(CHAT_EVENTS.receive, m);
      if (app.realtime.state() === 'off') return true;
      if (await app.realtime.published()) return true;
      hold(m);
      // The link may already be back (a publish that timed out): then nothing else will trigger the flush.
      if (app.realtime.state() === 'ready') void flush();
      return false;
    },
  };
}
