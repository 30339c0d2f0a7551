import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RESYNC_EVENT } from '#shared/realtime';
import type { Ride, RideStep } from '#shared/rides';
import { addDays, todayIn } from '#shared/dates';
import { BOOKING_CHANGED_EVENT, type Booking } from '#shared/bookings';
import { SocketProvider } from '../../../lib/socket.ts';
import { makeBooking, makeRide } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import {
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils.tsx';
import EmployeeRidesPage from './employee-rides.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const TZ = 'Asia/Kolkata';
const config = {
  upiId: 'x@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '12 Park Street', phone: '9876543210', email: 'c@p.test', hours: '9-6' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: TZ },
};
const today = todayIn(TZ);
const tomorrow = addDays(today, 1);
const PICKUP = { id: 'svc-pickup', name: 'Pet Pickup Ride', kind: 'pickup' as const, durationMinutes: 30 };

/** A ride of `date` at `time`, clinic time (India, UTC+5:30). */
const ride = (id: string, petName: string, time: string, over: Partial<Ride> = {}) =>
  makeRide({
    bookingId: id,
    petName,
    date: today,
    time,
    startsAt: new Date(Date.parse(`${over.date ?? today}T${time}:00+05:30`)).toISOString(),
    ...over,
  });

/** The booking behind a ride, as the PUT answer and booking events carry it. */
const bookingOf = (r: Ride, ride: Partial<Booking['ride']> = {}): Booking =>
  makeBooking({
    id: r.bookingId,
    _id: r.bookingId,
    date: r.date,
    time: r.time,
    startsAt: r.startsAt,
    pickupAddress: r.address,
    ownerName: r.customerName,
    phone: r.phone,
    petId: r.petId,
    petName: r.petName,
    note: r.note,
    status: r.bookingStatus,
    service: PICKUP,
    serviceId: PICKUP.id,
    ride: { status: r.rideStatus, steps: r.steps, ...ride },
  });

const bruno = ride('b1', 'Bruno', '10:00', { note: 'Shy with strangers' });
let days: Record<string, Ride[]>;
let listAnswer: FakeAnswer | null;
let putAnswer: ((status: RideStep, message?: string) => FakeAnswer) | null;
let calls: FetchCall[];

const q = (c: FetchCall, k: string) => new URL(c.url, 'http://x').searchParams.get(k);
const listReads = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/rides')).length;

beforeEach(() => {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Driver' }));
  days = { [today]: [bruno] };
  listAnswer = null;
  putAnswer = null;
  calls = fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/rides': (c) => listAnswer ?? { body: days[q(c, 'date')!] ?? [] },
    'PUT /api/rides/b1/status': (c) => {
      const { status, message } = c.body as { status: RideStep; message?: string };
      if (putAnswer) return putAnswer(status, message);
      const at = new Date().toISOString();
      const r: Ride = {
        ...bruno,
        rideStatus: status,
        steps: [...bruno.steps, { status, at, message: message ?? null }],
      };
      days[today] = [r];
      return { body: bookingOf(r) };
    },
    'POST /api/rides/b1/message': () => ({ body: { ok: true } }),
  });
});

