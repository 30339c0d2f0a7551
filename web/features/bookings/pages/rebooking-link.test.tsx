import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDayLong } from '#shared/dates';
import type { Pet } from '#shared/pets';
import { addDays } from '#shared/dates';
import { type Availability, type Calendar } from '#shared/availability';
import { makeBooking, makePet, makeOffering } from '../../../test/data.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import BookingPage from './booking.tsx';

// A reminder's "Book a time" link: /slots?serviceId=…&petId=…&date=…. The clinic's today is fixed (Tuesday 22 April
// 2031) so the weeks and months the link's day falls in are known.
const TZ = 'Asia/Kolkata';
const TODAY = '2031-04-22';
const user = makeUser({ id: 'u1', _id: 'u1' });
const config = {
  upiId: 'pawcare@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '12 Park Street', phone: '9876543210', email: 'c@pawcare.local', hours: '' },
  slot: { open: '09:00', close: '11:00', minutes: 30, capacity: 2, timeZone: TZ },
};
const CHECKUP = makeOffering({ id: 's-check' });
const TRAINING = makeOffering({ id: 's-train', name: 'Pet Training', kind: 'training' });
const EMERGENCY = makeOffering({ id: 's-emer', name: 'Emergency Pet Care', kind: 'emergency', bookable: false });
const RIDE = makeOffering({ id: 's-ride', name: 'Pet Pickup Ride', kind: 'pickup', needsAddress: true });
const pets: Pet[] = [makePet({ id: 'p1', name: 'Bruno' }), makePet({ id: 'p2', name: 'Mittens', species: 'cat' })];

/** Days with no free time (closed or full); every other day from today to the horizon has 3. */
let noTimes: Set<string>;
let calls: FetchCall[];
const q = (c: FetchCall, k: string) => new URL(c.url, 'http://x').searchParams.get(k);

const calendar = (month: string, serviceId: string): Calendar => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    month,
    serviceId,
    timeZone: TZ,
    days: Array.from({ length: days }, (_, i) => {
      const d = `${month}-${String(i + 1).padStart(2, '0')}`;
      return { date: d, freeTimes: d < TODAY || d > addDays(TODAY, 90) || noTimes.has(d) ? 0 : 3 };
    }),
  };
};
const availability = (date: string, serviceId: string): Availability => ({
  date,
  serviceId,
  durationMinutes: 30,
  timeZone: TZ,
  slotMinutes: 30,
  slots: ['09:00', '09:30', '10:00', '10:30'].map((time) => ({
    time,
    capacity: 2,
    booked: 0,
    available: 2,
    past: false,
  })),
});

beforeEach(() => {
  // Only the clock is fixed; timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T04:00:00Z`));
  storeSignedIn(user);
  noTimes = new Set();
  calls = fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/services': () => ({ body: [CHECKUP, TRAINING, RIDE, EMERGENCY] }),
    'GET /api/pets': () => ({ body: pets }),
    'GET /api/slots/calendar': (c) => ({ body: calendar(q(c, 'month')!, q(c, 'serviceId')!) }),
    'GET /api/slots/availability': (c) => ({ body: availability(q(c, 'date')!, q(c, 'serviceId')!) }),
    'GET /api/slots/mine': () => ({ body: [] }),
    'POST /api/slots/book': (c) => {
      const b = c.body as { schedule: string; petId: string; serviceId: string };
      const [date, time] = b.schedule.split(' at ') as [string, string];
      return {
        status: 201,
        body: makeBooking({
          date,
          time,
          petId: b.petId,
          petName: 'Mittens',
          serviceId: b.serviceId,
          service: { id: TRAINING.id, name: TRAINING.name, kind: 'training', durationMinutes: 30 },
        }),
      };
    },
  });
});
afterEach(() => vi.useRealTimers());

const open = (query: string) => renderApp(<BookingPage />, { path: '/slots', at: `/slots?${query}` });
const selectedDay = (d: string) =>
  screen.findByRole('button', { name: new RegExp(`^(Today, )?${formatDayLong(d)}, 3 free times, selected$`) });
const shownMonth = () => screen.getByRole('grid').getAttribute('aria-label');

