import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, SendAck } from '#shared/chat';

/** Test helpers: real socket.io-client connections to a listening server (chat, live events). */

/** Connects with a token (or none) over websocket, without automatic reconnection. */
export function openSocket(baseUrl: string, token?: string): Socket {
  return connect(baseUrl, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves once connected; rejects with the connect_error. */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Connects and waits for the connection. */
export async function openConnected(baseUrl: string, token: string): Promise<Socket> {
  return connected(openSocket(baseUrl, token));
}

/** The connect_error a refused handshake produces. */
export function refusal(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected although it should have been refused')));
    socket.once('connect_error', resolve);
  });
}

/** Sends a message and waits for its acknowledgement. */
export function send(socket: Socket, payload: Record<string, unknown>): Promise<SendAck> {
  return socket
    .timeout(10_000)
    .emitWithAck('send_message', { clientMessageId: randomUUID(), ...payload }) as Promise<SendAck>;
}

/** Records every receive_message of a socket, and lets a test wait for one that matches. */
export class Inbox {
  readonly messages: ChatMessage[] = [];
  private waiters: { test: (m: ChatMessage) => boolean; resolve: (m: ChatMessage) => void }[] = [];

  constructor(socket: Socket, event = 'receive_message') {
    socket.on(event, (m: ChatMessage) => {
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

/** Next occurrence of an event, or the next one whose payload matches. */
export function nextEvent<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const handler = (payload: T) => {
      if (!match(payload)) return;
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/** Makes a test app listen on a free port; `connect` opens sockets to it that `disconnectAll` closes. */
export async function listenForSockets(app: { listen(opts: { port: number; host: string }): Promise<string> }) {
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const open: Socket[] = [];
  return {
    baseUrl,
    async connect(token: string): Promise<Socket> {
      const socket = await openConnected(baseUrl, token);
      open.push(socket);
      return socket;
    },
    disconnectAll(): void {
      for (const s of open) s.disconnect();
    },
  };
}
