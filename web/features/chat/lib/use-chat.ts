import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast.ts';
import { CHAT_EVENTS, type ChatMessage, type TypingEvent } from '#shared/chat';
import { MSG } from '#shared/messages';
import { useSocket, useSocketEvent, useSocketStatus } from '../../../lib/socket.ts';
import { sendQueueFor, socketLink, type OutgoingMessage } from './send-queue.ts';

/**
 * Messages that arrived live (or were acknowledged) since the view mounted, each once; `onMessage` hears of each as
 * it comes (a message can come twice: live and as the ack, or redelivered after an outage). After a reconnect, and
 * when the server says its link to the other server processes is back (resync), SocketProvider refetches the chat
 * queries: messages sent meanwhile were not pushed to this tab.
 */
function useLiveMessages(userId: string, onMessage?: (m: ChatMessage) => void) {
  const [live, setLive] = useState<ChatMessage[]>([]);
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  });

  const add = useCallback(
    (m: ChatMessage) => {
      setLive((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
      onMessageRef.current?.(m);
      // A copy stored by another tab of the same person: it no longer needs sending from here.
      if (m.senderId === userId) sendQueueFor(userId).remove(m.clientMessageId);
    },
    [userId],
  );

  useSocketEvent(CHAT_EVENTS.receive, add);
  return { live, add };
}

/**
 * Sending through the chat send queue: optimistic messages show at once, are sent in order while connected, resent after a
 * reconnect until acknowledged, and marked sent when the stored copy comes back.
 */
function useChatSender(userId: string, onStored: (m: ChatMessage) => void) {
  const socket = useSocket();
  const { status } = useSocketStatus();
  const queue = sendQueueFor(userId);
  const pending = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const storedRef = useRef(onStored);
  useEffect(() => {
    storedRef.current = onStored;
  });

  const flush = useCallback(() => {
    if (!socket || !socket.connected) return;
    void queue.flush(socketLink(socket), {
      onStored: (m) => storedRef.current(m),
      // The reason is shown next to the message itself.
      onRefused: (item) => toast.error(MSG.chatSendFailed, { toastId: `chat-refused-${item.clientMessageId}` }),
    });
  }, [socket, queue]);

  // Connected again (or for the first time): send whatever is still waiting.
  useEffect(() => {
    if (status === 'connected') flush();
  }, [status, flush]);

  const connected = status === 'connected' && !!socket?.connected;

  /** Queues a message; false (with the spec's toast) when there is no connection. */
  const send = useCallback(
    (text: string, receiverId: string | null): boolean => {
      if (!connected) {
        toast.error(MSG.chatNotConnected, { toastId: 'chat-not-connected' });
        return false;
      }
      queue.add(text, receiverId);
      flush();
      return true;
    },
    [connected, queue, flush],
  );

  const retry = useCallback(
    (item: OutgoingMessage) => {
      queue.retry(item.clientMessageId);
      flush();
    },
    [queue, flush],
  );
  const discard = useCallback((item: OutgoingMessage) => queue.remove(item.clientMessageId), [queue]);

  return { pending, send, retry, discard, connected };
}

const TYPING_THROTTLE_MS = 2000;
const TYPING_IDLE_MS = 3000;
const TYPING_SHOWN_MS = 5000;

/** Tells the other side while this person types (throttled), and stops when they pause or send. */
function useTypingEmitter(receiverId: string | null) {
  const socket = useSocket();
  const lastSent = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(idle.current);
    if (lastSent.current && socket?.connected) socket.emit(CHAT_EVENTS.typing, { isTyping: false, receiverId });
    lastSent.current = 0;
  }, [socket, receiverId]);

  const typing = useCallback(() => {
    if (!socket?.connected) return;
    const now = Date.now();
    if (now - lastSent.current > TYPING_THROTTLE_MS) {
      socket.emit(CHAT_EVENTS.typing, { isTyping: true, receiverId });
      lastSent.current = now;
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [socket, receiverId, stop]);

  useEffect(() => () => clearTimeout(idle.current), []);
  return { typing, stop };
}

/** Who is typing right now (filtered by `accept`), forgotten a few seconds after their last signal. */
function useTypingIndicator(accept: (e: TypingEvent) => boolean): TypingEvent[] {
  const [typers, setTypers] = useState<Record<string, TypingEvent & { until: number }>>({});
  const acceptRef = useRef(accept);
  useEffect(() => {
    acceptRef.current = accept;
  });

  useSocketEvent(CHAT_EVENTS.typing, (e) => {
    if (!acceptRef.current(e)) return;
    setTypers((t) => {
      const next = { ...t };
      if (e.isTyping) next[e.userId] = { ...e, until: Date.now() + TYPING_SHOWN_MS };
      else delete next[e.userId];
      return next;
    });
  });
  // Someone who wrote a message has stopped typing.
  useSocketEvent(CHAT_EVENTS.receive, (m) => {
    setTypers((t) => {
      if (!t[m.senderId]) return t;
      const next = { ...t };
      delete next[m.senderId];
      return next;
    });
  });

  const list = Object.values(typers);
  const hasTypers = list.length > 0;
  useEffect(() => {
    if (!hasTypers) return;
    const timer = setInterval(() => {
      setTypers((t) => {
        const now = Date.now();
        const kept = Object.entries(t).filter(([, v]) => v.until > now);
        return kept.length === Object.keys(t).length ? t : Object.fromEntries(kept);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [hasTypers]);

  return list;
}

/** The spec's connection toast, once per failure, while the chat is on screen. */
function useConnectionFailureToast(active: boolean) {
  const { status } = useSocketStatus();
  useEffect(() => {
    if (active && status === 'failed') toast.error(MSG.chatConnectFailed, { toastId: 'chat-connect-failed' });
  }, [active, status]);
}

export interface ChatOptions {
  /** Who this person's typing is shown to (see useTypingEmitter): null for a customer writing to the staff. */
  typingTo: string | null;
  /** Whose typing is shown here. */
  showTyping: (e: TypingEvent) => boolean;
  /** Whether the chat is on screen (the connection-failure toast shows only then). */
  onScreen: boolean;
  /** Hears of every message pushed live or acknowledged, duplicates included. */
  onMessage?: (m: ChatMessage) => void;
}

/**
 * Everything live of one person's chat view: messages pushed since it mounted, the send queue's sender, the typing
 * signal to send and the typers to show, and the connection-failure toast.
 */
export function useChat(meId: string, { typingTo, showTyping, onScreen, onMessage }: ChatOptions) {
  const { live, add } = useLiveMessages(meId, onMessage);
  const sender = useChatSender(meId, add);
  const typingSignal = useTypingEmitter(typingTo);
  const typers = useTypingIndicator(showTyping);
  useConnectionFailureToast(onScreen);
  return { live, sender, typingSignal, typers };
}

/** What useChat returns. */
export type Chat = ReturnType<typeof useChat>;
