import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn, type Availability, type SlotBooking } from '#shared/slots';
import {
  fakeServer,
  makeUser,
  NETWORK_ERROR,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils.tsx';
import SlotBookingPage from './slot-booking.tsx';

const TZ = 'Asia/Kolkata';
const user = makeUser({ id: 'u1', _id: 'u1', name: 'Pet Owner', phone: '9876543210', address: '12 Lake Road' });
const date = addDays(todayIn(TZ), 2);
const config = {
  upiId: 'pawcare@upi',
  upiName: 'Pawcare',
  clinic: {
    name: 'Pawcare Pet Clinic',
    address: '12 Park Street',
    phone: '9876543210',
    email: 'clinic@pawcare.local',
    hours: 'Mon-Sat 09:00-18:00',
  },
  slot: { open: '09:00', close: '11:00', minutes: 30, capacity: 2, timeZone: TZ },
};
const availability = (d: string): Availability => ({
  date: d,
  timeZone: TZ,
  slotMinutes: 30,
  slots: [
    { time: '09:00', capacity: 2, booked: 0, available: 2, past: false },
    { time: '09:30', capacity: 2, booked: 2, available: 0, past: false },
    { time: '10:00', capacity: 2, booked: 1, available: 1, past: false },
    { time: '10:30', capacity: 2, booked: 0, available: 2, past: false },
  ],
});
const booking = (over: Partial<SlotBooking> = {}): SlotBooking => ({
  _id: 'b1',
  id: 'b1',
  userId: 'u1',
  userName: 'Pet Owner',
  userEmail: 'owner@example.com',
  userAddress: '12 Lake Road',
  schedule: `${date} at 10:00`,
  date,
  time: '10:00',
  startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  petName: 'Bruno',
  ownerName: 'Pet Owner',
  petAge: 3,
  phone: '9876543210',
  status: 'pending',
  hospitalInfo: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...over,
});

let mine: SlotBooking[];
let bookAnswer: FakeAnswer | typeof NETWORK_ERROR;
let calls: FetchCall[];

function serve() {
  calls = fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/slots/availability': (c) => ({
      body: availability(new URL(c.url, 'http://x').searchParams.get('date')!),
    }),
    'GET /api/slots/mine': () => ({ body: mine }),
    'POST /api/slots/book': () => bookAnswer,
    'PUT /api/slots/cancel/b1': () => {
      mine = mine.map((b) => (b.id === 'b1' ? { ...b, status: 'canceled' as const } : b));
      return { body: mine.find((b) => b.id === 'b1') ?? booking({ status: 'canceled' }) };
    },
  });
}

async function fillForm(u: ReturnType<typeof userEvent.setup>, o: { time?: string; petName?: string } = {}) {
  fireEvent.change(await screen.findByLabelText(/^Date/), { target: { value: date } });
  if (o.time) await u.click(await screen.findByRole('radio', { name: new RegExp(`^${o.time}`) }));
  if (o.petName) await u.type(screen.getByLabelText(/^Pet name/), o.petName);
}

describe('/slots booking form', () => {
  beforeEach(() => {
    localStorage.clear();
    storeSignedIn(user);
    mine = [];
    bookAnswer = { status: 201, body: booking({ time: '10:30', schedule: `${date} at 10:30` }) };
    serve();
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers the free times of the chosen day and disables full ones', async () => {
    renderApp(<SlotBookingPage />, { path: '/slots' });
    expect(await screen.findByText('Pick a date to see the free times.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: date } });
    expect(await screen.findByRole('radio', { name: '09:30 Full' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '10:00 1 of 2 free' })).toBeEnabled();
    expect(screen.getByLabelText(/^Date/)).toHaveAttribute('min', todayIn(TZ));
    // Owner name and phone start from the account.
    expect(screen.getByLabelText(/^Owner name/)).toHaveValue('Pet Owner');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('9876543210');
  });

  it("says 'Please fill all required fields!' and sends nothing when the pet name is missing", async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    await fillForm(u, { time: '10:30' });
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect((await screen.findAllByText('Please fill all required fields!')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a date before today', async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    fireEvent.change(await screen.findByLabelText(/^Date/), { target: { value: addDays(todayIn(TZ), -1) } });
    await u.type(screen.getByLabelText(/^Pet name/), 'Bruno');
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect((await screen.findAllByText('The date cannot be earlier than today.')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('books, shows the booked view and saves the booking locally', async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    await fillForm(u, { time: '10:30', petName: 'Bruno' });
    await u.type(screen.getByLabelText(/^Pet age/), '3');
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));

    expect(await screen.findByText('Slot booked successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      userId: 'u1',
      userName: 'Pet Owner',
      userEmail: 'owner@example.com',
      userAddress: '12 Lake Road',
      schedule: `${date} at 10:30`,
      petName: 'Bruno',
      ownerName: 'Pet Owner',
      petAge: 3,
      phone: '9876543210',
    });
    expect(JSON.parse(localStorage.getItem('savedBooking')!)).toEqual({
      date,
      time: '10:30',
      petName: 'Bruno',
      ownerName: 'Pet Owner',
      petAge: '3',
      phone: '9876543210',
      selectedSlot: `${date} at 10:30`,
      bookingId: 'b1',
      userId: 'u1',
    });
  });

  it("shows the server's message for a refused booking, 'Failed to book slot' for a server fault, and the network text offline", async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    await fillForm(u, { time: '10:30', petName: 'Bruno' });

    bookAnswer = {
      status: 409,
      body: { error: 'Sorry, this time is fully booked. Please pick another time.', code: 'SLOT_FULL' },
    };
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText('Sorry, this time is fully booked. Please pick another time.')).toBeInTheDocument();

    await u.click(await screen.findByRole('radio', { name: /^10:00/ }));
    bookAnswer = { status: 500, body: { error: 'Something went wrong on our side', code: 'INTERNAL' } };
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText('Failed to book slot')).toBeInTheDocument();

    bookAnswer = NETWORK_ERROR;
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText('Failed to book slot! Please try again later.')).toBeInTheDocument();
    expect(localStorage.getItem('savedBooking')).toBeNull();
  });
});

