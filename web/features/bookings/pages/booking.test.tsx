import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDayLong } from '#shared/dates';
import type { Pet } from '#shared/pets';
import type { RideProgress, RideStatus } from '#shared/ride-progress';
import { addDays, todayIn } from '#shared/dates';
import { BOOKING_CHANGED_EVENT, type Booking } from '#shared/bookings';
import { type Availability, type Calendar } from '#shared/availability';
import { SocketProvider } from '../../../lib/socket.ts';
import { axeViolations } from '../../../test/axe.ts';
import { makeBooking, makePet, makeOffering } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import {
  BrowserButtons,
  fakeServer,
  makeUser,
  NETWORK_ERROR,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils.tsx';
import BookingPage from './booking.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const TZ = 'Asia/Kolkata';
const user = makeUser({ id: 'u1', _id: 'u1', name: 'Pet Owner', phone: '9876543210', address: '12 Lake Road' });
const today = todayIn(TZ);
const date = addDays(today, 2);
const fullDay = addDays(today, 3);
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
const CHECKUP = makeOffering({ id: 's-check', price: 500 });
const TRAINING = makeOffering({ id: 's-train', name: 'Pet Training', kind: 'training', durationMinutes: 60 });
const PICKUP = makeOffering({ id: 's-pick', name: 'Pet Pickup Ride', kind: 'pickup', needsAddress: true });
const EMERGENCY = makeOffering({ id: 's-emer', name: 'Emergency Pet Care', kind: 'emergency', bookable: false });
const services = [CHECKUP, TRAINING, PICKUP, EMERGENCY];

const pet = (o: Partial<Pet>) =>
  makePet({ breed: null, sex: null, ageYears: 4, weightKg: null, createdAt: new Date().toISOString(), ...o });

const availability = (d: string, serviceId: string): Availability => ({
  date: d,
  serviceId,
  durationMinutes: serviceId === TRAINING.id ? 60 : 30,
  timeZone: TZ,
  slotMinutes: 30,
  slots: [
    { time: '09:00', capacity: 2, booked: 0, available: 2, past: false },
    { time: '09:30', capacity: 2, booked: 2, available: 0, past: false },
    { time: '10:00', capacity: 2, booked: 1, available: 1, past: false },
    { time: '10:30', capacity: 2, booked: 0, available: 2, past: false },
  ],
});
/** Every day from today to the horizon has 3 free times, but `fullDay`. */
const calendar = (month: string, serviceId: string): Calendar => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    month,
    serviceId,
    timeZone: TZ,
    days: Array.from({ length: days }, (_, i) => {
      const d = `${month}-${String(i + 1).padStart(2, '0')}`;
      return { date: d, freeTimes: d < today || d > addDays(today, 90) || d === fullDay ? 0 : 3 };
    }),
  };
};
const booking = (over: Partial<Booking> = {}): Booking =>
  makeBooking({
    userAddress: '12 Lake Road',
    date,
    startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 2 * 86_400_000 + 1_800_000).toISOString(),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    service: { id: CHECKUP.id, name: CHECKUP.name, kind: 'checkup', durationMinutes: 30 },
    serviceId: CHECKUP.id,
    petId: null,
    ...over,
  });

let mine: Booking[];
let pets: Pet[];
let bookAnswer: FakeAnswer | typeof NETWORK_ERROR;
let rescheduleAnswer: FakeAnswer;
let calls: FetchCall[];
const q = (c: FetchCall, k: string) => new URL(c.url, 'http://x').searchParams.get(k);

