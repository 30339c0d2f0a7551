import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SlotBooking } from '#shared/slots';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import EmployeeDashboardPage from './employee-dashboard.tsx';
import EmployeeSlotsPage from './employee-slots.tsx';

const clinic = {
  name: 'Pawcare Pet Clinic',
  address: '12 Park Street',
  phone: '9876543210',
  email: 'clinic@pawcare.local',
  hours: 'Mon-Sat 09:00-18:00',
};
const config = {
  upiId: 'x@upi',
  upiName: 'Pawcare',
  clinic,
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

const booking = (id: string, over: Partial<SlotBooking> = {}): SlotBooking => ({
  _id: id,
  id,
  userId: 'c1',
  userName: 'Pet Parent',
  userEmail: 'meera@example.com',
  userAddress: null,
  schedule: '2031-03-04 at 10:00',
  date: '2031-03-04',
  time: '10:00',
  startsAt: '2031-03-04T04:30:00.000Z',
  petName: `Pet ${id}`,
  ownerName: 'Pet Parent',
  petAge: null,
  phone: '9123456780',
  status: 'pending',
  hospitalInfo: null,
  createdAt: '2031-03-01T00:00:00.000Z',
  updatedAt: '2031-03-01T00:00:00.000Z',
  ...over,
});

let bookings: SlotBooking[];
let calls: FetchCall[];
let failList = false;

beforeEach(() => {
  localStorage.clear();
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Front Desk' }));
  failList = false;
  bookings = [booking('b1'), booking('b2', { status: 'confirmed', hospitalInfo: clinic })];
  calls = fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/slots/bookings': () =>
      failList ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } } : { body: bookings },
    'GET /api/slots/stats': () => ({ body: { pending: 4, confirmed: 3, confirmedToday: 1, total: 7 } }),
    'PUT /api/slots/confirm/b1': (c) => {
      bookings = bookings.map((b) =>
        b.id === 'b1' ? { ...b, status: 'confirmed' as const, hospitalInfo: clinic } : b,
      );
      return {
        body: {
          ...bookings[0],
          hospitalInfo: { ...clinic, ...((c.body as { hospitalInfo?: object } | undefined)?.hospitalInfo ?? {}) },
        },
      };
    },
    'PUT /api/slots/cancel/b1': () => {
      bookings = bookings.filter((b) => b.id !== 'b1');
      return { body: booking('b1', { status: 'canceled' }) };
    },
  });
});

describe('/employee/slots', () => {
  it('asks the server for bookings that are not canceled, and offers Confirm only for unconfirmed ones', async () => {
    renderApp(<EmployeeSlotsPage />, { path: '/employee/slots' });
    expect(await screen.findByText('Pet b1')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/slots/bookings'))!.url).toContain('status=active');
    expect(screen.getByRole('button', { name: /^Confirm booking for Pet b1/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm booking for Pet b2/ })).not.toBeInTheDocument();
  });

  it('confirms through a form prefilled with the clinic defaults and sends what staff typed', async () => {
    const u = userEvent.setup();
    renderApp(<EmployeeSlotsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Confirm booking for Pet b1/ }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm booking' });
    expect(within(dialog).getByLabelText('Hospital name')).toHaveValue('Pawcare Pet Clinic');
    expect(within(dialog).getByLabelText('Hospital name')).toHaveFocus();
    await u.clear(within(dialog).getByLabelText('Opening hours'));
    await u.type(within(dialog).getByLabelText('Opening hours'), 'Every day 08:00-20:00');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm and notify' }));

    expect(await screen.findByText('Slot confirmed and notification sent to user!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ hospitalInfo: { ...clinic, hours: 'Every day 08:00-20:00' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the form with Escape without confirming', async () => {
    const u = userEvent.setup();
    renderApp(<EmployeeSlotsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Confirm booking for Pet b1/ }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("says 'Slot cancelled!' and drops the row", async () => {
    const u = userEvent.setup();
    renderApp(<EmployeeSlotsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Cancel booking for Pet b1/ }));
    expect(await screen.findByText('Slot cancelled!')).toBeInTheDocument();
    await screen.findByText('Pet b2');
    expect(screen.queryByText('Pet b1')).not.toBeInTheDocument();
  });

  it("says 'Error fetching slots' when the list cannot be loaded", async () => {
    failList = true;
    renderApp(<EmployeeSlotsPage />, { path: '/employee/slots' });
    expect((await screen.findAllByText('Error fetching slots')).length).toBeGreaterThan(0);
  });
});

describe('/employee/home', () => {
  it('shows the four counts and confirms without hospital info', async () => {
    const u = userEvent.setup();
    renderApp(<EmployeeDashboardPage />, { path: '/employee/home' });
    const pending = await screen.findByText('Waiting for confirmation');
    await waitFor(() => expect(pending.parentElement).toHaveTextContent('4'));
    expect(screen.getByText('Total slots').parentElement).toHaveTextContent('7');
    const row = (await screen.findByText('Pet b1')).closest('tr')!;
    await u.click(within(row).getByRole('button', { name: /^Confirm booking/ }));
    expect(await screen.findByText('Slot confirmed and notification sent to user!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toBeUndefined();
  });
});
