import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import {
  CHAT_EVENTS,
  RoomAckSchema,
  SendAckSchema,
  type ChatMessage,
  type JoinRoomInput,
  type RoomAck,
  type SendAck,
  type SendMessageInput,
} from '#shared/chat';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, ServerToClientEvents } from '#shared/realtime';
import { serverEventSchemas } from '#shared/realtime-schemas';
import { reconnectDelay } from '#shared/reconnect';

/**
 * Test helpers: real socket.io-client connections to a listening server (chat, live events). They parse what the
 * server sends with the shared schemas, so a test also fails when the server breaks the contract.
 */

/** A browser's socket, typed by the shared event maps. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connects with a token (or none) over websocket, without automatic reconnection. */
export function openSocket(baseUrl: string, token?: string): ClientSocket {
  return connect(baseUrl, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
}

/** A socket that reconnects as the web app's does; see reconnectingSocket. */
export interface ReconnectingSocket {
  socket: ClientSocket;
  /** Resolves at the socket's next connection; rejects when the server refuses it for good (a bad token). */
  nextConnection(): Promise<void>;
  /** Disconnects and stops reconnecting. */
  close(): void;
}

/**
 * A socket that reconnects as the web app's (web/lib/socket.ts): after a drop, a failed attempt or a refusal marked
 * retryable it tries again on the app's schedule (shared/reconnect.ts), for ever; a refusal without `retryable`
 * ends it, as a bad token ends the app's.
 */
export function reconnectingSocket(baseUrl: string, token: string): ReconnectingSocket {
  const socket = connect(baseUrl, { auth: { token }, transports: ['websocket', 'polling'], reconnection: false });
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let waiters: { resolve: () => void; reject: (err: Error) => void }[] = [];
  let refused: Error | undefined;
  const settle = (err?: Error) => {
    for (const w of waiters) {
      if (err) w.reject(err);
      else w.resolve();
    }
    waiters = [];
  };
  const retry = () => {
    failures += 1;
    clearTimeout(timer);
    timer = setTimeout(() => socket.connect(), reconnectDelay(failures));
  };
  socket.on('connect', () => {
    failures = 0;
    settle();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    if (reason === 'io server disconnect') socket.connect();
    else retry();
  });
  socket.on('connect_error', (err: Error & { data?: { retryable?: boolean } }) => {
    if (!socket.active && !err.data?.retryable) settle((refused = err));
    else retry();
  });
  return {
    socket,
    nextConnection: () =>
      refused ? Promise.reject(refused) : new Promise((resolve, reject) => waiters.push({ resolve, reject })),
    close() {
      clearTimeout(timer);
      socket.disconnect();
    },
  };
}

/** Resolves once connected; rejects with the connect_error. */
export function connected(socket: ClientSocket): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Connects and waits for the connection. */
export async function openConnected(baseUrl: string, token: string): Promise<ClientSocket> {
  return connected(openSocket(baseUrl, token));
}

/** The connect_error a refused handshake produces. */
export function refusal(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected although it should have been refused')));
    socket.once('connect_error', resolve);
  });
}

/** Sends a message (with a fresh clientMessageId unless given) and waits for its acknowledgement. */
export function send(socket: ClientSocket, payload: SendMessageInput): Promise<SendAck> {
  return sendUnchecked(socket, { clientMessageId: randomUUID(), ...payload });
}

/** Sends a payload our client would never send (forged or mistyped fields) and waits for the acknowledgement. */
export async function sendUnchecked(socket: ClientSocket, payload: unknown): Promise<SendAck> {
  const ack: unknown = await untyped(socket).timeout(10_000).emitWithAck(CHAT_EVENTS.send, payload);
  return SendAckSchema.parse(ack);
}

/** Joins (or leaves) a customer's conversation room and waits for the acknowledgement. */
export async function room(socket: ClientSocket, action: 'join' | 'leave', payload: JoinRoomInput): Promise<RoomAck> {
  const event = action === 'join' ? CHAT_EVENTS.joinRoom : CHAT_EVENTS.leaveRoom;
  const ack = await new Promise<unknown>((resolve) => socket.emit(event, payload, resolve));
  return RoomAckSchema.parse(ack);
}

/**
 * The same connection seen as a client that does not follow the contract (an old app, a script): it may emit any
 * event with any arguments, as an attacker's client would.
 */
export function untyped(socket: ClientSocket): Socket {
  return socket;
}

/** Records every receive_message of a socket, and lets a test wait for one that matches. */
export class Inbox {
  readonly messages: ChatMessage[] = [];
  private waiters: { test: (m: ChatMessage) => boolean; resolve: (m: ChatMessage) => void }[] = [];

  constructor(socket: ClientSocket) {
    socket.on(CHAT_EVENTS.receive, (payload) => {
      const m = serverEventSchemas[CHAT_EVENTS.receive].parse(payload);
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(m)) return true;
        w.resolve(m);
        return false;
      });
    });
  }

  /** The first message (already received or still to come) that matches. */
  waitFor(test: (m: ChatMessage) => boolean): Promise<ChatMessage> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** How many received messages carry this text. */
  count(text: string): number {
    return this.messages.filter((m) => m.message === text).length;
  }

  texts(): string[] {
    return this.messages.map((m) => m.message);
  }
}

/**
 * Next occurrence of a server event, or the next one whose payload matches; rejects when a payload does not fit
 * the event's shared schema.
 */
export function nextEvent<E extends ServerEventName>(
  socket: ClientSocket,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
): Promise<ServerEventPayload<E>> {
  const listen = untyped(socket);
  const name: string = event;
  return new Promise((resolve, reject) => {
    const handler = (raw: unknown) => {
      const parsed = serverEventSchemas[event].safeParse(raw);
      if (!parsed.success) {
        listen.off(name, handler);
        return reject(new Error(`malformed '${event}' event: ${parsed.error.message}`));
      }
      if (!match(parsed.data)) return;
      listen.off(name, handler);
      resolve(parsed.data);
    };
    listen.on(name, handler);
  });
}

/** Every payload of a server event from now on, each parsed with its shared schema (a malformed one throws). */
export function collect<E extends ServerEventName>(socket: ClientSocket, event: E): ServerEventPayload<E>[] {
  const seen: ServerEventPayload<E>[] = [];
  const name: string = event;
  untyped(socket).on(name, (raw: unknown) => seen.push(serverEventSchemas[event].parse(raw)));
  return seen;
}

/** Resolves with the reason once the socket is disconnected. */
export function disconnection(socket: ClientSocket): Promise<Socket.DisconnectReason> {
  return new Promise((resolve) => socket.once('disconnect', resolve));
}

/** Makes a test app listen on a free port; `connect` opens sockets to it that `disconnectAll` closes. */
export async function listenForSockets(app: { listen(opts: { port: number; host: string }): Promise<string> }) {
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const open: ClientSocket[] = [];
  return {
    baseUrl,
    async connect(token: string): Promise<ClientSocket> {
      const socket = await openConnected(baseUrl, token);
      open.push(socket);
      return socket;
    },
    disconnectAll(): void {
      for (const s of open) s.disconnect();
    },
  };
}
