import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/notifications';
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../../lib/socket.ts';
import { axeViolations } from '../../../test/axe.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import { NotificationBell } from '../bell.tsx';
import NotificationsPage from './notifications.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const CONFIG = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '1 Park Street', phone: '9876543210', email: 'c@p.test', hours: '' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

/** Notification `n`, written at n o'clock UTC on 24 November 2026. */
function note(n: number, over: Partial<Notification> = {}): Notification {
  const id = `b0000000-0000-4000-8000-00000000000${n}`;
  return {
    _id: id,
    id,
    type: 'order_status',
    title: `Order ${n} shipped`,
    body: `Your order ${n} is on its way.`,
    data: { orderId: `o${n}` },
    read: false,
    createdAt: `2026-11-24T${String(n).padStart(2, '0')}:30:00.000Z`,
    ...over,
  };
}

let inbox: Notification[];
let calls: FetchCall[];
const PAGE = 2;

beforeEach(() => {
  storeSignedIn(makeUser());
  inbox = [note(3), note(2, { read: true, title: 'Visit summary ready', data: { bookingId: 'b1' } }), note(1)];
  calls = fakeServer({
    'GET /api/config': () => ({ body: CONFIG }),
    'GET /api/notifications/unread-count': () => ({ body: { count: inbox.filter((n) => !n.read).length } }),
    'GET /api/notifications': (c) => {
      const cursor = new URL(c.url, 'http://x').searchParams.get('cursor');
      const start = cursor ? inbox.findIndex((n) => n.id === cursor) + 1 : 0;
      const page = inbox.slice(start, start + PAGE);
      const more = start + PAGE < inbox.length;
      return { body: page, headers: more ? { 'x-next-cursor': page.at(-1)!.id } : undefined };
    },
    'PUT /api/notifications/read-all': () => {
      inbox = inbox.map((n) => ({ ...n, read: true }));
      return { body: { ok: true } };
    },
    '*': (c) => {
      const m = /^\/api\/notifications\/([^/]+)\/read$/.exec(c.url);
      if (c.method !== 'PUT' || !m) return undefined;
      const i = inbox.findIndex((n) => n.id === m[1]);
      inbox[i] = { ...inbox[i]!, read: true };
      return { body: inbox[i] };
    },
  });
});

async function openInbox() {
  const view = renderApp(
    <SocketProvider>
      <NotificationBell />
      <NotificationsPage />
    </SocketProvider>,
    { path: '/notifications', routes: { '/customer/my-orders/:id': <h1>Order page</h1> } },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  await screen.findByRole('article', { name: 'Order 3 shipped' });
  return view;
}

const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('/notifications and the bell', () => {
  it('lists newest first with the unread ones marked, and the bell says how many are unread', async () => {
    const { container } = await openInbox();
    expect(titles()).toEqual(['Order 3 shipped', 'Visit summary ready']);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(screen.getByText('2 unread.')).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Order 3 shipped' });
    expect(within(first).getByText('Unread:')).toBeInTheDocument();
    expect(within(first).getByText('Your order 3 is on its way.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Visit summary ready' })).queryByText('Unread:')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toEqual(['Order 3 shipped', 'Visit summary ready', 'Order 1 shipped']));
    expect(await axeViolations(container)).toEqual([]);
  });

  it('a new notification arrives live at the top and the count goes up once, however often it is delivered', async () => {
    await openInbox();
    const fresh = note(9, { title: 'Booking confirmed', data: { bookingId: 'b9' } });
    act(() => lastSocket()!.serverSends(NOTIFICATION_EVENT, fresh));
    act(() => lastSocket()!.serverSends(NOTIFICATION_EVENT, fresh));
    await waitFor(() => expect(titles()[0]).toBe('Booking confirmed'));
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(titles().filter((t) => t === 'Booking confirmed')).toHaveLength(1);
  });

  it('mark all read clears the count; a read in another tab shows here at once', async () => {
    await openInbox();
    act(() => lastSocket()!.serverSends(NOTIFICATIONS_READ_EVENT, { ids: [note(3).id], unread: 1 }));
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Order 3 shipped' })).queryByText('Unread:')).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument());
    expect(screen.getByText('Everything is read.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/notifications/read-all')).toBe(true);
  });

  it('opening one marks it read and goes to what it is about', async () => {
    await openInbox();
    await userEvent.click(screen.getByRole('link', { name: 'Order 3 shipped' }));
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === `/api/notifications/${note(3).id}/read`)).toBe(true);
  });

  it('says so when there is nothing yet', async () => {
    inbox = [];
    renderApp(
      <SocketProvider>
        <NotificationsPage />
      </SocketProvider>,
      { path: '/notifications' },
    );
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });
});
