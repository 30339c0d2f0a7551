import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RESYNC_EVENT } from '#shared/realtime';
import { BOOKING_CHANGED_EVENT, type BookingChangedEvent, type Booking } from '#shared/bookings';
import { SocketProvider } from '../../../lib/socket.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import { staffBooking } from '../test-data.ts';
import EmployeeDashboardPage from './employee-dashboard.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

/** A booking on 4 March 2031 at `time` (clinic time, India), created at `created` past midnight UTC on 1 March. */
const booking = (id: string, time: string, over: Partial<Booking> = {}) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const startsAt = new Date(Date.UTC(2031, 2, 4, h - 5, m - 30)).toISOString();
  return staffBooking(id, { time, startsAt, ...over });
};

/** What the server sends when a booking changes: the row as it is now. */
const changed = (b: Booking, action: BookingChangedEvent['action']): BookingChangedEvent => ({
  id: b.id,
  action,
  status: b.status,
  date: b.date,
  time: b.time,
  booking: b,
});

let bookings: Booking[];
let calls: FetchCall[];

beforeEach(() => {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Front Desk' }));
  bookings = [booking('b1', '10:00'), booking('b3', '11:00')];
  calls = fakeServer({
    'GET /api/slots/bookings': (c) => {
      if (c.url.includes('status=overdue')) return { body: [] };
      const status = new URL(c.url, 'http://x').searchParams.get('status');
      const listed = bookings.filter((b) => status === 'active' || b.status === status);
      return { body: listed.sort((a, b) => a.startsAt.localeCompare(b.startsAt)) };
    },
    'GET /api/slots/stats': () => ({
      body: {
        pending: bookings.filter((b) => b.status === 'pending').length,
        confirmed: 0,
        confirmedToday: 0,
        total: bookings.length,
        completedThisWeek: 0,
        noShowRate: null,
      },
    }),
  });
});

/** The dashboard at `at`, connected to the fake socket. */
async function openDashboard(at = '/employee/home') {
  renderApp(
    <SocketProvider>
      <EmployeeDashboardPage />
    </SocketProvider>,
    { path: '/employee/home', at },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return lastSocket()!;
}

const agendaReads = () =>
  calls.filter((c) => c.url.startsWith('/api/slots/bookings') && !c.url.includes('status=overdue')).length;
const statsReads = () => calls.filter((c) => c.url.startsWith('/api/slots/stats')).length;
/** The pets of the agenda's rows, top to bottom. */
const pets = () => screen.queryAllByText(/^Pet b\d$/).map((e) => e.textContent);

describe('/employee/home live', () => {
  it('puts a new booking at its time from the event alone, and loads the counts once for a burst', async () => {
    const socket = await openDashboard();
    await waitFor(() => expect(pets()).toEqual(['Pet b1', 'Pet b3']));
    await waitFor(() => expect(screen.getByText('Waiting for confirmation').parentElement).toHaveTextContent('2'));
    const before = { agenda: agendaReads(), stats: statsReads() };

    const made = booking('b2', '10:30');
    bookings = [...bookings, made];
    act(() => {
      for (let i = 0; i < 5; i++) socket.serverSends(BOOKING_CHANGED_EVENT, changed(made, 'created'));
    });
    await waitFor(() => expect(pets()).toEqual(['Pet b1', 'Pet b2', 'Pet b3']));
    await waitFor(() => expect(screen.getByText('Waiting for confirmation').parentElement).toHaveTextContent('3'));
    expect(agendaReads()).toBe(before.agenda);
    expect(statsReads()).toBe(before.stats + 1);
  });

  it('drops a booking from a pending list once confirmed, and from the agenda once canceled', async () => {
    bookings = [booking('b1', '10:00'), booking('b2', '10:30'), booking('b3', '11:00')];
    const socket = await openDashboard('/employee/home?status=pending');
    await waitFor(() => expect(pets()).toEqual(['Pet b1', 'Pet b2', 'Pet b3']));
    const before = agendaReads();

    act(() =>
      socket.serverSends(BOOKING_CHANGED_EVENT, changed({ ...bookings[0]!, status: 'confirmed' }, 'confirmed')),
    );
    act(() => socket.serverSends(BOOKING_CHANGED_EVENT, changed({ ...bookings[2]!, status: 'canceled' }, 'canceled')));
    await waitFor(() => expect(pets()).toEqual(['Pet b2']));
    expect(agendaReads()).toBe(before);
  });

  it('changes a row in place: a confirmed booking shows as confirmed where it was', async () => {
    const socket = await openDashboard();
    await waitFor(() => expect(pets()).toEqual(['Pet b1', 'Pet b3']));
    const before = agendaReads();

    act(() =>
      socket.serverSends(BOOKING_CHANGED_EVENT, changed({ ...bookings[1]!, status: 'confirmed' }, 'confirmed')),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Confirm booking for Pet b3/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: /^Confirm booking for Pet b1/ })).toBeInTheDocument();
    expect(pets()).toEqual(['Pet b1', 'Pet b3']);
    expect(agendaReads()).toBe(before);
  });

  it('loads the agenda again after a resync, a reconnect, and when the tab comes back', async () => {
    const socket = await openDashboard();
    await waitFor(() => expect(pets()).toEqual(['Pet b1', 'Pet b3']));

    // Made on another server process while the link between them was down: never pushed here.
    bookings = [...bookings, booking('b2', '10:30')];
    act(() => socket.serverSends(RESYNC_EVENT));
    await waitFor(() => expect(pets()).toEqual(['Pet b1', 'Pet b2', 'Pet b3']));

    bookings = bookings.filter((b) => b.id !== 'b1');
    act(() => socket.serverSends('disconnect', 'transport close'));
    act(() => socket.serverSends('connect'));
    await waitFor(() => expect(pets()).toEqual(['Pet b2', 'Pet b3']));

    bookings = bookings.filter((b) => b.id !== 'b2');
    act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await waitFor(() => expect(pets()).toEqual(['Pet b3']));
  });

  it('puts a new booking into the week grid, and takes a canceled one out, from the events alone', async () => {
    const socket = await openDashboard('/employee/home?view=week&week=2031-03-03');
    const grid = await screen.findByRole('table', { name: /^Bookings, Week of / });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toHaveLength(2),
    );
    const before = agendaReads();

    const made = booking('b2', '10:30', { date: '2031-03-06' });
    act(() => socket.serverSends(BOOKING_CHANGED_EVENT, changed(made, 'created')));
    const chip = await within(grid).findByRole('button', { name: /^Pet b2, / });
    expect(chip.closest('tr')!.querySelector('th')).toHaveTextContent('10:30');
    act(() => socket.serverSends(BOOKING_CHANGED_EVENT, changed({ ...bookings[0]!, status: 'canceled' }, 'canceled')));
    await waitFor(() => expect(within(grid).queryByRole('button', { name: /^Pet b1, / })).not.toBeInTheDocument());
    expect(agendaReads()).toBe(before);
  });
});
