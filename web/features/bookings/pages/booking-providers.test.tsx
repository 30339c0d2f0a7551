import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, formatDayLong, todayIn } from '#shared/dates';
import type { Availability, Calendar } from '#shared/availability';
import type { Provider } from '#shared/providers';
import { axeViolations } from '../../../test/axe.ts';
import { makeBooking, makeOffering } from '../../../test/data.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import BookingPage from './booking.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

/* The booking form's provider: "Any available" by default, or a named vet whose own free days and times it shows. */

const TZ = 'Asia/Kolkata';
const user = makeUser({ id: 'u1', _id: 'u1', name: 'Pet Owner', phone: '9876543210', address: '12 Lake Road' });
const today = todayIn(TZ);
const date = addDays(today, 2);
const config = {
  upiId: 'pawcare@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '12 Park Street', phone: '9876543210', email: 'c@p.local', hours: 'Mon-Sun' },
  slot: { open: '09:00', close: '11:00', minutes: 30, capacity: 2, timeZone: TZ },
};
const CHECKUP = makeOffering({ id: 's-check', price: 500 });
const PICKUP = makeOffering({ id: 's-pick', name: 'Pet Pickup Ride', kind: 'pickup', needsAddress: true });
const vet = (id: string, displayName: string, serviceIds: string[]): Provider => ({
  id,
  displayName,
  photoUrl: null,
  qualifications: 'BVSc & AH',
  languages: ['English'],
  bio: '',
  serviceIds,
  weeklyHours: [],
  active: true,
  userId: null,
});
const MEHTA = vet('v-mehta', 'Dr. Ananya Mehta', [CHECKUP.id]);
const RAO = vet('v-rao', 'Dr. Arjun Rao', [CHECKUP.id]);

const calendar = (month: string, serviceId: string): Calendar => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    month,
    serviceId,
    timeZone: TZ,
    days: Array.from({ length: days }, (_, i) => {
      const d = `${month}-${String(i + 1).padStart(2, '0')}`;
      return { date: d, freeTimes: d < today || d > addDays(today, 90) ? 0 : 2 };
    }),
  };
};
/** Dr. Mehta is taken at 09:00; anyone else is free then. */
const availability = (d: string, serviceId: string, providerId: string | null): Availability => ({
  date: d,
  serviceId,
  durationMinutes: 30,
  timeZone: TZ,
  slotMinutes: 30,
  slots: [
    { time: '09:00', capacity: 2, booked: 1, available: providerId === MEHTA.id ? 0 : 1, past: false },
    { time: '09:30', capacity: 2, booked: 0, available: providerId ? 1 : 2, past: false },
  ],
});

let calls: FetchCall[];
const q = (c: FetchCall, k: string) => new URL(c.url, 'http://x').searchParams.get(k);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeSignedIn(user);
  calls = fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/services': () => ({ body: [CHECKUP, PICKUP] }),
    'GET /api/providers': () => ({ body: [MEHTA, RAO] }),
    'GET /api/pets': () => ({ body: [] }),
    'GET /api/slots/calendar': (c) => ({ body: calendar(q(c, 'month')!, q(c, 'serviceId') ?? CHECKUP.id) }),
    'GET /api/slots/availability': (c) => ({
      body: availability(q(c, 'date')!, q(c, 'serviceId') ?? CHECKUP.id, q(c, 'providerId')),
    }),
    'GET /api/slots/mine': () => ({ body: [] }),
    'POST /api/slots/book': (c) => {
      const providerId = (c.body as { providerId?: string }).providerId ?? RAO.id;
      const name = providerId === MEHTA.id ? MEHTA.displayName : RAO.displayName;
      return {
        status: 201,
        body: makeBooking({ date, time: '09:30', schedule: `${date} at 09:30`, providerId, providerName: name }),
      };
    },
  });
});

async function pickDay(u: ReturnType<typeof userEvent.setup>, d: string) {
  const name = new RegExp(`${formatDayLong(d)}, \\d free times`);
  if (d.slice(0, 7) !== today.slice(0, 7) && !screen.queryByRole('button', { name }))
    await u.click(await screen.findByRole('button', { name: 'Go to the Next Month' }));
  await u.click(await screen.findByRole('button', { name }));
}

describe('/slots provider choice', () => {
  it('books any available vet by default, sending no providerId', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    const providers = await screen.findByRole('group', { name: 'Provider' });
    expect(within(providers).getByRole('radio', { name: /Any available/ })).toBeChecked();
    await pickDay(u, date);
    await u.click(await screen.findByRole('radio', { name: /^09:30/ }));
    await u.type(screen.getByLabelText(/^Pet name/), 'Bruno');
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/slots/book')!.body as object;
    expect(sent).not.toHaveProperty('providerId');
    // The clinic gave the visit to Dr. Rao, and the booked view says so.
    expect(screen.getByText('Dr. Arjun Rao')).toBeInTheDocument();
  });

  it("shows a named vet's own free times and books them", async () => {
    const u = userEvent.setup();
    const { container } = renderApp(<BookingPage />, { path: '/slots' });
    const providers = await screen.findByRole('group', { name: 'Provider' });
    await u.click(within(providers).getByRole('radio', { name: /Dr\. Ananya Mehta/ }));
    await pickDay(u, date);
    expect(await screen.findByRole('radio', { name: '09:00 Full' })).toBeDisabled();
    expect(calls.some((c) => c.url.includes('/api/slots/calendar') && q(c, 'providerId') === MEHTA.id)).toBe(true);
    await u.click(screen.getByRole('radio', { name: /^09:30/ }));
    await u.type(screen.getByLabelText(/^Pet name/), 'Bruno');
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/slots/book')!.body;
    expect(sent).toMatchObject({ providerId: MEHTA.id, serviceId: CHECKUP.id });
    expect(screen.getByText('Dr. Ananya Mehta')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('offers no provider choice for a service without providers', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await screen.findByRole('group', { name: 'Provider' });
    await u.click(within(screen.getByRole('group', { name: 'Service' })).getByRole('radio', { name: /Pickup/ }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Provider' })).not.toBeInTheDocument());
  });
});
