import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { formatDay } from '#shared/dates';
import { addDays, todayIn } from '#shared/dates';
import { BOOKING_MSG, type Booking, type BookingStats } from '#shared/bookings';
import { axeViolations } from '../../../test/axe.ts';
import { makeOffering } from '../../../test/data.ts';
import {
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeHandler,
  type FetchCall,
} from '../../../test/utils.tsx';
import { CHECKUP, staffBooking } from '../test-data.ts';
import EmployeeDashboardPage from './employee-dashboard.tsx';
import StaffBookingsPage from './staff-bookings.tsx';

const clinic = {
  name: 'Pawcare Pet Clinic',
  address: '12 Park Street',
  phone: '9876543210',
  email: 'clinic@pawcare.local',
  hours: 'Mon-Sat 09:00-18:00',
};
const TZ = 'Asia/Kolkata';
const config = {
  upiId: 'x@upi',
  upiName: 'Pawcare',
  clinic,
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: TZ },
};
const TRAINING = '5e7a1c00-0000-4000-8000-000000000002';
const services = [
  makeOffering({ id: CHECKUP }),
  makeOffering({ id: TRAINING, name: 'Pet Training', kind: 'training', durationMinutes: 60 }),
];

const today = todayIn(TZ);
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

const stats: BookingStats = {
  pending: 4,
  confirmed: 3,
  confirmedToday: 1,
  total: 7,
  completedThisWeek: 5,
  noShowRate: 0.125,
};

let bookings: Booking[];
let overdue: Booking[];
let calls: FetchCall[];
let failList = false;
let statsBody: BookingStats;

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/slots/bookings'));
const agendaCalls = () => listCalls().filter((c) => !c.url.includes('status=overdue'));

/** The fake API the pages talk to; `over` replaces some of its answers. */
function serve(over: Record<string, FakeHandler> = {}) {
  calls = fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/services': () => ({ body: services }),
    'GET /api/slots/bookings': (c) => {
      if (failList) return { status: 500, body: { error: 'boom', code: 'INTERNAL' } };
      // The notice of past bookings without an outcome asks for every overdue booking, whatever its day.
      if (c.url.includes('status=overdue')) return { body: overdue };
      return { body: bookings };
    },
    'GET /api/slots/stats': () => ({ body: statsBody }),
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
      return { body: staffBooking('b1', { status: 'canceled' }) };
    },
    ...over,
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Front Desk' }));
  failList = false;
  statsBody = stats;
  overdue = [];
  bookings = [staffBooking('b1'), staffBooking('b2', { status: 'confirmed', hospitalInfo: clinic })];
  serve();
});

/** Shows the query string the page keeps its filters in. */
function SearchProbe() {
  return <p data-testid="search">{useLocation().search}</p>;
}

const rowOf = async (pet: string) => (await screen.findByText(pet)).closest('tr')!;

