import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_CHANGED_EVENT } from '#shared/bookings';
import type { Provider, TimeOffBooking } from '#shared/providers';
import { SocketProvider } from '../../../lib/socket.ts';
import { axeViolations } from '../../../test/axe.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import EmployeeDashboardPage from '../pages/employee-dashboard.tsx';
import { CHECKUP, staffBooking } from '../test-data.ts';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

/* The dashboard's list of bookings during a provider's time off: give one to another provider, or see it leave live. */

const vet = (id: string, displayName: string): Provider => ({
  id,
  displayName,
  photoUrl: null,
  qualifications: '',
  languages: [],
  bio: '',
  serviceIds: [CHECKUP],
  weeklyHours: [],
  active: true,
  userId: null,
});
const MEHTA = vet('v-mehta', 'Dr. Ananya Mehta');
const RAO = vet('v-rao', 'Dr. Arjun Rao');
const SEN = vet('v-sen', 'Dr. Kavya Sen');
const bruno = staffBooking('b1', { petName: 'Bruno', providerId: MEHTA.id, providerName: MEHTA.displayName });
const milo = staffBooking('b2', { petName: 'Milo', providerId: MEHTA.id, providerName: MEHTA.displayName });
const timeOff = {
  id: 't1',
  providerId: MEHTA.id,
  from: '2031-03-04T03:30:00.000Z',
  to: '2031-03-04T07:30:00.000Z',
  reason: 'Half day',
  createdAt: '2031-03-01T00:00:00.000Z',
};
let items: TimeOffBooking[];
let calls: FetchCall[];

beforeEach(() => {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Front Desk' }));
  items = [
    { booking: bruno, timeOff },
    { booking: milo, timeOff },
  ];
  calls = fakeServer({
    'GET /api/config': () => ({
      body: {
        upiId: 'pawcare@upi',
        upiName: 'Pawcare',
        clinic: {
          name: 'Pawcare',
          address: '12 Park Street',
          phone: '9876543210',
          email: 'c@p.local',
          hours: 'Mon-Sun',
        },
        slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
      },
    }),
    'GET /api/bookings/provider-time-off': () => ({ body: items }),
    'GET /api/bookings/outside-hours': () => ({ body: [] }),
    'GET /api/providers': () => ({ body: [MEHTA, RAO, SEN] }),
    'GET /api/slots/bookings': () => ({ body: [] }),
    'GET /api/slots/stats': () => ({
      body: { pending: 0, confirmed: 0, confirmedToday: 0, total: 0, completedThisWeek: 0, noShowRate: null },
    }),
    'PUT /api/slots/b1/reassign': (c) => {
      const to = (c.body as { providerId: string | null }).providerId === SEN.id ? SEN : RAO;
      return { body: { ...bruno, providerId: to.id, providerName: to.displayName } };
    },
  });
});

describe('bookings during a provider’s time off', () => {
  it('lists them with the time off, and gives one to a named provider in one step', async () => {
    const u = userEvent.setup();
    const { container } = renderApp(
      <SocketProvider>
        <EmployeeDashboardPage />
      </SocketProvider>,
      { path: '/employee/home' },
    );
    const list = await screen.findByRole('list', { name: "Bookings during a provider's time off" });
    const row = within(list).getByText(/Bruno/).closest('li')!;
    expect(within(row).getByText(/Dr\. Ananya Mehta is off from .* \(Half day\)/)).toBeInTheDocument();
    // Her colleagues who do the service, not her.
    const select = within(row).getByLabelText('Give to');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any other free provider', 'Dr. Arjun Rao', 'Dr. Kavya Sen']);
    expect(await axeViolations(container)).toEqual([]);
    await u.selectOptions(select, SEN.id);
    await u.click(within(row).getByRole('button', { name: "Give Bruno's visit to another provider" }));
    await waitFor(() => expect(within(list).queryByText(/Bruno/)).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ providerId: SEN.id });
    expect(await screen.findByText("Bruno's visit is now with Dr. Kavya Sen.")).toBeInTheDocument();
  });

  it('drops a booking another screen gave to someone else, as the event arrives', async () => {
    renderApp(
      <SocketProvider>
        <EmployeeDashboardPage />
      </SocketProvider>,
      { path: '/employee/home' },
    );
    const list = await screen.findByRole('list', { name: "Bookings during a provider's time off" });
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    const moved = { ...milo, providerId: RAO.id, providerName: RAO.displayName };
    act(() =>
      lastSocket()!.serverSends(BOOKING_CHANGED_EVENT, {
        id: moved.id,
        action: 'reassigned',
        status: moved.status,
        date: moved.date,
        time: moved.time,
        booking: moved,
      }),
    );
    await waitFor(() => expect(within(list).queryByText(/Milo/)).not.toBeInTheDocument());
    expect(within(list).getByText(/Bruno/)).toBeInTheDocument();
  });
});