describe('a rebooking link on /slots', () => {
  it("opens the form on the link's service, pet and day, so a time and Book Slot are all that is left", async () => {
    const u = userEvent.setup();
    open(`serviceId=${TRAINING.id}&petId=p2&date=2031-05-07`);

    expect(await screen.findByRole('radio', { name: /Pet Training/ })).toBeChecked();
    expect(await screen.findByRole('radio', { name: /Mittens/ })).toBeChecked();
    await selectedDay('2031-05-07');
    expect(shownMonth()).toMatch(/May 2031/);
    expect(screen.getByText(/^Picked: .*7 May 2031$/)).toBeInTheDocument();

    await u.click(await screen.findByRole('radio', { name: /^10:00/ }));
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      petId: 'p2',
      serviceId: TRAINING.id,
      schedule: '2031-05-07 at 10:00',
    });

    // The link has been used: "Book another" starts from the plain form.
    await u.click(screen.getByRole('button', { name: 'Book another' }));
    expect(await screen.findByRole('radio', { name: /Pet Health Checkup/ })).toBeChecked();
    expect(screen.getByText('Pick a date to see the free times.')).toBeInTheDocument();
  });

  it('opens on the pickup ride for "Book a Ride" (?kind=pickup), asking where to collect the pet', async () => {
    open('kind=pickup');
    expect(await screen.findByRole('radio', { name: /Pet Pickup Ride/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pet Health Checkup/ })).not.toBeChecked();
    expect(await screen.findByLabelText(/Pickup address/)).toBeInTheDocument();
  });

  it("picks the first bookable day of the link's week when its day is full, in the next month if need be", async () => {
    // The week of Wednesday 30 April runs from Monday 28 April to Sunday 4 May.
    noTimes = new Set(['2031-04-28', '2031-04-29', '2031-04-30']);
    open(`serviceId=${CHECKUP.id}&petId=p1&date=2031-04-30`);

    await selectedDay('2031-05-01');
    expect(shownMonth()).toMatch(/May 2031/);
    expect(screen.getByRole('radio', { name: /Bruno/ })).toBeChecked();
  });

  it("looks at the start of the link's week too, when that lies in the month before", async () => {
    // Thursday 1 May is full; its week began on Monday 28 April (full), so Tuesday 29 April is picked.
    noTimes = new Set(['2031-04-28', '2031-05-01']);
    open(`serviceId=${CHECKUP.id}&date=2031-05-01`);
    await selectedDay('2031-04-29');
    expect(shownMonth()).toMatch(/April 2031/);
  });

  it('picks the first bookable day of its week for a day already past', async () => {
    // Monday 21 April is yesterday and today is full: Wednesday 23 April is the first bookable day of that week.
    noTimes = new Set([TODAY]);
    open(`serviceId=${CHECKUP.id}&date=2031-04-21`);
    await selectedDay('2031-04-23');
    expect(shownMonth()).toMatch(/April 2031/);
  });

  it('picks the next bookable day when the whole week of the link is past', async () => {
    open(`serviceId=${CHECKUP.id}&date=2031-04-16`);
    await selectedDay(TODAY);
  });

  it('opens the form with the link even when an earlier booking is on show', async () => {
    localStorage.setItem(
      'savedBooking',
      JSON.stringify({
        date: '2031-04-24',
        time: '09:00',
        petName: 'Bruno',
        ownerName: 'Pet Owner',
        petAge: '3',
        phone: '9876543210',
        bookingId: 'b0',
        userId: 'u1',
      }),
    );
    open(`serviceId=${TRAINING.id}&petId=p2&date=2031-05-07`);
    await selectedDay('2031-05-07');
    expect(screen.queryByRole('heading', { name: 'Your slot is booked' })).not.toBeInTheDocument();
  });

  it('starts a fresh form from a link followed while the page is open', async () => {
    const u = userEvent.setup();
    localStorage.setItem(
      'savedBooking',
      JSON.stringify({
        date: '2031-04-24',
        time: '09:00',
        petName: 'Bruno',
        ownerName: 'Pet Owner',
        petAge: '3',
        phone: '9876543210',
        bookingId: 'b0',
        userId: 'u1',
      }),
    );
    renderApp(
      <>
        <BookingPage />
        <Link to={`/slots?serviceId=${TRAINING.id}&petId=p2&date=2031-05-07`}>Book a time</Link>
      </>,
      { path: '/slots' },
    );
    expect(await screen.findByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: 'Book a time' }));
    await selectedDay('2031-05-07');
    expect(screen.getByRole('radio', { name: /Pet Training/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Mittens/ })).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Your slot is booked' })).not.toBeInTheDocument();
  });

  it.each([
    ['unknown ids and a day that does not exist', 'serviceId=s-gone&petId=p-someone-elses&date=2031-02-30'],
    ['the emergency service and a day past the booking horizon', `serviceId=${EMERGENCY.id}&date=2031-12-01`],
    ['text where a day should be', `serviceId=&date=tomorrow&petId=`],
  ])('ignores %s: the form starts as it always does', async (_, query) => {
    open(query);
    const services = await screen.findByRole('group', { name: 'Service' });
    expect(await within(services).findByRole('radio', { name: /Pet Health Checkup/ })).toBeChecked();
    await screen.findByText(/Days in bold have free times/);
    expect(shownMonth()).toMatch(/April 2031/);
    expect(screen.queryByRole('button', { name: /, selected$/ })).not.toBeInTheDocument();
    expect(screen.getByText('Pick a date to see the free times.')).toBeInTheDocument();
    const pets = screen.getByRole('group', { name: /^Pet/ });
    expect(within(pets).getByRole('radio', { name: /Bruno/ })).not.toBeChecked();
    expect(within(pets).getByRole('radio', { name: /Mittens/ })).not.toBeChecked();
  });
});
