import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_CHANGED_EVENT } from '#shared/slots';
import { SocketProvider } from '../../../lib/socket.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import { staffBooking } from '../test-data.ts';
import EmployeeDashboardPage from './employee-dashboard.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const booking = (id: string, time: string) => staffBooking(id, { time });

describe('/employee/home live', () => {
  it('shows a new booking when the server says one was made, refetching once for a burst of events', async () => {
    storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Front Desk' }));
    let bookings = [booking('b1', '10:00')];
    const calls = fakeServer({
      'GET /api/slots/bookings': (c) => ({ body: c.url.includes('status=overdue') ? [] : bookings }),
      'GET /api/slots/stats': () => ({
        body: {
          pending: bookings.length,
          confirmed: 0,
          confirmedToday: 0,
          total: bookings.length,
          completedThisWeek: 0,
          noShowRate: null,
        },
      }),
    });
    renderApp(
      <SocketProvider>
        <EmployeeDashboardPage />
      </SocketProvider>,
      { path: '/employee/home' },
    );
    expect(await screen.findByText('Pet b1')).toBeInTheDocument();
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    const agendaReads = () =>
      calls.filter((c) => c.url.startsWith('/api/slots/bookings') && !c.url.includes('status=overdue')).length;
    const before = agendaReads();

    bookings = [booking('b1', '10:00'), booking('b2', '10:30')];
    act(() => {
      for (let i = 0; i < 5; i++)
        lastSocket()!.serverSends(BOOKING_CHANGED_EVENT, {
          id: 'b2',
          action: 'created',
          status: 'pending',
          date: '2031-03-04',
          time: '10:30',
        });
    });
    expect(await screen.findByText('Pet b2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Waiting for confirmation').parentElement).toHaveTextContent('2'));
    expect(agendaReads() - before).toBe(1);
  });
});
