import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_EVENTS, type ChatMessage } from '#shared/chat';
import { RESYNC_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../../lib/socket.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import { CustomerChat } from './customer-chat.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const message = (
  text: string,
  from: { id: string; name: string; role: 'user' | 'employee' },
  at: string,
): ChatMessage => ({
  _id: `m-${at}`,
  id: `m-${at}`,
  senderId: from.id,
  senderName: from.name,
  senderRole: from.role,
  receiverId: from.role === 'user' ? null : 'c1',
  customerId: 'c1',
  message: text,
  clientMessageId: `cm-${at}`,
  timestamp: at,
});

const me = makeUser({ id: 'c1', _id: 'c1', name: 'Pet Owner', role: 'user' });
const staff = { id: 'e1', name: 'Front Desk', role: 'employee' as const };

/**
 * Opens the chat box of customer c1 whose stored conversation is `history()`, connected to the fake server, which
 * answers the history as an array or, with `spec`, in the spec's `{ messages }` form.
 */
async function openChat(history: () => ChatMessage[], { spec = false } = {}) {
  storeSignedIn(me);
  fakeServer({
    'GET /api/chat/customer/c1': () => ({ body: spec ? { messages: history() } : history() }),
    'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
  });
  renderApp(
    <SocketProvider>
      <CustomerChat open onOpenChange={() => undefined} />
    </SocketProvider>,
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return lastSocket()!;
}

describe('customer chat', () => {
  it('refetches the conversation when the server says to resync, showing a reply that was never pushed live', async () => {
    let stored = [
      message(
        'Is the clinic open on Sunday?',
        me as { id: string; name: string; role: 'user' },
        '2026-11-23T09:00:00.000Z',
      ),
    ];
    const socket = await openChat(() => stored);
    expect(await screen.findByText('Is the clinic open on Sunday?')).toBeInTheDocument();

    // Stored on another server process while the link between the processes was down: never pushed to this tab.
    stored = [...stored, message('Yes, from 10 to 2', staff, '2026-11-23T09:01:00.000Z')];
    act(() => socket.serverSends(RESYNC_EVENT));
    expect(await screen.findByText('Yes, from 10 to 2')).toBeInTheDocument();
  });

  it("shows the conversation when the server answers it in the spec's { messages } form", async () => {
    await openChat(() => [message('Hello from the spec', staff, '2026-11-23T09:00:00.000Z')], { spec: true });
    expect(await screen.findByText('Hello from the spec')).toBeInTheDocument();
  });

  it('ignores a live message that does not fit the message shape, and keeps showing the ones that do', async () => {
    const socket = await openChat(() => []);
    expect(await screen.findByText(/Ask us anything/)).toBeInTheDocument();

    // No sender, no time: a server bug or a stranger's payload, not a message to show.
    act(() => socket.serverSends(CHAT_EVENTS.receive, { id: 'm-bad', message: 'Half a message' }));
    act(() => socket.serverSends(CHAT_EVENTS.typing, { userId: 'e1', isTyping: 'yes' }));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('We are open', staff, '2026-11-23T09:01:00.000Z')));
    expect(await screen.findByText('We are open')).toBeInTheDocument();
    expect(screen.queryByText('Half a message')).not.toBeInTheDocument();
    expect(screen.queryByText(/typing/)).not.toBeInTheDocument();
  });
});
