import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_CHANGED_EVENT, type SlotBooking } from '#shared/slots';
import { SocketProvider } from '../../../lib/socket.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import EmployeeDashboardPage from './employee-dashboard.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const CHECKUP = '5e7a1c00-0000-4000-8000-000000000001';
const booking = (id: string, time: string): SlotBooking => ({
  _id: id,
  id,
  userId: 'c1',
  userName: 'Pet Parent',
  userEmail: 'meera@example.com',
  userAddress: null,
  schedule: `2031-03-04 at ${time}`,
  date: '2031-03-04',
  time,
  startsAt: '2031-03-04T04:30:00.000Z',
  petName: `Pet ${id}`,
  ownerName: 'Pet Parent',
  petAge: null,
  phone: '9123456780',
  status: 'pending',
  hospitalInfo: null,
  createdAt: '2031-03-01T00:00:00.000Z',
  updatedAt: '2031-03-01T00:00:00.000Z',
  service: { id: CHECKUP, name: 'Pet Health Checkup', kind: 'checkup', durationMinutes: 30 },
  serviceId: CHECKUP,
  petId: null,
  note: null,
  pickupAddress: null,
  endsAt: '2031-03-04T05:00:00.000Z',
  visit: null,
  needsOutcome: false,
});

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
