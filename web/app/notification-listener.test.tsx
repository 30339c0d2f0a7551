import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/notifications';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';
import { SocketProvider } from '../lib/socket.ts';
import { lastSocket } from '../test/fake-socket.ts';
import { makeUser, storeSignedIn } from '../test/utils.tsx';
import { NotificationListener } from './notification-listener.tsx';

vi.mock('socket.io-client', () => import('../test/fake-socket.ts'));

const REBOOK = '/slots?serviceId=s-check&date=2031-03-04&petId=p1';

const notification = (over: Partial<Notification>): Notification => ({
  _id: 'n1',
  id: 'n1',
  type: 'booking_confirmed',
  title: 'Booking confirmed',
  body: 'Bruno on 4 March at 10:00.',
  data: null,
  read: false,
  createdAt: new Date().toISOString(),
  ...over,
});

function Where() {
  const { pathname, search } = useLocation();
  return <h1>{`Page ${pathname}${search}`}</h1>;
}

/** The app's arrangement: the listener and the toasts inside the router (root.tsx), on the customer home. */
async function listening() {
  storeSignedIn(makeUser());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider validateOnMount={false}>
        <SocketProvider>
          <MemoryRouter initialEntries={['/homeusers']}>
            <NotificationListener />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
            <ToastContainer />
          </MemoryRouter>
        </SocketProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
}

const send = (n: Notification) => act(() => lastSocket()!.serverSends(NOTIFICATION_EVENT, n));

describe('live notification toasts', () => {
  it("lead a care reminder to its rebooking link with 'Book a time', inside the app", async () => {
    const u = userEvent.setup();
    await listening();
    send(
      notification({
        type: 'care_reminder',
        title: 'Care reminder',
        body: 'Bruno is due for a booster on 2031-03-04. Book a time from the link.',
        data: { bookingId: 'b1', link: REBOOK },
      }),
    );
    expect(await screen.findByText('Care reminder')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Book a time' });
    expect(link).toHaveAttribute('href', REBOOK);

    await u.click(link);
    expect(screen.getByRole('heading', { name: `Page ${REBOOK}` })).toBeInTheDocument();
  });

  it("offer 'Open' for any other notification that names a page of the app", async () => {
    const u = userEvent.setup();
    await listening();
    send(notification({ type: 'appointment_reminder', title: 'Appointment reminder', data: { link: '/slots' } }));
    await u.click(await screen.findByRole('link', { name: 'Open' }));
    expect(screen.getByRole('heading', { name: 'Page /slots' })).toBeInTheDocument();
  });

  it('never link to another site; a notification without a link opens the page of what it is about', async () => {
    await listening();
    send(notification({ id: 'n1', title: 'From elsewhere', data: { link: '//evil.example/phish' } }));
    send(notification({ id: 'n4', _id: 'n4', title: 'Backslash', data: { link: '/\\evil.example/phish' } }));
    send(notification({ id: 'n2', _id: 'n2', title: 'Absolute address', data: { link: 'https://evil.example/' } }));
    send(notification({ id: 'n3', _id: 'n3', title: 'Booking confirmed', data: { bookingId: 'b1' } }));
    expect(await screen.findByText('From elsewhere')).toBeInTheDocument();
    expect(await screen.findByText('Absolute address')).toBeInTheDocument();
    expect(await screen.findByText('Backslash')).toBeInTheDocument();
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
    // Only the booking's toast links, to the customer's bookings.
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/slots']);
  });
});