function serve() {
  calls = fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/services': () => ({ body: services }),
    'GET /api/pets': () => ({ body: pets }),
    'POST /api/pets': (c) => {
      const p = pet({ id: 'p-new', ...(c.body as { name: string; species: Pet['species'] }), ageYears: null });
      pets = [...pets, p];
      return { status: 201, body: p };
    },
    'GET /api/slots/calendar': (c) => ({ body: calendar(q(c, 'month')!, q(c, 'serviceId') ?? CHECKUP.id) }),
    'GET /api/slots/availability': (c) => ({ body: availability(q(c, 'date')!, q(c, 'serviceId') ?? CHECKUP.id) }),
    'GET /api/slots/mine': () => ({ body: mine }),
    'POST /api/slots/book': () => bookAnswer,
    'PUT /api/slots/b1/reschedule': () => rescheduleAnswer,
    'PUT /api/slots/cancel/b1': () => {
      mine = mine.map((b) => (b.id === 'b1' ? { ...b, status: 'canceled' as const } : b));
      return { body: mine.find((b) => b.id === 'b1') ?? booking({ status: 'canceled' }) };
    },
  });
}

type U = ReturnType<typeof userEvent.setup>;

/** Clicks a day on the calendar (inside `scope`), moving to the next month when needed. */
async function pickDay(u: U, d: string, scope: HTMLElement = document.body) {
  const name = new RegExp(`${formatDayLong(d)}, \\d free times`);
  const s = within(scope);
  if (d.slice(0, 7) !== today.slice(0, 7) && !s.queryByRole('button', { name }))
    await u.click(await s.findByRole('button', { name: 'Go to the Next Month' }));
  await u.click(await s.findByRole('button', { name }));
}

async function fillForm(u: U, o: { time?: string; petName?: string } = {}) {
  await pickDay(u, date);
  if (o.time) await u.click(await screen.findByRole('radio', { name: new RegExp(`^${o.time}`) }));
  if (o.petName) await u.type(screen.getByLabelText(/^Pet name/), o.petName);
}

const posted = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/slots/book');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeSignedIn(user);
  mine = [];
  pets = [];
  bookAnswer = { status: 201, body: booking({ time: '10:30', schedule: `${date} at 10:30` }) };
  rescheduleAnswer = { body: booking() };
  serve();
});
afterEach(() => vi.restoreAllMocks());

