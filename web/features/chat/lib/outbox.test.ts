import type { Socket } from 'socket.io-client';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, SendAck } from '#shared/chat';
import { Outbox } from './outbox';

/**
 * A stand-in for the chat server behind a socket: stores each clientMessageId once, like the real one, and can
 * lose the connection before answering.
 */
class FakeChatServer {
  stored = new Map<string, ChatMessage>();
  deliveries = 0;
  connected = true;
  /** When set, the next send reaches the server but the connection drops before the ack. */
  dropNextAck = false;
  refuse: string | null = null;

  socket(): Socket {
    return {
      get connected() {
        return server.connected;
      },
      timeout: () => ({
        emitWithAck: async (
          _event: string,
          payload: { message: string; clientMessageId: string },
        ): Promise<SendAck> => {
          if (!server.connected) throw new Error('disconnected');
          if (server.refuse) return { ok: false, error: server.refuse };
          let m = server.stored.get(payload.clientMessageId);
          if (!m) {
            const n = String(server.stored.size + 1);
            m = {
              _id: n,
              id: n,
              senderId: 'me',
              senderName: 'Owner',
              senderRole: 'user',
              receiverId: null,
              customerId: 'me',
              message: payload.message,
              clientMessageId: payload.clientMessageId,
              timestamp: new Date().toISOString(),
            };
            server.stored.set(payload.clientMessageId, m);
            server.deliveries += 1;
          }
          if (server.dropNextAck) {
            server.dropNextAck = false;
            server.connected = false;
            throw new Error('socket has been disconnected');
          }
          return { ok: true, message: m };
        },
      }),
    } as unknown as Socket;
  }
}

let server: FakeChatServer;
let userId: string;
beforeEach(() => {
  server = new FakeChatServer();
  userId = `user-${Math.random().toString(36).slice(2)}`;
  localStorage.clear();
});

function handlers() {
  const stored: ChatMessage[] = [];
  const refused: string[] = [];
  return {
    stored,
    refused,
    h: { onStored: (m: ChatMessage) => stored.push(m), onRefused: (_i: unknown, e: string) => refused.push(e) },
  };
}

describe('chat outbox', () => {
  it('sends queued messages in order and forgets each once acknowledged', async () => {
    const outbox = new Outbox(userId);
    outbox.add('first', null);
    outbox.add('second', null);
    const { stored, h } = handlers();
    await outbox.flush(server.socket(), h);
    expect(stored.map((m) => m.message)).toEqual(['first', 'second']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('keeps a message whose ack was lost and resends it after reconnecting: stored and delivered once', async () => {
    const outbox = new Outbox(userId);
    const item = outbox.add('sent as the tunnel began', null);
    server.dropNextAck = true;
    const { stored, h } = handlers();
    await outbox.flush(server.socket(), h);
    expect(outbox.getSnapshot()).toMatchObject([{ clientMessageId: item.clientMessageId, status: 'pending' }]);

    server.connected = true;
    await outbox.flush(server.socket(), h);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ clientMessageId: item.clientMessageId, message: 'sent as the tunnel began' });
    expect(server.stored.size).toBe(1);
    expect(server.deliveries).toBe(1);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('survives a reload: unsent messages come back from storage with the same id', () => {
    const before = new Outbox(userId);
    const item = before.add('written offline', null);
    const afterReload = new Outbox(userId);
    expect(afterReload.getSnapshot()).toEqual([item]);
  });

  it('marks a refused message as not sent with the reason, and sends it again on retry', async () => {
    const outbox = new Outbox(userId);
    const item = outbox.add('too fast', null);
    server.refuse = 'You are sending messages too fast. Please wait a moment.';
    const { stored, refused, h } = handlers();
    await outbox.flush(server.socket(), h);
    expect(refused).toEqual(['You are sending messages too fast. Please wait a moment.']);
    expect(outbox.getSnapshot()).toMatchObject([
      { status: 'failed', error: 'You are sending messages too fast. Please wait a moment.' },
    ]);

    server.refuse = null;
    outbox.retry(item.clientMessageId);
    await outbox.flush(server.socket(), h);
    expect(stored.map((m) => m.message)).toEqual(['too fast']);
  });

  it('sends nothing while disconnected', async () => {
    const outbox = new Outbox(userId);
    outbox.add('waiting', null);
    server.connected = false;
    const { stored, h } = handlers();
    await outbox.flush(server.socket(), h);
    expect(stored).toEqual([]);
    expect(outbox.getSnapshot()).toHaveLength(1);
  });
});
