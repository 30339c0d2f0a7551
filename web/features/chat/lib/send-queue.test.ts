import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, SendMessageInput } from '#shared/chat';
import { SendQueue, type SendLink } from './send-queue.ts';

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
  /** When set, the next send is answered with this instead of an ack (a server that breaks the contract). */
  garbleNextAck: unknown = undefined;

  link(): SendLink {
    return {
      get connected() {
        return server.connected;
      },
      send: (payload: SendMessageInput): Promise<unknown> => {
        if (!server.connected) return Promise.reject(new Error('disconnected'));
        if (server.refuse) return Promise.resolve({ ok: false, error: server.refuse });
        const clientMessageId = payload.clientMessageId ?? '';
        let m = server.stored.get(clientMessageId);
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
            clientMessageId,
            timestamp: new Date().toISOString(),
          };
          server.stored.set(clientMessageId, m);
          server.deliveries += 1;
        }
        if (server.dropNextAck) {
          server.dropNextAck = false;
          server.connected = false;
          return Promise.reject(new Error('socket has been disconnected'));
        }
        if (server.garbleNextAck !== undefined) {
          const garbled = server.garbleNextAck;
          server.garbleNextAck = undefined;
          return Promise.resolve(garbled);
        }
        return Promise.resolve({ ok: true, message: m });
      },
    };
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

describe('chat send queue', () => {
  it('sends queued messages in order and forgets each once acknowledged', async () => {
    const queue = new SendQueue(userId);
    queue.add('first', null);
    queue.add('second', null);
    const { stored, h } = handlers();
    await queue.flush(server.link(), h);
    expect(stored.map((m) => m.message)).toEqual(['first', 'second']);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('keeps a message whose ack was lost and resends it after reconnecting: stored and delivered once', async () => {
    const queue = new SendQueue(userId);
    const item = queue.add('sent as the tunnel began', null);
    server.dropNextAck = true;
    const { stored, h } = handlers();
    await queue.flush(server.link(), h);
    expect(queue.getSnapshot()).toMatchObject([{ clientMessageId: item.clientMessageId, status: 'pending' }]);

    server.connected = true;
    await queue.flush(server.link(), h);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ clientMessageId: item.clientMessageId, message: 'sent as the tunnel began' });
    expect(server.stored.size).toBe(1);
    expect(server.deliveries).toBe(1);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('survives a reload: unsent messages come back from storage with the same id', () => {
    const before = new SendQueue(userId);
    const item = before.add('written offline', null);
    const afterReload = new SendQueue(userId);
    expect(afterReload.getSnapshot()).toEqual([item]);
  });

  it('marks a refused message as not sent with the reason, and sends it again on retry', async () => {
    const queue = new SendQueue(userId);
    const item = queue.add('too fast', null);
    server.refuse = 'You are sending messages too fast. Please wait a moment.';
    const { stored, refused, h } = handlers();
    await queue.flush(server.link(), h);
    expect(refused).toEqual(['You are sending messages too fast. Please wait a moment.']);
    expect(queue.getSnapshot()).toMatchObject([
      { status: 'failed', error: 'You are sending messages too fast. Please wait a moment.' },
    ]);

    server.refuse = null;
    queue.retry(item.clientMessageId);
    await queue.flush(server.link(), h);
    expect(stored.map((m) => m.message)).toEqual(['too fast']);
  });

  it('sends nothing while disconnected', async () => {
    const queue = new SendQueue(userId);
    queue.add('waiting', null);
    server.connected = false;
    const { stored, h } = handlers();
    await queue.flush(server.link(), h);
    expect(stored).toEqual([]);
    expect(queue.getSnapshot()).toHaveLength(1);
  });

  it('keeps a message pending when the answer is not an acknowledgement, and sends it again: stored once', async () => {
    const queue = new SendQueue(userId);
    const item = queue.add('answered with garbage', null);
    server.garbleNextAck = { ok: 'yes' };
    const { stored, refused, h } = handlers();
    await queue.flush(server.link(), h);
    expect(stored).toEqual([]);
    expect(refused).toEqual([]);
    expect(queue.getSnapshot()).toMatchObject([{ clientMessageId: item.clientMessageId, status: 'pending' }]);

    await queue.flush(server.link(), h);
    expect(stored.map((m) => m.message)).toEqual(['answered with garbage']);
    expect(server.stored.size).toBe(1);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('keeps the messages an earlier version of the app left queued under its old storage key', async () => {
    const old = { clientMessageId: 'cm-old', message: 'written before the update', receiverId: null };
    localStorage.setItem(
      `pawcare.chatOutbox.${userId}`,
      JSON.stringify([{ ...old, createdAt: '2026-11-23T09:00:00.000Z', status: 'pending' }, { junk: true }]),
    );
    const queue = new SendQueue(userId);
    expect(queue.getSnapshot()).toMatchObject([old]);
    expect(localStorage.getItem(`pawcare.chatOutbox.${userId}`)).toBeNull();
    expect(new SendQueue(userId).getSnapshot()).toMatchObject([old]);
    const { stored, h } = handlers();
    await queue.flush(server.link(), h);
    expect(stored).toMatchObject([{ clientMessageId: 'cm-old', message: 'written before the update' }]);
  });
});