/** The rides page at `at`, connected to the fake socket. */
async function openRides(at = '/employee/rides') {
  renderApp(
    <SocketProvider>
      <EmployeeRidesPage />
    </SocketProvider>,
    { path: '/employee/rides', at },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return lastSocket()!;
}

const card = async (pet: string) => screen.findByRole('article', { name: new RegExp(`${pet}$`) });
/** The cards on screen, top to bottom, by their headings (time and pet). */
const cardsShown = () => screen.queryAllByRole('article').map((a) => a.querySelector('h3')!.textContent);

describe('/employee/rides', () => {
  it("lists today's rides in time order, with the address for the maps app and the customer's phone", async () => {
    days[today] = [
      ride('b0', 'Coco', '08:00', { bookingStatus: 'canceled', rideStatus: 'canceled' }),
      ride('b2', 'Mittens', '09:00', { bookingStatus: 'pending', address: '4 Elm Road #2, Kolkata & Co' }),
      bruno,
    ];
    await openRides();
    expect(await card('Bruno')).toBeInTheDocument();
    expect(
      q(
        calls.find((c) => c.url.startsWith('/api/rides'))!,
        'date',
      ),
    ).toBe(today);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Today/);
    // Canceled rides come last, whatever their time.
    expect(cardsShown()).toEqual(['09:00 Mittens', '10:00 Bruno', '08:00 Coco']);

    const b = within(await card('Bruno'));
    expect(b.getByText('Shy with strangers')).toBeInTheDocument();
    expect(b.getByText('Pet Owner')).toBeInTheDocument();
    expect(b.getByRole('link', { name: '12 Lake Road, Kolkata (open in maps)' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Lake%20Road%2C%20Kolkata',
    );
    expect(b.getByRole('link', { name: 'Call Pet Owner, 9876543210' })).toHaveAttribute('href', 'tel:9876543210');
    expect(b.getByRole('list', { name: /Step 1 of 6: Scheduled/ })).toBeInTheDocument();
    expect(b.getByRole('button', { name: 'Driver on the way' })).toBeInTheDocument();

    const m = within(await card('Mittens'));
    expect(m.getByRole('link', { name: /4 Elm Road/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=4%20Elm%20Road%20%232%2C%20Kolkata%20%26%20Co',
    );
    expect(m.getByText(/Confirm the booking first/)).toBeInTheDocument();
    expect(m.getByRole('link', { name: 'Open the schedule' })).toHaveAttribute(
      'href',
      `/employee/slots?date=${today}&status=pending`,
    );
    expect(m.queryByRole('button', { name: 'Driver on the way' })).not.toBeInTheDocument();

    const c = within(await card('Coco'));
    expect(c.getByText('This ride was canceled with its booking.')).toBeInTheDocument();
    expect(c.getByRole('list', { name: /Canceled/ })).toBeInTheDocument();
    expect(c.queryAllByRole('button')).toEqual([]);
  });

  it('moves a ride to its next step, with the message typed for the customer, and the card follows', async () => {
    const u = userEvent.setup();
    await openRides();
    const b = within(await card('Bruno'));
    await u.click(b.getByRole('button', { name: 'Driver on the way' }));
    expect(await b.findByRole('button', { name: 'Picked up' })).toBeInTheDocument();
    expect(b.getByRole('list', { name: /Step 2 of 6: Driver on the way/ })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'driver_on_the_way' });

    await u.type(b.getByLabelText('Message to the customer (optional)'), '5 minutes away');
    await u.click(b.getByRole('button', { name: 'Picked up' }));
    expect(await b.findByRole('button', { name: 'At the clinic' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      status: 'picked_up',
      message: '5 minutes away',
    });
    expect(b.getByLabelText('Message to the customer (optional)')).toHaveValue('');
    expect(listReads()).toBe(1);
  });

  it("shows the server's refusal on the card and loads the day again", async () => {
    const u = userEvent.setup();
    const refusal = 'This ride is at "Picked up"; its next step is "At the clinic"';
    putAnswer = () => ({ status: 409, body: { error: refusal, code: 'CONFLICT' } });
    await openRides();
    const b = within(await card('Bruno'));
    days[today] = [{ ...bruno, rideStatus: 'picked_up' }];
    await u.click(b.getByRole('button', { name: 'Driver on the way' }));
    expect(await b.findByRole('alert')).toHaveTextContent(refusal);
    expect(await b.findByRole('button', { name: 'At the clinic' })).toBeInTheDocument();
    expect(listReads()).toBe(2);
  });

  it('sends a message on its own', async () => {
    const u = userEvent.setup();
    await openRides();
    const b = within(await card('Bruno'));
    expect(b.getByRole('button', { name: /^Send/ })).toBeDisabled();
    await u.type(b.getByLabelText('Message to the customer (optional)'), 'Outside your gate');
    await u.click(b.getByRole('button', { name: 'Send to Pet Owner' }));
    expect(await screen.findByText('Message sent to Pet Owner')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ message: 'Outside your gate' });
    expect(b.getByLabelText('Message to the customer (optional)')).toHaveValue('');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('follows booking events without loading the day again: a step, a new ride, a ride moved away', async () => {
    const mittens = ride('b2', 'Mittens', '09:00', { bookingStatus: 'pending' });
    days[today] = [mittens, bruno];
    const socket = await openRides();
    await card('Bruno');
    const send = (booking: Booking) =>
      act(() =>
        socket.serverSends(BOOKING_CHANGED_EVENT, {
          id: booking.id,
          action: 'ride',
          status: booking.status,
          date: booking.date,
          time: booking.time,
          booking,
        }),
      );

    send(bookingOf(bruno, { status: 'picked_up' }));
    expect(await within(await card('Bruno')).findByRole('button', { name: 'At the clinic' })).toBeInTheDocument();

    send(bookingOf(ride('b3', 'Luna', '09:30')));
    await waitFor(() => expect(cardsShown()).toEqual(['09:00 Mittens', '09:30 Luna', '10:00 Bruno']));

    // Confirmed by the front desk: the button appears.
    send(bookingOf({ ...mittens, bookingStatus: 'confirmed' }));
    expect(await within(await card('Mittens')).findByRole('button', { name: 'Driver on the way' })).toBeInTheDocument();

    send(bookingOf({ ...mittens, date: tomorrow }));
    await waitFor(() => expect(cardsShown()).toEqual(['09:30 Luna', '10:00 Bruno']));
    send(makeBooking({ id: 'x1', date: today }));
    expect(cardsShown()).toEqual(['09:30 Luna', '10:00 Bruno']);
    expect(listReads()).toBe(1);
  });

  it('says when it is reconnecting, and loads the day again after a reconnect and a resync', async () => {
    const socket = await openRides();
    await card('Bruno');
    act(() => socket.serverSends('disconnect', 'transport close'));
    expect(await screen.findByText(/^Reconnecting/)).toBeInTheDocument();

    days[today] = [bruno, ride('b3', 'Luna', '11:00')];
    act(() => socket.serverSends('connect'));
    expect(await card('Luna')).toBeInTheDocument();
    expect(screen.queryByText(/^Reconnecting/)).not.toBeInTheDocument();

    days[today] = [bruno];
    act(() => socket.serverSends(RESYNC_EVENT));
    await waitFor(() => expect(cardsShown()).toEqual(['10:00 Bruno']));
    expect(listReads()).toBe(3);
  });

  it('switches days, says when a day has no rides, and waits for its day to start a ride', async () => {
    const u = userEvent.setup();
    days[tomorrow] = [ride('b5', 'Luna', '09:00', { date: tomorrow })];
    await openRides();
    await card('Bruno');

    await u.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Tomorrow/ })).toBeInTheDocument();
    const luna = within(await card('Luna'));
    expect(luna.getByText('This ride can start on its day.')).toBeInTheDocument();
    expect(luna.queryByRole('button', { name: 'Driver on the way' })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No pickup rides on this day')).toBeInTheDocument();
    expect(q(calls.at(-1)!, 'date')).toBe(addDays(today, 2));

    await u.click(screen.getByRole('button', { name: 'Today' }));
    expect(await card('Bruno')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Yesterday/ })).toBeInTheDocument();
    // Today was loaded once: events keep it current while the driver looks at other days.
    expect(calls.filter((c) => c.url.startsWith('/api/rides') && q(c, 'date') === today)).toHaveLength(1);
  });

  it('shows an error with a retry when the rides cannot be loaded', async () => {
    const u = userEvent.setup();
    listAnswer = { status: 500, body: { error: 'boom', code: 'INTERNAL' } };
    await openRides();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the rides.');
    listAnswer = null;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Bruno')).toBeInTheDocument();
  });
});
