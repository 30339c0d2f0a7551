import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutsideHoursBooking } from '#shared/clinic-settings';
import { CLINIC_SETTINGS_EVENT } from '#shared/realtime';
import { BOOKING_CHANGED_EVENT, type BookingChangedEvent, type Booking } from '#shared/bookings';
import { SocketProvider } from '../../../lib/socket.ts';
import { axeViolations } from '../../../test/axe.ts';
import { makeClinicSettings } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import EmployeeDashboardPage from '../pages/employee-dashboard.tsx';
import { staffBooking } from '../test-data.ts';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const early = staffBooking('b1', { petName: 'Bruno', time: '09:00', date: '2031-03-08' });
const closed = staffBooking('b2', { petName: 'Mittens', time: '10:00', date: '2031-03-10' });
let outside: OutsideHoursBooking[];
let fail: boolean;
let calls: FetchCall[];

const changed = (b: Booking, action: BookingChangedEvent['action']): BookingChangedEvent => ({
  id: b.id,
  action,
  status: b.status,
  date: b.date,
  time: b.time,
  booking: b,
});
const listReads = () => calls.filter((c) => c.url.startsWith('/api/bookings/outside-hours')).length;

beforeEach(() => {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Front Desk' }));
  fail = false;
  outside = [
    { booking: early, reason: "Outside Saturday's hours (10:00-14:00)." },
    { booking: closed, reason: 'Closed on Mon, 10 Mar 2031: Staff training.' },
  ];
  calls = fakeServer({
    'GET /api/bookings/outside-hours': () =>
      fail ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } } : { body: outside },
    'GET /api/slots/bookings': () => ({ body: [] }),
    'GET /api/slots/stats': () => ({
      body: { pending: 0, confirmed: 0, confirmedToday: 0, total: 0, completedThisWeek: 0, noShowRate: null },
    }),
  });
});

async function openDashboard() {
  renderApp(
    <SocketProvider>
      <EmployeeDashboardPage />
    </SocketProvider>,
    { path: '/employee/home' },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return lastSocket()!;
}

const panel = () => screen.getByRole('region', { name: 'Bookings outside the opening hours' });

describe('bookings outside the opening hours, on the staff dashboard', () => {
  it('lists each with why, and follows cancels and settings changes live', async () => {
    const socket = await openDashboard();
    const list = await screen.findByRole('list', { name: 'Bookings outside the opening hours' });
    expect(within(list).getByText("Outside Saturday's hours (10:00-14:00).")).toBeInTheDocument();
    expect(within(list).getByText(/Mittens/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    // Staff cancel Bruno's booking: it leaves the list from the event alone.
    const reads = listReads();
    act(() => socket.serverSends(BOOKING_CHANGED_EVENT, changed({ ...early, status: 'canceled' }, 'canceled')));
    await waitFor(() => expect(within(list).queryByText(/Bruno/)).not.toBeInTheDocument());
    expect(within(list).getByText(/Mittens/)).toBeInTheDocument();
    expect(listReads()).toBe(reads);

    // An admin reopens the closed Monday: the list loads again, and is empty.
    outside = [];
    act(() => socket.serverSends(CLINIC_SETTINGS_EVENT, makeClinicSettings()));
    expect(
      await within(panel()).findByText("Every upcoming booking is within the clinic's opening hours."),
    ).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    fail = true;
    await openDashboard();
    expect(
      await within(panel()).findByText('We could not load the bookings outside the opening hours.'),
    ).toBeInTheDocument();
    fail = false;
    within(panel()).getByRole('button', { name: 'Try again' }).click();
    expect(await within(panel()).findByText(/Bruno/)).toBeInTheDocument();
  });
});
