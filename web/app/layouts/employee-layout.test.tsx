import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_EVENTS, type ChatMessage } from '#shared/chat';
import { RESYNC_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../lib/socket.ts';
import { lastSocket } from '../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../test/utils.tsx';
import { makeMessage } from '../../test/data.ts';
import { EmployeeLayout } from './employee-layout.tsx';

vi.mock('socket.io-client', () => import('../../test/fake-socket.ts'));

/** A stored chat message of customer c1's conversation. */
const message = (id: string, from: { id: string; name: string; role: 'user' | 'employee' }): ChatMessage =>
  makeMessage(id, from);
const owner = { id: 'c1', name: 'Dog Owner', role: 'user' as const };
const colleague = { id: 'e2', name: 'Night Desk', role: 'employee' as const };

// Browsers read "Chat, 3 unread"; jsdom's name computation drops the spaces between inline pieces.
const chatLink = (count: number) => screen.findByRole('link', { name: new RegExp(`^Chat,\\s*${count}\\s*unread$`) });

describe('EmployeeLayout', () => {
  it('shows how many chat messages are unread on the Chat link', async () => {
    storeSignedIn(makeUser({ role: 'employee', name: 'Clinic Staff' }));
    fakeServer({ 'GET /api/chat/unread-count': () => ({ body: { count: 3 } }) });
    renderApp(<EmployeeLayout />, { path: '/employee/home' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await chatLink(3)).toHaveAttribute('href', '/employee/chat');
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Orders' }));
  });

  it('shows no count when everything is read', async () => {
    storeSignedIn(makeUser({ role: 'employee', name: 'Clinic Staff' }));
    const calls = fakeServer({ 'GET /api/chat/unread-count': () => ({ body: { count: 0 } }) });
    renderApp(<EmployeeLayout />, { path: '/employee/home' });
    await screen.findByRole('link', { name: 'Chat' });
    await expect.poll(() => calls.some((c) => c.url.endsWith('/api/chat/unread-count'))).toBe(true);
    expect(screen.queryByText(/unread/)).not.toBeInTheDocument();
  });

  it("counts each customer message once from the event alone, and takes the reader's total from a read event", async () => {
    storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Clinic Staff' }));
    let stored = 3;
    const calls = fakeServer({ 'GET /api/chat/unread-count': () => ({ body: { count: stored } }) });
    renderApp(
      <SocketProvider>
        <EmployeeLayout />
      </SocketProvider>,
      { path: '/employee/home' },
    );
    await chatLink(3);
    await waitFor(() => expect(lastSocket()).toBeDefined());
    const socket = lastSocket()!;
    act(() => socket.serverSends('connect'));
    const reads = () => calls.filter((c) => c.url.endsWith('/api/chat/unread-count')).length;

    act(() => socket.serverSends(CHAT_EVENTS.receive, message('m1', owner)));
    // Delivered again after an outage, then a colleague's reply: neither adds to the count.
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('m1', owner)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('r1', colleague)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('m2', owner)));
    expect(await chatLink(5)).toBeInTheDocument();

    // Read in another tab: the server says what is left.
    act(() => socket.serverSends(CHAT_EVENTS.read, { customerId: 'c1', unread: 1 }));
    expect(await chatLink(1)).toBeInTheDocument();
    expect(reads()).toBe(1);

    stored = 7;
    act(() => socket.serverSends(RESYNC_EVENT));
    expect(await chatLink(7)).toBeInTheDocument();
  });
});