describe('/employee/slots', () => {
  it('asks for the agenda by appointment time, not canceled, and offers Confirm only for pending bookings', async () => {
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    expect(await screen.findByText('Pet b1')).toBeInTheDocument();
    const url = agendaCalls()[0]!.url;
    expect(url).toContain('status=active');
    expect(url).toContain('sort=appointment');
    expect(screen.getByRole('button', { name: /^Confirm booking for Pet b1/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm booking for Pet b2/ })).not.toBeInTheDocument();
  });

  it('groups bookings under a heading per day: Today, Tomorrow, then the date', async () => {
    bookings = [
      staffBooking('t1', { date: today, time: '09:00', startsAt: inADay() }),
      staffBooking('t2', { date: today, time: '11:30', startsAt: inADay() }),
      staffBooking('m1', { date: addDays(today, 1), time: '10:00', startsAt: inADay() }),
      staffBooking('f1'),
    ];
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    await screen.findByText('Pet f1');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      expect.stringMatching(/^Today/),
      expect.stringMatching(/^Tomorrow/),
      today.startsWith('2031') ? 'Tue, 4 Mar' : 'Tue, 4 Mar 2031',
    ]);
    const todayTable = screen.getByRole('table', { name: /Today/ });
    expect(
      within(todayTable)
        .getAllByRole('row')
        .map((r) => r.querySelector('th')?.textContent),
    ).toEqual(['Time', '09:00 to 09:30', '11:30 to 12:00']);
    expect(within(screen.getByRole('table', { name: /Tomorrow/ })).getByText('Pet m1')).toBeInTheDocument();
  });

  it('shows the service, the pet as a link to its record, the owner, phone and note', async () => {
    bookings = [
      staffBooking('p1', {
        petId: 'pet-1',
        petName: 'Bruno',
        petAge: 3,
        note: 'Limping since Monday',
        service: { id: TRAINING, name: 'Pet Training', kind: 'training', durationMinutes: 60 },
        serviceId: TRAINING,
      }),
    ];
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    const row = await rowOf('Bruno');
    expect(within(row).getByRole('link', { name: 'Bruno' })).toHaveAttribute('href', '/employee/pets/pet-1');
    expect(row).toHaveTextContent('10:00 to 11:00');
    expect(row).toHaveTextContent('Pet Training');
    expect(row).toHaveTextContent('3 years');
    expect(row).toHaveTextContent('Limping since Monday');
    expect(within(row).getByRole('link', { name: '9123456780' })).toHaveAttribute('href', 'tel:9123456780');
  });

  it('keeps the filters in the URL and asks the server with them', async () => {
    const u = userEvent.setup();
    renderApp(
      <>
        <StaffBookingsPage />
        <SearchProbe />
      </>,
      { path: '/employee/slots', at: `/employee/slots?serviceId=${TRAINING}&date=2031-03-04` },
    );
    await screen.findByText('Pet b1');
    const first = agendaCalls()[0]!.url;
    expect(first).toContain(`serviceId=${TRAINING}`);
    expect(first).toContain('date=2031-03-04');
    await waitFor(() => expect(screen.getByLabelText('Service')).toHaveValue(TRAINING));
    expect(screen.getByLabelText('Day')).toHaveValue('2031-03-04');

    await u.selectOptions(screen.getByLabelText('Status'), 'Completed');
    expect(screen.getByTestId('search')).toHaveTextContent(`?status=completed&serviceId=${TRAINING}&date=2031-03-04`);
    await waitFor(() => expect(agendaCalls().at(-1)!.url).toContain('status=completed'));

    await u.selectOptions(screen.getByLabelText('Service'), 'All services');
    expect(screen.getByTestId('search')).toHaveTextContent('?status=completed&date=2031-03-04');

    await u.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
    await waitFor(() => expect(agendaCalls().at(-1)!.url).toContain('status=active'));
    expect(agendaCalls().at(-1)!.url).not.toContain('date=');
  });

  it('ignores filters in the URL that make no sense', async () => {
    renderApp(<StaffBookingsPage />, {
      path: '/employee/slots',
      at: '/employee/slots?status=everything&serviceId=%27%3Bdrop&date=2031-02-30',
    });
    await screen.findByText('Pet b1');
    const url = agendaCalls()[0]!.url;
    expect(url).toContain('status=active');
    expect(url).not.toContain('serviceId');
    expect(url).not.toContain('date=');
  });

  it('confirms through a form prefilled with the clinic defaults and sends what staff typed', async () => {
    const u = userEvent.setup();
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
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
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Confirm booking for Pet b1/ }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("says 'Slot cancelled!' and drops the row", async () => {
    const u = userEvent.setup();
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Cancel booking for Pet b1/ }));
    expect(await screen.findByText('Slot cancelled!')).toBeInTheDocument();
    await screen.findByText('Pet b2');
    await waitFor(() => expect(screen.queryByText('Pet b1')).not.toBeInTheDocument());
  });

  it("says 'Failed to cancel slot' when the server refuses", async () => {
    const u = userEvent.setup();
    serve({
      'PUT /api/slots/cancel/b1': () => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }),
    });
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Cancel booking for Pet b1/ }));
    expect(await screen.findByText('Failed to cancel slot')).toBeInTheDocument();
  });

  it("says 'Error fetching slots' when the list cannot be loaded", async () => {
    failList = true;
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    expect((await screen.findAllByText('Error fetching slots')).length).toBeGreaterThan(0);
  });

  it('pages with Load more', async () => {
    const u = userEvent.setup();
    serve({
      'GET /api/slots/bookings': (c) =>
        c.url.includes('cursor=next')
          ? { body: [staffBooking('late', { date: '2031-03-05', time: '09:00' })] }
          : c.url.includes('status=overdue')
            ? { body: [] }
            : { body: bookings, headers: { 'x-next-cursor': 'next' } },
    });
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Pet late')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Wed, 5 Mar/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('outcomes of a visit', () => {
  const started = () =>
    staffBooking('v1', {
      status: 'confirmed',
      date: today,
      time: '09:00',
      startsAt: hourAgo(),
      petName: 'Bruno',
      needsOutcome: true,
    });

  it('flags a booking whose time passed without an outcome and lists every such booking on request', async () => {
    const u = userEvent.setup();
    bookings = [started(), staffBooking('b1')];
    const old = staffBooking('old', { status: 'pending', date: addDays(today, -3), needsOutcome: true });
    overdue = [old, started()];
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    const row = await rowOf('Bruno');
    expect(within(row).getByText('Needs outcome')).toBeInTheDocument();
    expect(within(await rowOf('Pet b1')).queryByText('Needs outcome')).not.toBeInTheDocument();

    expect(await screen.findByText(/^2 bookings have passed without an outcome/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Show bookings that need an outcome' }));
    expect(screen.getByLabelText('Status')).toHaveValue('overdue');
    // Every day's, not only from today on.
    expect(await screen.findByText('Pet old')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      formatDay(old.date, today.slice(0, 4)),
      expect.stringMatching(/^Today/),
    ]);
    expect(screen.queryByText(/passed without an outcome/)).not.toBeInTheDocument();
  });

  it('offers Complete visit from the day of a confirmed booking, and No-show only once its time has begun', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    bookings = [
      started(),
      staffBooking('later', { status: 'confirmed', date: today, startsAt: inAnHour, petName: 'Later' }),
      staffBooking('next', { status: 'confirmed', date: addDays(today, 1), startsAt: inADay(), petName: 'Nextday' }),
      staffBooking('pend', { status: 'pending', startsAt: hourAgo(), petName: 'Unconfirmed', needsOutcome: true }),
    ];
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    const row = await rowOf('Bruno');
    expect(within(row).getByRole('button', { name: /^Complete visit for Bruno/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Mark no-show for Bruno/ })).toBeInTheDocument();
    const later = await rowOf('Later');
    expect(within(later).getByRole('button', { name: /^Complete visit for Later/ })).toBeInTheDocument();
    expect(within(later).queryByRole('button', { name: /no-show/i })).not.toBeInTheDocument();
    const next = await rowOf('Nextday');
    expect(within(next).queryByRole('button', { name: /Complete visit|no-show/i })).not.toBeInTheDocument();
    expect(within(next).getByRole('button', { name: /^Cancel booking/ })).toBeInTheDocument();
    const pend = await rowOf('Unconfirmed');
    expect(within(pend).queryByRole('button', { name: /Complete visit|no-show/i })).not.toBeInTheDocument();
    expect(within(pend).getByRole('button', { name: /^Confirm booking/ })).toBeInTheDocument();
  });

  it('records a visit: a next-due reason needs its date, then the notes go to the server', async () => {
    const u = userEvent.setup();
    bookings = [started()];
    let body: unknown;
    const reads = serve({
      'PUT /api/slots/v1/complete': (c) => {
        body = c.body;
        bookings = [
          {
            ...started(),
            status: 'completed',
            needsOutcome: false,
            visit: {
              findings: 'Healthy',
              treatment: null,
              medicines: null,
              weightKg: 12.5,
              nextDueDate: addDays(today, 30),
              nextDueReason: 'Rabies booster',
              recordedByName: 'Front Desk',
              recordedAt: new Date().toISOString(),
            },
          },
        ];
        return { body: bookings[0] };
      },
    });
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Complete visit for Bruno/ }));
    const dialog = screen.getByRole('dialog', { name: 'Complete visit' });
    await u.type(within(dialog).getByLabelText('Findings'), 'Healthy');
    await u.type(within(dialog).getByLabelText('Weight (kg)'), 'heavy');
    await u.type(within(dialog).getByLabelText('Next due for'), 'Rabies booster');
    await u.click(within(dialog).getByRole('button', { name: 'Record visit' }));
    expect(await within(dialog).findByText(BOOKING_MSG.nextDueDateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Weight must be a number of kilograms/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Next due on')).toHaveAttribute('aria-invalid', 'true');
    expect(reads.some((c) => c.method === 'PUT')).toBe(false);

    await u.clear(within(dialog).getByLabelText('Weight (kg)'));
    await u.type(within(dialog).getByLabelText('Weight (kg)'), '12.5');
    await u.type(within(dialog).getByLabelText('Next due on'), addDays(today, 30));
    await u.click(within(dialog).getByRole('button', { name: 'Record visit' }));
    expect(await screen.findByText('Visit recorded.')).toBeInTheDocument();
    expect(body).toEqual({
      findings: 'Healthy',
      treatment: null,
      medicines: null,
      weightKg: 12.5,
      nextDueDate: addDays(today, 30),
      nextDueReason: 'Rabies booster',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const row = await rowOf('Bruno');
    await within(row).findByText('Completed');
    // The record has a panel of its own, opened from the row; the row stays one line of the agenda.
    expect(row).not.toHaveTextContent('12.5 kg');
    const open = within(row).getByRole('button', { name: /^Visit record for Bruno on / });
    expect(within(row).getAllByRole('button')).toEqual([open]);
    await u.click(open);
    const panel = screen.getByRole('dialog', { name: /^Bruno, / });
    const record = within(panel).getByText('Visit record').parentElement!;
    expect(record).toHaveTextContent('Healthy');
    expect(record).toHaveTextContent('12.5 kg');
    expect(record).toHaveTextContent('Rabies booster');
    expect(record).toHaveTextContent('Recorded by Front Desk');
    expect(
      within(panel).queryByRole('button', { name: /Complete visit|no-show|Confirm|Cancel/ }),
    ).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await u.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(open).toHaveFocus();
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const u = userEvent.setup();
    bookings = [started()];
    serve({
      'PUT /api/slots/v1/complete': () => ({
        status: 409,
        body: { error: BOOKING_MSG.outcomeRecorded, message: BOOKING_MSG.outcomeRecorded, code: 'CONFLICT' },
      }),
    });
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    await u.click(await screen.findByRole('button', { name: /^Complete visit for Bruno/ }));
    const dialog = screen.getByRole('dialog', { name: 'Complete visit' });
    await u.type(within(dialog).getByLabelText('Findings'), 'Ear infection');
    await u.click(within(dialog).getByRole('button', { name: 'Record visit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BOOKING_MSG.outcomeRecorded);
    expect(within(dialog).getByLabelText('Findings')).toHaveValue('Ear infection');
  });

  it('asks before marking a no-show, and Keep booking changes nothing', async () => {
    const u = userEvent.setup();
    bookings = [started()];
    const seen = serve({
      'PUT /api/slots/v1/no-show': () => {
        bookings = [{ ...started(), status: 'no_show', needsOutcome: false }];
        return { body: bookings[0] };
      },
    });
    renderApp(<StaffBookingsPage />, { path: '/employee/slots' });
    const open = await screen.findByRole('button', { name: /^Mark no-show for Bruno/ });
    await u.click(open);
    let dialog = screen.getByRole('dialog', { name: 'Mark as no-show?' });
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
    await u.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(seen.some((c) => c.method === 'PUT')).toBe(false);

    await u.click(open);
    dialog = screen.getByRole('dialog', { name: 'Mark as no-show?' });
    await u.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));
    expect(await screen.findByText('Marked as no-show.')).toBeInTheDocument();
    expect(seen.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/slots/v1/no-show']);
    const row = await rowOf('Bruno');
    await within(row).findByText('No-show');
    expect(within(row).queryByText('Needs outcome')).not.toBeInTheDocument();
  });
});

describe('/employee/home', () => {
  it('shows the four counts, completed this week and the no-show rate', async () => {
    renderApp(<EmployeeDashboardPage />, { path: '/employee/home' });
    const pending = await screen.findByText('Waiting for confirmation');
    await waitFor(() => expect(pending.parentElement).toHaveTextContent('4'));
    expect(screen.getByText('Total slots').parentElement).toHaveTextContent('7');
    expect(screen.getByText('Completed this week').parentElement).toHaveTextContent('5');
    expect(screen.getByText('No-show rate').parentElement).toHaveTextContent('13%');
  });

  it("confirms as the schedule does: the hospital-info form, prefilled with the clinic's defaults", async () => {
    const u = userEvent.setup();
    renderApp(<EmployeeDashboardPage />, { path: '/employee/home' });
    const row = await rowOf('Pet b1');
    await u.click(within(row).getByRole('button', { name: /^Confirm booking/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm booking' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(within(dialog).getByLabelText('Hospital name')).toHaveValue('Pawcare Pet Clinic');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('clinic@pawcare.local');
    await u.clear(within(dialog).getByLabelText('Address'));
    await u.type(within(dialog).getByLabelText('Address'), '4 Lake Road');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm and notify' }));
    expect(await screen.findByText('Slot confirmed and notification sent to user!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      hospitalInfo: { ...clinic, address: '4 Lake Road' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a dash for the no-show rate before any outcome was recorded', async () => {
    statsBody = { ...stats, noShowRate: null, completedThisWeek: 0 };
    renderApp(<EmployeeDashboardPage />, { path: '/employee/home' });
    const rate = await screen.findByText('No-show rate');
    await waitFor(() => expect(rate.parentElement).toHaveTextContent('No-show rate—'));
    expect(screen.getByText('Completed this week').parentElement).toHaveTextContent('0');
  });

  it("says 'Failed to confirm slot' when the server refuses", async () => {
    const u = userEvent.setup();
    serve({
      'PUT /api/slots/confirm/b1': () => ({
        status: 409,
        body: { error: BOOKING_MSG.confirmCanceled, code: 'CONFLICT' },
      }),
    });
    renderApp(<EmployeeDashboardPage />, { path: '/employee/home' });
    await u.click(within(await rowOf('Pet b1')).getByRole('button', { name: /^Confirm booking/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm booking' });
    await u.click(within(dialog).getByRole('button', { name: 'Confirm and notify' }));
    expect(await screen.findByText('Failed to confirm slot')).toBeInTheDocument();
    // The form stays, with what staff checked, for another try.
    expect(within(dialog).getByLabelText('Hospital name')).toHaveValue('Pawcare Pet Clinic');
  });
});

describe('the week view', () => {
  /** The week's grid: the table of days by times. */
  const grid = () => screen.getByRole('table', { name: /^Bookings, Week of / });
  /** The grid's cell of a day (its column header) and a time (its row header). */
  const cell = (day: string, time: string) => {
    const columns = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    const row = within(grid()).getByRole('rowheader', { name: time }).closest('tr')!;
    return within(row).getAllByRole('cell')[columns.findIndex((c) => c.startsWith(day)) - 1]!;
  };

  it('shows the week as days by the clinic times, each booking a button, and moves from week to week', async () => {
    const u = userEvent.setup();
    bookings = [
      staffBooking('b1'),
      staffBooking('b2', { status: 'confirmed', date: '2031-03-06', time: '15:30', petName: 'Bruno' }),
      staffBooking('late', { date: '2031-03-10', time: '09:00', petName: 'Next Monday' }),
    ];
    renderApp(
      <>
        <StaffBookingsPage />
        <SearchProbe />
      </>,
      { path: '/employee/slots', at: '/employee/slots?view=week&week=2031-03-05' },
    );
    // Any day of a week names that week, Monday to Sunday.
    expect(await screen.findByRole('heading', { name: /^Week of Mon, 3 Mar 2031 to Sun, 9 Mar 2031$/ })).toBeVisible();
    await within(grid()).findByRole('button', { name: /^Pet b1, Pet Health Checkup, Pending/ });
    expect(agendaCalls().at(-1)!.url).toContain('from=2031-03-03');
    expect(agendaCalls().at(-1)!.url).toContain('sort=appointment');
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'false');

    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Time',
      'Mon, 3 Mar 2031',
      'Tue, 4 Mar 2031',
      'Wed, 5 Mar 2031',
      'Thu, 6 Mar 2031',
      'Fri, 7 Mar 2031',
      'Sat, 8 Mar 2031',
      'Sun, 9 Mar 2031',
    ]);
    const rows = within(grid())
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rows[0]).toBe('09:00');
    expect(rows.at(-1)).toBe('17:30');
    expect(within(cell('Tue, 4 Mar', '10:00')).getByRole('button')).toHaveTextContent('Pet b1');
    expect(within(cell('Thu, 6 Mar', '15:30')).getByRole('button')).toHaveTextContent(/Bruno.*Confirmed/);
    expect(within(cell('Mon, 3 Mar', '10:00')).queryByRole('button')).not.toBeInTheDocument();
    // Next Monday's booking came with the page but belongs to the next week.
    expect(within(grid()).queryByText('Next Monday')).not.toBeInTheDocument();
    expect(screen.getByText('2 bookings this week')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByTestId('search')).toHaveTextContent('view=week&week=2031-03-10');
    await waitFor(() => expect(agendaCalls().at(-1)!.url).toContain('from=2031-03-10'));
    expect(await within(grid()).findByText('Next Monday')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Week of Mon, 10 Mar 2031/ })).toBeInTheDocument();
  });

  it('switches between the list and the week, keeping the filters', async () => {
    const u = userEvent.setup();
    renderApp(
      <>
        <StaffBookingsPage />
        <SearchProbe />
      </>,
      { path: '/employee/slots', at: `/employee/slots?serviceId=${CHECKUP}` },
    );
    await screen.findByRole('table', { name: /^Bookings, / });
    expect(screen.queryByRole('heading', { name: /^Week of / })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByTestId('search')).toHaveTextContent(`?serviceId=${CHECKUP}&view=week`);
    expect(await screen.findByRole('heading', { name: /^Week of / })).toBeInTheDocument();
    await waitFor(() => expect(agendaCalls().at(-1)!.url).toContain(`serviceId=${CHECKUP}`));
    // The week picks its own days.
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Status'), 'Pending');
    expect(screen.getByTestId('search')).toHaveTextContent(`?status=pending&serviceId=${CHECKUP}&view=week`);

    await u.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByTestId('search')).toHaveTextContent(`?status=pending&serviceId=${CHECKUP}`);
    expect(screen.getByLabelText('Day')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Week of / })).not.toBeInTheDocument();
  });

  it("opens a booking's panel from the keyboard, and Confirm there asks for the hospital info", async () => {
    const u = userEvent.setup();
    renderApp(<StaffBookingsPage />, { path: '/employee/slots', at: '/employee/slots?view=week&week=2031-03-03' });
    const chip = await within(grid()).findByRole('button', { name: /^Pet b1, / });
    chip.focus();
    await u.keyboard('{Enter}');
    const panel = screen.getByRole('dialog', { name: 'Pet b1, Tue, 4 Mar 2031 at 10:00' });
    expect(panel).toHaveTextContent('Pet Health Checkup, 10:00 to 10:30');
    expect(panel).toHaveTextContent('Pending');
    expect(within(panel).getByRole('link', { name: '9123456780' })).toHaveAttribute('href', 'tel:9123456780');
    expect(panel).toHaveTextContent('meera@example.com');
    expect(await axeViolations()).toEqual([]);
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chip).toHaveFocus();

    await u.keyboard('{Enter}');
    await u.click(
      within(screen.getByRole('dialog', { name: /^Pet b1/ })).getByRole('button', {
        name: /^Confirm booking for Pet b1/,
      }),
    );
    const form = screen.getByRole('dialog', { name: 'Confirm booking' });
    expect(screen.queryByRole('dialog', { name: /^Pet b1/ })).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Hospital name')).toHaveValue('Pawcare Pet Clinic');
    await u.click(within(form).getByRole('button', { name: 'Confirm and notify' }));
    expect(await screen.findByText('Slot confirmed and notification sent to user!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ hospitalInfo: clinic });
    // The week shows it confirmed, from the server's answer.
    expect(
      await within(grid()).findByRole('button', { name: /^Pet b1, Pet Health Checkup, Confirmed/ }),
    ).toBeInTheDocument();
  });
});