describe('/slots booking attempts', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    storeSignedIn(user);
    mine = [];
    bookAnswer = { status: 201, body: booking({ time: '10:30', schedule: `${date} at 10:30` }) };
    serve();
  });
  afterEach(() => vi.restoreAllMocks());

  const keysSent = () => calls.filter((c) => c.method === 'POST').map((c) => c.headers['idempotency-key']);

  it('sends the same Idempotency-Key again when the answer to a booking was lost, and a new one for the next booking', async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    await fillForm(u, { time: '10:30', petName: 'Bruno' });

    // The server stores the booking, but its answer never arrives.
    bookAnswer = NETWORK_ERROR;
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText('Failed to book slot! Please try again later.')).toBeInTheDocument();

    bookAnswer = { status: 200, body: booking({ time: '10:30', schedule: `${date} at 10:30` }) };
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText('Slot booked successfully!')).toBeInTheDocument();
    const [first, retry] = keysSent();
    expect(first).toMatch(/^[\x20-\x7e]{8,200}$/);
    expect(retry).toBe(first);

    // Change Slot cancels that booking; booking the same slot again is a new attempt with a new key.
    await u.click(await screen.findByRole('button', { name: 'Change Slot' }));
    await screen.findByText('Slot changed successfully! Please book again.');
    bookAnswer = { status: 201, body: booking({ id: 'b2', _id: 'b2', time: '10:30', schedule: `${date} at 10:30` }) };
    await u.click(await screen.findByRole('radio', { name: /^10:30/ }));
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
    const keys = keysSent();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });

  it('shows the refusal at the cap of upcoming bookings, and the attempt limit, as it shows other booking errors', async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    await fillForm(u, { time: '10:30', petName: 'Bruno' });

    const atCap =
      'You already have 6 upcoming bookings, the most one account can hold. Cancel one you no longer need, or call the clinic.';
    bookAnswer = { status: 409, body: { error: atCap, message: atCap, code: 'BOOKING_LIMIT' } };
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText(atCap)).toBeInTheDocument();
    // The form keeps what was typed and picked, for after a booking has been canceled below.
    expect(screen.getByRole('radio', { name: /^10:30/ })).toBeChecked();
    expect(screen.getByLabelText(/^Pet name/)).toHaveValue('Bruno');

    const limited = 'Too many booking attempts. Please try again in 10 minutes.';
    bookAnswer = { status: 429, body: { error: limited, message: limited, code: 'RATE_LIMITED' } };
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText(limited)).toBeInTheDocument();
    expect(localStorage.getItem('savedBooking')).toBeNull();
    // Each refused attempt was final: the next one came with a new key.
    const [k1, k2] = keysSent();
    expect(k2).not.toBe(k1);
  });
});

describe('/slots booked view', () => {
  const saved = {
    date,
    time: '10:00',
    petName: 'Bruno',
    ownerName: 'Pet Owner',
    petAge: '3',
    phone: '9876543210',
    selectedSlot: `${date} at 10:00`,
    bookingId: 'b1',
    userId: 'u1',
  };

  beforeEach(() => {
    localStorage.clear();
    storeSignedIn(user);
    localStorage.setItem('savedBooking', JSON.stringify(saved));
    mine = [booking()];
    bookAnswer = { status: 201, body: booking() };
    serve();
  });

  it('Change Slot cancels on the server and returns to the form with the values kept', async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    await u.click(await screen.findByRole('button', { name: 'Change Slot' }));
    expect(await screen.findByText('Slot changed successfully! Please book again.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/slots/cancel/b1')).toBe(true);
    expect(screen.getByLabelText(/^Pet name/)).toHaveValue('Bruno');
    expect(screen.getByLabelText(/^Date/)).toHaveValue(date);
    expect(await screen.findByRole('radio', { name: /^10:00/ })).toBeChecked();
    expect(localStorage.getItem('savedBooking')).toBeNull();
  });

  it('Cancel cancels on the server, clears the saved booking and empties the form', async () => {
    const u = userEvent.setup();
    renderApp(<SlotBookingPage />, { path: '/slots' });
    await u.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Slot booking canceled')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/slots/cancel/b1')).toBe(true);
    expect(screen.getByLabelText(/^Pet name/)).toHaveValue('');
    expect(localStorage.getItem('savedBooking')).toBeNull();
    const list = screen.getByRole('region', { name: 'My bookings' });
    expect(await within(list).findByText('Canceled')).toBeInTheDocument();
  });

  it('shows the hospital info once the booking is confirmed', async () => {
    mine = [booking({ status: 'confirmed', hospitalInfo: { ...config.clinic, name: 'Pawcare Salt Lake' } })];
    renderApp(<SlotBookingPage />, { path: '/slots' });
    const view = await screen.findByRole('heading', { name: 'Your slot is booked' });
    await waitFor(() => expect(screen.getAllByText('Pawcare Salt Lake')).toHaveLength(2));
    expect(view.parentElement).toHaveTextContent('Confirmed');
  });

  it("ignores another account's saved booking", async () => {
    localStorage.setItem('savedBooking', JSON.stringify({ ...saved, userId: 'someone-else' }));
    renderApp(<SlotBookingPage />, { path: '/slots' });
    expect(await screen.findByRole('button', { name: 'Book Slot' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your slot is booked' })).not.toBeInTheDocument();
  });
});
