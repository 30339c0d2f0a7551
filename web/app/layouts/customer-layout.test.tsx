import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_EVENTS, type ChatMessage } from '#shared/chat';
import { SocketProvider } from '../../lib/socket.ts';
import { lastSocket } from '../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../test/utils.tsx';
import { makeMessage } from '../../test/data.ts';
import { CustomerLayout } from './customer-layout.tsx';

vi.mock('socket.io-client', () => import('../../test/fake-socket.ts'));

const me = { id: 'c1', name: 'Dog Owner', role: 'user' as const };
const staff = { id: 'e1', name: 'Front Desk', role: 'employee' as const };

/** A stored chat message: to or from customer c1, or a broadcast (`customerId` null). */
const message = (
  id: string,
  from: { id: string; name: string; role: 'user' | 'employee' },
  customerId: string | null = 'c1',
): ChatMessage => makeMessage(id, from, { customerId });

const chatButton = (count: number) =>
  screen.findByRole('button', { name: new RegExp(`^Chat,\\s*${count}\\s*unread$`) });

describe('CustomerLayout chat badge', () => {
  it("counts the staff's replies and broadcasts once each, never the customer's own messages, without asking again", async () => {
    storeSignedIn(makeUser({ id: me.id, _id: me.id, name: me.name }));
    const calls = fakeServer({ 'GET /api/chat/unread-count': () => ({ body: { count: 1 } }) });
    renderApp(
      <SocketProvider>
        <CustomerLayout />
      </SocketProvider>,
      { path: '/homeusers' },
    );
    await chatButton(1);
    await waitFor(() => expect(lastSocket()).toBeDefined());
    const socket = lastSocket()!;
    act(() => socket.serverSends('connect'));

    act(() => socket.serverSends(CHAT_EVENTS.receive, message('r1', staff)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('r1', staff)));
    // Written by this customer in another tab.
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('q1', me)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('all1', staff, null)));
    expect(await chatButton(3)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/api/chat/unread-count'))).toHaveLength(1);
  });
});