describe('/slots booking form', () => {
  it('offers the bookable services, the checkup first, and a pick changes the calendar and the times asked for', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    const group = await screen.findByRole('group', { name: 'Service' });
    expect(await within(group).findByRole('radio', { name: /Pet Health Checkup/ })).toBeChecked();
    expect(within(group).queryByRole('radio', { name: /Emergency/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/slots/calendar'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/api/slots/calendar'))!.url).toContain(`serviceId=${CHECKUP.id}`);

    await u.click(within(group).getByRole('radio', { name: /Pet Training/ }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('/api/slots/calendar') && c.url.includes(`serviceId=${TRAINING.id}`)),
      ).toBe(true),
    );
    await pickDay(u, date);
    expect(await screen.findByText(/This service takes 60 minutes/)).toBeInTheDocument();
    expect(
      calls.some((c) => c.url.includes('/api/slots/availability') && c.url.includes(`serviceId=${TRAINING.id}`)),
    ).toBe(true);
    expect(screen.getByRole('radio', { name: '09:30 Full' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '10:00 1 of 2 free' })).toBeEnabled();
  });

  it('preselects the service and the pet named in the address', async () => {
    pets = [pet({ id: 'p1', name: 'Bruno' }), pet({ id: 'p2', name: 'Mittens', species: 'cat' })];
    renderApp(<BookingPage />, { path: '/slots', at: `/slots?serviceId=${TRAINING.id}&petId=p2` });
    expect(await screen.findByRole('radio', { name: /Pet Training/ })).toBeChecked();
    expect(await screen.findByRole('radio', { name: /Mittens/ })).toBeChecked();
    expect(screen.queryByLabelText(/^Pet name/)).not.toBeInTheDocument();
  });

  it('marks full and past days disabled and moves between days with the arrow keys', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await screen.findByText(/Days in bold have free times/);
    const dayButton = (d: string) => screen.getByRole('button', { name: new RegExp(formatDayLong(d)) });
    if (today.slice(0, 7) === fullDay.slice(0, 7)) {
      expect(dayButton(fullDay)).toBeDisabled();
      expect(dayButton(fullDay)).toHaveAccessibleName(new RegExp(`${formatDayLong(fullDay)}, no free times`));
    }
    if (today.slice(0, 7) === addDays(today, -1).slice(0, 7)) expect(dayButton(addDays(today, -1))).toBeDisabled();

    await pickDay(u, date);
    expect(
      screen.getByRole('button', { name: new RegExp(`${formatDayLong(date)}, 3 free times, selected`) }),
    ).toHaveFocus();
    await u.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName(new RegExp(formatDayLong(addDays(date, -1))));
    // The full day after `date` is skipped.
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(new RegExp(formatDayLong(addDays(date, 2))));
    await u.keyboard('{Enter}');
    expect(
      await screen.findByRole('button', {
        name: new RegExp(`${formatDayLong(addDays(date, 2))}, 3 free times, selected`),
      }),
    ).toHaveFocus();
  });

  it("says the spec's 'Please fill all required fields!' once in the toast and once on the form, and marks each empty field", async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await screen.findByText(/Days in bold have free times/);
    await u.clear(screen.getByLabelText(/^Owner name/));
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));

    const said = await screen.findAllByText('Please fill all required fields!');
    expect(said).toHaveLength(2);
    expect(said.filter((el) => el.closest('.Toastify'))).toHaveLength(1);
    const book = screen.getByRole('button', { name: 'Book Slot' });
    expect(book).toHaveAccessibleDescription('Please fill all required fields!');

    // Each empty required field: invalid, and described by a short hint of its own.
    for (const field of [
      screen.getByLabelText(/^Pet name/),
      screen.getByLabelText(/^Owner name/),
      screen.getByRole('group', { name: /^Date for / }),
      screen.getByRole('group', { name: /^Time/ }),
    ]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Required');
    }
    expect(screen.getAllByText('Required')).toHaveLength(4);
    // Filled fields are not marked.
    expect(screen.getByLabelText(/^Phone/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Pet name/)).toHaveFocus();
    expect(await axeViolations(screen.getByRole('region', { name: 'Book a visit' }))).toEqual([]);
    expect(posted()).toHaveLength(0);

    // Filled in, each field's hint goes, and the form-level message with the last one.
    await u.type(screen.getByLabelText(/^Pet name/), 'Bruno');
    await u.type(screen.getByLabelText(/^Owner name/), 'Pet Owner');
    await fillForm(u, { time: '10:30' });
    await waitFor(() => expect(screen.queryByText('Required')).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Book a visit' })).queryByText(/Please fill all/)).toBeNull();
    expect(book).not.toHaveAccessibleDescription();
  });

  it('books a typed-in pet with the spec fields, shows the booked view with focus and saves it locally', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    // Owner name and phone start from the account.
    expect(await screen.findByLabelText(/^Owner name/)).toHaveValue('Pet Owner');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('9876543210');
    await fillForm(u, { time: '10:30', petName: 'Bruno' });
    await u.type(screen.getByLabelText(/^Pet age/), '3');
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));

    expect(await screen.findByText('Slot booked successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your slot is booked' })).toHaveFocus();
    expect(posted()[0]!.body).toEqual({
      userId: 'u1',
      userName: 'Pet Owner',
      userEmail: 'owner@example.com',
      userAddress: '12 Lake Road',
      schedule: `${date} at 10:30`,
      petName: 'Bruno',
      ownerName: 'Pet Owner',
      petAge: 3,
      phone: '9876543210',
      serviceId: CHECKUP.id,
    });
    expect(JSON.parse(localStorage.getItem('savedBooking')!)).toMatchObject({
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

    // Book another: a fresh form, the booking kept in the list.
    await u.click(screen.getByRole('button', { name: 'Book another' }));
    expect(await screen.findByRole('heading', { name: 'Book a visit' })).toHaveFocus();
    expect(screen.getByLabelText(/^Pet name/)).toHaveValue('');
    expect(localStorage.getItem('savedBooking')).toBeNull();
  });

  it("keeps a half-filled booking through the browser's Back and Forward", async () => {
    const u = userEvent.setup();
    renderApp(
      <>
        <BookingPage />
        <BrowserButtons />
      </>,
      {
        path: '/slots',
        at: '/homeusers',
        routes: {
          '/homeusers': (
            <>
              <Link to="/slots">Slot Booking</Link>
              <BrowserButtons />
            </>
          ),
        },
      },
    );
    await u.click(screen.getByRole('link', { name: 'Slot Booking' }));
    await fillForm(u, { time: '10:30', petName: 'Bruno' });
    await u.type(screen.getByLabelText(/^Note/), 'Limps on the left paw');

    await u.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByRole('link', { name: 'Slot Booking' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Browser forward' }));

    expect(await screen.findByLabelText(/^Pet name/)).toHaveValue('Bruno');
    expect(screen.getByLabelText(/^Note/)).toHaveValue('Limps on the left paw');
    expect(
      await screen.findByRole('button', { name: new RegExp(`${formatDayLong(date)}, 3 free times, selected`) }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /^10:30/ })).toBeChecked();

    // A new visit to the page (a new history entry) starts afresh.
    await u.click(screen.getByRole('button', { name: 'Browser back' }));
    await u.click(await screen.findByRole('link', { name: 'Slot Booking' }));
    expect(await screen.findByLabelText(/^Pet name/)).toHaveValue('');
  });

  it('books for a chosen pet with its id, the service and a note', async () => {
    pets = [pet({ id: 'p1', name: 'Bruno' })];
    bookAnswer = {
      status: 201,
      body: booking({
        petId: 'p1',
        petAge: 4,
        serviceId: TRAINING.id,
        service: { id: TRAINING.id, name: TRAINING.name, kind: 'training', durationMinutes: 60 },
      }),
    };
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await u.click(await screen.findByRole('radio', { name: /Pet Training/ }));
    await u.click(await screen.findByRole('radio', { name: /Bruno/ }));
    expect(screen.queryByLabelText(/^Pet name/)).not.toBeInTheDocument();
    await fillForm(u, { time: '10:00' });
    await u.type(screen.getByLabelText(/^Note for the clinic/), 'Pulls on the lead');
    expect(screen.getByText(/17\/1000 characters/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));

    expect(await screen.findByText('Slot booked successfully!')).toBeInTheDocument();
    const body = posted()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      petId: 'p1',
      serviceId: TRAINING.id,
      note: 'Pulls on the lead',
      schedule: `${date} at 10:00`,
    });
    expect(body).not.toHaveProperty('petName');
    const view = screen.getByRole('region', { name: 'Your slot is booked' });
    expect(within(view).getByText('Pet Training')).toBeInTheDocument();
    expect(within(view).getByText('Bruno, 4 years')).toBeInTheDocument();
  });

  it('adds a pet inline and picks it', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await u.click(await screen.findByRole('button', { name: 'Add a pet' }));
    await u.click(screen.getByRole('button', { name: 'Save pet' }));
    expect(await screen.findByText('Pet name is required')).toBeInTheDocument();
    await u.type(screen.getByLabelText(/^New pet's name/), 'Kiwi');
    await u.selectOptions(screen.getByLabelText('Species'), 'bird');
    await u.click(screen.getByRole('button', { name: 'Save pet' }));
    expect(await screen.findByRole('radio', { name: /Kiwi/ })).toBeChecked();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/pets')!.body).toEqual({
      name: 'Kiwi',
      species: 'bird',
    });
    expect(screen.getByRole('button', { name: 'Add a pet' })).toBeInTheDocument();
  });

  it('asks for the pickup address of a ride, prefilled from the profile', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    expect(screen.queryByLabelText(/^Pickup address/)).not.toBeInTheDocument();
    await u.click(await screen.findByRole('radio', { name: /Pet Pickup Ride/ }));
    const address = screen.getByLabelText(/^Pickup address/);
    expect(address).toHaveValue('12 Lake Road');
    await fillForm(u, { time: '09:00', petName: 'Bruno' });
    await u.clear(address);
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect((await screen.findAllByText('Please enter the pickup address for the ride.')).length).toBeGreaterThan(0);
    expect(address).toHaveFocus();
    expect(posted()).toHaveLength(0);

    await u.type(address, '7 River Lane');
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    await screen.findByText('Slot booked successfully!');
    expect(posted()[0]!.body).toMatchObject({ serviceId: PICKUP.id, pickupAddress: '7 River Lane' });
  });

  it("shows the server's message for a refused booking, 'Failed to book slot' for a server fault, and the network text offline", async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
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

  it('sends the same Idempotency-Key again when the answer to a booking was lost, and a new one for the next booking', async () => {
    const keysSent = () => posted().map((c) => c.headers['idempotency-key']);
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await fillForm(u, { time: '10:30', petName: 'Bruno' });

    bookAnswer = NETWORK_ERROR;
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText('Failed to book slot! Please try again later.')).toBeInTheDocument();

    bookAnswer = { status: 200, body: booking({ time: '10:30', schedule: `${date} at 10:30` }) };
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByText('Slot booked successfully!')).toBeInTheDocument();
    const [first, retry] = keysSent();
    expect(first).toMatch(/^[\x20-\x7e]{8,200}$/);
    expect(retry).toBe(first);

    // Book another, the same pet and time: a new attempt with a new key.
    await u.click(screen.getByRole('button', { name: 'Book another' }));
    bookAnswer = { status: 201, body: booking({ id: 'b2', _id: 'b2', time: '10:30', schedule: `${date} at 10:30` }) };
    await fillForm(u, { time: '10:30', petName: 'Bruno' });
    await u.click(screen.getByRole('button', { name: 'Book Slot' }));
    expect(await screen.findByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
    const keys = keysSent();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });
});

