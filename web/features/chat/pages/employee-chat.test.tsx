import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_EVENTS, type ChatMessage, type Conversation } from '#shared/chat';
import { RESYNC_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../../lib/socket.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import { axeViolations } from '../../../test/axe.ts';
import { makeMessage } from '../../../test/data.ts';
import { useChatUnreadCount } from '../index.ts';
import EmployeeChatPage from './employee-chat.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const staff = { id: 'e1', name: 'Front Desk', role: 'employee' as const };
const colleague = { id: 'e2', name: 'Night Desk', role: 'employee' as const };
const customer = (id: string, name: string) => ({ id, name, role: 'user' as const });
const first = customer('c1', 'Dog Owner');
const second = customer('c2', 'Cat Owner');

/** A stored message of conversation `customerId` (null: a broadcast), sent at 09:mm on 23 November 2026. */
const message = (
  id: string,
  text: string,
  from: { id: string; name: string; role: 'user' | 'employee' },
  customerId: string | null,
  minute: number,
): ChatMessage => makeMessage(id, from, { customerId, text, minute });

const row = (who: { id: string; name: string }, last: ChatMessage, unreadCount: number): Conversation => ({
  customerId: who.id,
  customerName: who.name,
  lastMessage: last,
  unreadCount,
});

/** The clinic is in India (UTC+5:30), whatever zone the test machine is in. */
const CONFIG = {
  upiId: 'x@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '12 Park Street', phone: '9876543210', email: 'c@p.test', hours: '9-6' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

/** The page inside what the employee layout keeps mounted on every staff page: the unread badge's hook. */
function InLayout() {
  useChatUnreadCount();
  return <EmployeeChatPage />;
}

/** The staff chat page at `at`, whose server lists `conversations()`, connected to the fake socket. */
async function openChat(conversations: () => Conversation[], at = '/employee/chat', inbox: ChatMessage[] = []) {
  storeSignedIn(makeUser({ id: staff.id, _id: staff.id, name: staff.name, role: 'employee' }));
  const calls = fakeServer({
    'GET /api/config': () => ({ body: CONFIG }),
    'GET /api/chat/conversations': () => ({ body: conversations() }),
    'GET /api/chat/unread-count': () => ({ body: { count: 1 } }),
    'GET /api/users': () => ({ body: [] }),
    'GET /api/chat/online': () => ({ body: { userIds: [] } }),
    'GET /api/chat/employee/e1': () => ({ body: inbox }),
    'GET /api/chat/customer/c2': () => ({ body: [message('h1', 'Hello?', second, 'c2', 1)] }),
    'PUT /api/chat/conversations/c2/read': () => ({ body: { ok: true } }),
  });
  renderApp(
    <SocketProvider>
      <InLayout />
    </SocketProvider>,
    { path: '/employee/chat', at },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return { socket: lastSocket()!, calls };
}

/** The conversation rows, top to bottom, as their text. */
const rows = () =>
  within(screen.getByRole('navigation', { name: 'Conversations' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const listReads = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/chat/conversations?')).length;

describe('/employee/chat conversation list, live', () => {
  const stored = () => [
    row(first, message('a1', 'Thanks!', first, 'c1', 10), 0),
    row(second, message('b1', 'Hello?', second, 'c2', 1), 1),
  ];

  it('moves a conversation up with each new message and counts it unread once, without loading the list again', async () => {
    const { socket, calls } = await openChat(stored);
    await waitFor(() => expect(rows()[0]).toContain('Thanks!'));
    expect(rows()[1]).toMatch(/Cat Owner.*1 unread.*Hello\?/);

    const asked = message('b2', 'Is Bruno ready?', second, 'c2', 12);
    act(() => socket.serverSends(CHAT_EVENTS.receive, asked));
    // Sent again after an outage: already counted.
    act(() => socket.serverSends(CHAT_EVENTS.receive, asked));
    // A colleague's answer moves its row up too, and is nothing unread.
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('a2', 'See you at 5', colleague, 'c1', 13)));
    await waitFor(() => expect(rows()[0]).toMatch(/Dog Owner.*Night Desk: See you at 5/));
    expect(rows()[0]).not.toContain('unread');
    expect(rows()[1]).toMatch(/Cat Owner.*2 unread.*Is Bruno ready\?/);

    // A customer who never wrote before gets a row; a broadcast belongs to no conversation.
    const newcomer = customer('c3', 'New Owner');
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('n1', 'First visit?', newcomer, 'c3', 14)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('all1', 'Closed on Monday', staff, null, 15)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('n2', 'We have a cat', newcomer, 'c3', 16)));
    await waitFor(() => expect(rows()[0]).toMatch(/New Owner.*2 unread.*We have a cat/));
    expect(rows()).toHaveLength(3);

    expect(listReads(calls)).toBe(1);
  });

  it('counts nothing in the conversation open here, and clears a row read in another tab', async () => {
    const u = userEvent.setup();
    const { socket, calls } = await openChat(stored);
    await u.click(await screen.findByRole('button', { name: /^Cat Owner/ }));
    // Opening it marks it read: the row shows nothing unread at once, without waiting for the server's event.
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect(rows()[1]).not.toContain('unread'));

    act(() => socket.serverSends(CHAT_EVENTS.receive, message('b2', 'Is Bruno ready?', second, 'c2', 12)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('a2', 'One more thing', first, 'c1', 13)));
    await waitFor(() => expect(rows()[0]).toMatch(/Dog Owner.*1 unread.*One more thing/));
    expect(rows()[1]).toMatch(/Cat Owner.*Is Bruno ready\?/);
    expect(rows()[1]).not.toContain('unread');

    act(() => socket.serverSends(CHAT_EVENTS.read, { customerId: 'c1', unread: 0 }));
    await waitFor(() => expect(rows()[0]).not.toContain('unread'));

    expect(listReads(calls)).toBe(1);
  });

  it('loads the list again after a resync, a reconnect, and when the tab comes back', async () => {
    let conversations = stored();
    const { socket, calls } = await openChat(() => conversations);
    await waitFor(() => expect(rows()).toHaveLength(2));

    conversations = [
      row(customer('c3', 'Missed Owner'), message('m1', 'Anyone there?', customer('c3', ''), 'c3', 20), 1),
      ...conversations,
    ];
    act(() => socket.serverSends(RESYNC_EVENT));
    await waitFor(() => expect(rows()[0]).toContain('Missed Owner'));
    expect(listReads(calls)).toBe(2);

    act(() => socket.serverSends('disconnect', 'transport close'));
    act(() => socket.serverSends('connect'));
    await waitFor(() => expect(listReads(calls)).toBe(3));

    act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await waitFor(() => expect(listReads(calls)).toBe(4));
  });
});

describe('/employee/chat times', () => {
  it("shows when the last message came on the clinic's clock, in the one date format", async () => {
    // 19:00 UTC on 5 January is 00:30 on the 6th in India.
    const last = { ...message('o1', 'Old question', first, 'c1', 0), timestamp: '2025-01-05T19:00:00.000Z' };
    await openChat(() => [row(first, last, 0)]);
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    expect(await within(list).findByText('Mon, 6 Jan 2025 at 00:30')).toBeInTheDocument();
  });
});

describe('/employee/chat reply target', () => {
  it("picking a customer's message in All customers puts the focus in the message box, addressed to them", async () => {
    const u = userEvent.setup();
    await openChat(() => [row(second, message('b1', 'Hello?', second, 'c2', 1), 1)], '/employee/chat', [
      message('b1', 'Hello?', second, 'c2', 1),
    ]);
    await u.click(await screen.findByRole('button', { name: /Reply to Cat Owner/ }));
    expect(screen.getByLabelText('Send to')).toHaveValue('c2');
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('placeholder', 'Write to Cat Owner…');
    expect(await axeViolations()).toEqual([]);
  });
});