describe('/slots booked view and my bookings', () => {
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
    localStorage.setItem('savedBooking', JSON.stringify(saved));
    mine = [booking()];
  });

  it('Change Slot moves the booking on the server, never cancels it, and updates the saved booking', async () => {
    const newDate = addDays(today, 5);
    rescheduleAnswer = { body: booking({ date: newDate, time: '09:00', schedule: `${newDate} at 09:00` }) };
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await u.click(await screen.findByRole('button', { name: 'Change Slot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change slot' });
    // The calendar takes the focus, on the booking's day.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(new RegExp(formatDayLong(date))));
    expect(within(dialog).getByRole('radio', { name: '10:00 Current' })).toBeDisabled();
    await pickDay(u, newDate, dialog);
    await u.click(await within(dialog).findByRole('radio', { name: /^09:00/ }));
    await u.click(within(dialog).getByRole('button', { name: /^Move to/ }));

    expect(await screen.findByText(/^Booking moved to .* at 09:00\.$/)).toBeInTheDocument();
    const put = calls.find((c) => c.url === '/api/slots/b1/reschedule')!;
    expect(put.body).toEqual({ schedule: `${newDate} at 09:00` });
    expect(calls.some((c) => c.url.startsWith('/api/slots/cancel'))).toBe(false);
    expect(JSON.parse(localStorage.getItem('savedBooking')!)).toMatchObject({
      date: newDate,
      time: '09:00',
      selectedSlot: `${newDate} at 09:00`,
      bookingId: 'b1',
    });
    expect(screen.queryByText('Slot changed successfully! Please book again.')).not.toBeInTheDocument();
  });

  it('keeps the old booking when the new time is full (409) and says so', async () => {
    rescheduleAnswer = {
      status: 409,
      body: {
        error: 'Sorry, this time is fully booked. Please pick another time.',
        message: 'Sorry, this time is fully booked. Please pick another time.',
        code: 'SLOT_FULL',
      },
    };
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    const list = await screen.findByRole('region', { name: 'My bookings' });
    await u.click(await within(list).findByRole('button', { name: /^Change slot for Bruno/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change slot' });
    await u.click(await within(dialog).findByRole('radio', { name: /^10:30/ }));
    await u.click(within(dialog).getByRole('button', { name: /^Move to/ }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Sorry, this time is fully booked\. Please pick another time\. Your booking is still on .* at 10:00\./,
    );
    expect(within(dialog).getByRole('radio', { name: /^10:30/ })).not.toBeChecked();
    expect(calls.some((c) => c.url.startsWith('/api/slots/cancel'))).toBe(false);
    expect(JSON.parse(localStorage.getItem('savedBooking')!)).toMatchObject({ time: '10:00' });

    await u.click(within(dialog).getByRole('button', { name: 'Keep current time' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();
  });

  it('Cancel asks first, and cancels on the server only when confirmed', async () => {
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    await u.click(await screen.findByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await u.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(calls.some((c) => c.url === '/api/slots/cancel/b1')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Your slot is booked' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Slot booking canceled')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/slots/cancel/b1')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Book a visit' })).toHaveFocus();
    expect(screen.getByLabelText(/^Pet name/)).toHaveValue('');
    expect(localStorage.getItem('savedBooking')).toBeNull();
    const list = screen.getByRole('region', { name: 'My bookings' });
    expect(await within(list).findByText('Canceled')).toBeInTheDocument();
  });

  it('lists upcoming bookings with service, note and actions, and a completed visit with its summary', async () => {
    localStorage.removeItem('savedBooking');
    mine = [
      booking({ note: 'Limping on the left leg' }),
      booking({
        id: 'b0',
        _id: 'b0',
        date: addDays(today, -20),
        startsAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
        status: 'completed',
        petName: 'Mittens',
        visit: {
          findings: 'Healthy',
          treatment: null,
          medicines: 'Dewormer',
          weightKg: 4.2,
          nextDueDate: addDays(today, 200),
          nextDueReason: 'Rabies booster',
          recordedByName: 'Clinic Staff',
          recordedAt: new Date().toISOString(),
        },
      }),
    ];
    renderApp(<BookingPage />, { path: '/slots' });
    const list = await screen.findByRole('region', { name: 'My bookings' });
    expect(await within(list).findByText('Limping on the left leg')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /^Change slot for Bruno/ })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Change slot for Mittens/ })).not.toBeInTheDocument();
    expect(within(list).getByText('Visit summary')).toBeInTheDocument();
    expect(within(list).getByText(/Rabies booster/)).toBeInTheDocument();
    expect(within(list).getByText('4.2 kg')).toBeInTheDocument();
  });

  it('shows the hospital info once the booking is confirmed', async () => {
    mine = [booking({ status: 'confirmed', hospitalInfo: { ...config.clinic, name: 'Pawcare Salt Lake' } })];
    renderApp(<BookingPage />, { path: '/slots' });
    const view = await screen.findByRole('heading', { name: 'Your slot is booked' });
    await waitFor(() => expect(screen.getAllByText('Pawcare Salt Lake')).toHaveLength(2));
    expect(view.parentElement).toHaveTextContent('Confirmed');
  });

  it('shows the hospital info as soon as the staff confirm, from the event alone', async () => {
    renderApp(
      <SocketProvider>
        <BookingPage />
      </SocketProvider>,
      { path: '/slots' },
    );
    const view = await screen.findByRole('heading', { name: 'Your slot is booked' });
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    const reads = () => calls.filter((c) => c.url.startsWith('/api/slots/mine')).length;
    const before = reads();

    const confirmed = booking({ status: 'confirmed', hospitalInfo: { ...config.clinic, name: 'Pawcare Salt Lake' } });
    act(() =>
      lastSocket()!.serverSends(BOOKING_CHANGED_EVENT, {
        id: 'b1',
        action: 'confirmed',
        status: 'confirmed',
        date,
        time: '10:00',
        booking: confirmed,
      }),
    );
    await waitFor(() => expect(screen.getAllByText('Pawcare Salt Lake')).toHaveLength(2));
    expect(view.parentElement).toHaveTextContent('Confirmed');
    expect(reads()).toBe(before);
  });

  it("follows a pickup ride's steps in the list from the events alone", async () => {
    const ride = (status: RideStatus, steps: RideProgress['steps']) =>
      booking({
        id: 'r1',
        _id: 'r1',
        petName: 'Mittens',
        status: 'confirmed',
        service: { id: PICKUP.id, name: PICKUP.name, kind: 'pickup', durationMinutes: 30 },
        serviceId: PICKUP.id,
        pickupAddress: '12 Lake Road',
        ride: { status, steps },
      });
    mine = [booking(), ride('scheduled', [])];
    renderApp(
      <SocketProvider>
        <BookingPage />
      </SocketProvider>,
      { path: '/slots' },
    );
    const list = await screen.findByRole('region', { name: 'My bookings' });
    const steps = await within(list).findByRole('list', { name: 'Pickup ride' });
    expect(within(steps).getByText('Scheduled').closest('li')).toHaveAttribute('aria-current', 'step');
    // Only the ride has a stepper.
    expect(within(list).getAllByRole('list', { name: 'Pickup ride' })).toHaveLength(1);
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    const reads = () => calls.filter((c) => c.url.startsWith('/api/slots/mine')).length;
    const before = reads();

    const at = new Date().toISOString();
    const onTheWay = ride('driver_on_the_way', [{ status: 'driver_on_the_way', at, message: '10 minutes away' }]);
    act(() =>
      lastSocket()!.serverSends(BOOKING_CHANGED_EVENT, {
        id: 'r1',
        action: 'ride',
        status: 'confirmed',
        date,
        time: '10:00',
        booking: onTheWay,
      }),
    );
    await waitFor(() =>
      expect(within(steps).getByText('Driver on the way').closest('li')).toHaveAttribute('aria-current', 'step'),
    );
    expect(within(steps).getByText('Scheduled').closest('li')).not.toHaveAttribute('aria-current');
    expect(within(list).getByText(/10 minutes away/)).toBeInTheDocument();
    // Once the driver has set off, only the clinic can change the ride.
    expect(within(list).queryByRole('button', { name: /Cancel booking for Mittens/ })).not.toBeInTheDocument();
    expect(within(list).getByText(/call the clinic to change this ride/)).toBeInTheDocument();
    expect(reads()).toBe(before);
  });

  it('the booked view of a ride under way shows its steps and no Change Slot or Cancel', async () => {
    const at = new Date().toISOString();
    mine = [
      booking({
        status: 'confirmed',
        service: { id: PICKUP.id, name: PICKUP.name, kind: 'pickup', durationMinutes: 30 },
        serviceId: PICKUP.id,
        pickupAddress: '12 Lake Road',
        ride: { status: 'driver_on_the_way', steps: [{ status: 'driver_on_the_way', at, message: null }] },
      }),
    ];
    renderApp(<BookingPage />, { path: '/slots' });
    const view = (await screen.findByRole('heading', { name: 'Your slot is booked' })).closest('section')!;
    await waitFor(() => expect(within(view).getByRole('list', { name: 'Pickup ride' })).toBeInTheDocument());
    expect(within(view).getByText(/call the clinic to change this ride/)).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Change Slot' })).not.toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Book another' })).toBeInTheDocument();
  });

  it('after a booking of the list is canceled, the focus goes to the list, not to the top of the page', async () => {
    // No booked view: the booking is only in the list, and its card loses its buttons.
    localStorage.removeItem('savedBooking');
    mine = [booking()];
    const u = userEvent.setup();
    renderApp(<BookingPage />, { path: '/slots' });
    const list = await screen.findByRole('region', { name: 'My bookings' });
    await u.click(await within(list).findByRole('button', { name: /^Cancel booking for / }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Slot booking canceled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My bookings' })).toHaveFocus());
    expect(await within(list).findByText('Canceled')).toBeInTheDocument();
    expect(await axeViolations(list)).toEqual([]);
  });

  it("ignores another account's saved booking", async () => {
    localStorage.setItem('savedBooking', JSON.stringify({ ...saved, userId: 'someone-else' }));
    renderApp(<BookingPage />, { path: '/slots' });
    expect(await screen.findByRole('button', { name: 'Book Slot' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your slot is booked' })).not.toBeInTheDocument();
  });
});
