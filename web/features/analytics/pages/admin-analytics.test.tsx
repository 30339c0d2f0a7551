import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { eachDay, lastDays, type Analytics } from '#shared/analytics';
import { todayIn } from '#shared/dates';
import { axeViolations } from '../../../test/axe.ts';
import {
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils.tsx';
import AdminAnalyticsPage from './admin-analytics.tsx';

const CONFIG = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '1 Park Street', phone: '+91 33 4000 1234', email: 'c@p.test', hours: '' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};
const CHECKUP = 'svc-checkup';
const TRAINING = 'svc-training';

/** The server's figures for a range: a few bookings, orders and chat waits on its first two days. */
function figures(from: string, to: string, over: Partial<Analytics> = {}): Analytics {
  const days = eachDay(from, to);
  const [d1, d2] = [days[0]!, days[1] ?? days[0]!];
  return {
    from,
    to,
    timeZone: 'Asia/Kolkata',
    bookingsPerDay: [
      { date: d1, serviceId: CHECKUP, serviceName: 'Pet Health Checkup', status: 'completed', count: 3 },
      { date: d1, serviceId: CHECKUP, serviceName: 'Pet Health Checkup', status: 'no_show', count: 1 },
      { date: d2, serviceId: TRAINING, serviceName: 'Pet Training', status: 'canceled', count: 2 },
    ],
    visits: { completed: 3, noShow: 1, noShowRate: 0.25 },
    revenuePerDay: days.map((date) =>
      date === d1 ? { date, orders: 2, amount: 1250.5, paid: 250.5 } : { date, orders: 0, amount: 0, paid: 0 },
    ),
    revenuePerCategory: [
      { category: 'Food', quantity: 4, amount: 1000 },
      { category: 'Toys', quantity: 1, amount: 250.5 },
    ],
    topProducts: [
      { productId: 1, name: 'Dog Food, "Premium"', quantity: 4, revenue: 1000 },
      { productId: 2, name: '=Cat Toy', quantity: 1, revenue: 250.5 },
    ],
    ordersByPaymentStatus: [
      { paymentStatus: 'unpaid', count: 1, amount: 1000 },
      { paymentStatus: 'paid', count: 1, amount: 250.5 },
      { paymentStatus: 'refund_due', count: 1, amount: 99 },
      { paymentStatus: 'refunded', count: 0, amount: 0 },
    ],
    chatFirstResponse: {
      waits: 3,
      answered: 2,
      medianSeconds: 150,
      p90Seconds: 3720,
      perDay: days.map((date) =>
        date === d1
          ? { date, waits: 3, answered: 2, medianSeconds: 150 }
          : { date, waits: 0, answered: 0, medianSeconds: null },
      ),
    },
    ...over,
  };
}

let calls: FetchCall[];
let answer: (from: string, to: string) => FakeAnswer;

beforeEach(() => {
  storeSignedIn(makeUser({ role: 'admin', name: 'Clinic Admin' }));
  answer = (from, to) => ({ body: figures(from, to) });
  calls = fakeServer({
    'GET /api/config': () => ({ body: CONFIG }),
    'GET /api/analytics': (c) => {
      const q = new URL(c.url, 'http://x').searchParams;
      return answer(q.get('from')!, q.get('to')!);
    },
  });
});

const analyticsCalls = () =>
  calls.filter((c) => c.url.startsWith('/api/analytics')).map((c) => new URL(c.url, 'http://x').search);

async function openPage(at = '/admin/analytics') {
  renderApp(<AdminAnalyticsPage />, { path: '/admin/analytics', at });
  // The first render draws six charts: a loaded machine takes a while.
  await screen.findByRole('heading', { name: 'Bookings per day' }, { timeout: 10_000 });
}

/** The decoded CSV behind a figure's Download CSV link, and the file name it downloads as. */
function csvOf(figure: string) {
  const link = screen.getByRole('link', { name: `Download CSV of ${figure.toLowerCase()}` });
  const href = link.getAttribute('href')!;
  expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
  const text = decodeURIComponent(href.slice('data:text/csv;charset=utf-8,'.length));
  expect(text.startsWith('\uFEFF')).toBe(true);
  return { text: text.slice(1), file: link.getAttribute('download') };
}

describe('/admin/analytics', () => {
  it('shows the last 30 clinic days by default, with the headline figures', async () => {
    await openPage();
    const { from, to } = lastDays(todayIn('Asia/Kolkata'), 30);
    expect(analyticsCalls()).toEqual([`?from=${from}&to=${to}`]);
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;
    expect(within(figure('Bookings')).getByText('6')).toBeInTheDocument();
    expect(within(figure('Bookings')).getByText('2 of them canceled')).toBeInTheDocument();
    expect(within(figure('Completed visits')).getByText('3')).toBeInTheDocument();
    expect(within(figure('No-show rate')).getByText('25%')).toBeInTheDocument();
    expect(within(figure('Revenue')).getByText('₹1,250.50')).toBeInTheDocument();
    expect(within(figure('Orders')).getByText('3')).toBeInTheDocument();
    expect(within(figure('Median first response')).getByText('2 min 30 s')).toBeInTheDocument();
    expect(within(figure('Median first response')).getByText('9 in 10 within 1 h 2 min')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 30 days', pressed: true })).toBeInTheDocument();
  });

  it('describes each chart in words and keeps its numbers in a table', async () => {
    const user = userEvent.setup();
    await openPage();
    expect(screen.getByRole('img', { name: /^Bookings per day from .*: 6 in all, most on .* \(4\)\./ })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Bookings per day' });
    expect(table).not.toBeVisible();
    const region = screen.getByRole('region', { name: 'Bookings per day' });
    await user.click(within(region).getByText('Show table'));
    expect(table).toBeVisible();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Day', 'Pet Health Checkup', 'Pet Training', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(31); // a header and every one of the 30 days

    // Split by status instead: the chart and the table follow.
    await user.click(screen.getByRole('button', { name: 'By status' }));
    expect(
      within(screen.getByRole('table', { name: 'Bookings per day' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Completed', 'No-show', 'Canceled', 'Total']);
  });

  it('downloads each table as a CSV file named by the range, with a header row and escaped text', async () => {
    await openPage();
    const { from, to } = lastDays(todayIn('Asia/Kolkata'), 30);
    const products = csvOf('Top products');
    expect(products.file).toBe(`pawcare-top-products-${from}-to-${to}.csv`);
    expect(products.text).toBe(
      'Product,Units,Revenue (INR)\r\n"Dog Food, ""Premium""",4,1000.00\r\n\'=Cat Toy,1,250.50\r\n',
    );
    const revenue = csvOf('Revenue per day').text.split('\r\n');
    expect(revenue[0]).toBe('Date,Orders,Revenue (INR),Paid (INR)');
    expect(revenue[1]).toBe(`${from},2,1250.50,250.50`);
    expect(revenue).toHaveLength(32); // header, 30 days, and the final line end
    expect(csvOf('Chat first response').text.split('\r\n')[1]).toBe(`${from},3,2,150`);
    expect(csvOf('Bookings per day').file).toBe(`pawcare-bookings-per-day-by-service-${from}-to-${to}.csv`);
  });

  it('asks for the range chosen, and checks a custom range before asking', async () => {
    const user = userEvent.setup();
    await openPage();
    const today = todayIn('Asia/Kolkata');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(analyticsCalls().at(-1)).toBe(`?from=${lastDays(today, 7).from}&to=${today}`));
    expect(await screen.findByRole('button', { name: 'Last 7 days', pressed: true })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    const fromField = within(form).getByLabelText('From');
    const toField = within(form).getByLabelText('To');
    await waitFor(() => expect(fromField).toHaveFocus());
    await user.clear(fromField);
    await user.type(fromField, '2025-03-10');
    await user.clear(toField);
    await user.type(toField, '2025-03-01');
    const before = analyticsCalls().length;
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(toField).toHaveAccessibleDescription('The last day must be on or after the first day.');
    expect(toField).toHaveFocus();
    await user.clear(toField);
    await user.type(toField, '2030-03-11');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(toField).toHaveAccessibleDescription('Choose a range of at most five years (1827 days).');
    expect(analyticsCalls()).toHaveLength(before);

    await user.clear(toField);
    await user.type(toField, '2025-03-12');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(analyticsCalls().at(-1)).toBe('?from=2025-03-10&to=2025-03-12'));
    expect(await screen.findByText(/Mon, 10 Mar 2025 to Wed, 12 Mar 2025/)).toBeInTheDocument();
  });

  it('says so when the range holds no bookings or orders', async () => {
    answer = (from, to) => ({
      body: figures(from, to, {
        bookingsPerDay: [],
        visits: { completed: 0, noShow: 0, noShowRate: null },
        revenuePerDay: eachDay(from, to).map((date) => ({ date, orders: 0, amount: 0, paid: 0 })),
        revenuePerCategory: [],
        topProducts: [],
        ordersByPaymentStatus: (['unpaid', 'paid', 'refund_due', 'refunded'] as const).map((paymentStatus) => ({
          paymentStatus,
          count: 0,
          amount: 0,
        })),
      }),
    });
    await openPage();
    expect(screen.getByText('No bookings in this range')).toBeInTheDocument();
    expect(screen.getAllByText('No orders in this range')).toHaveLength(3);
    expect(screen.getByText('No products sold in this range')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download CSV of bookings/ })).not.toBeInTheDocument();
    expect(screen.getByText('—', { selector: 'dd' })).toBeInTheDocument(); // no-show rate of no outcomes
  });

  it("shows the server's message when the figures cannot be loaded, and loads them again on request", async () => {
    const user = userEvent.setup();
    answer = () => ({
      status: 400,
      body: { error: 'Choose a range of at most five years (1827 days).', code: 'VALIDATION' },
    });
    renderApp(<AdminAnalyticsPage />, { path: '/admin/analytics' });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Choose a range of at most five years (1827 days).',
    );
    answer = (from, to) => ({ body: figures(from, to) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Bookings per day' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('opens on a range given in the address', async () => {
    await openPage('/admin/analytics?from=2025-03-01&to=2025-03-03');
    expect(analyticsCalls()).toEqual(['?from=2025-03-01&to=2025-03-03']);
    expect(screen.getByRole('button', { name: 'Custom range', pressed: true })).toBeInTheDocument();
  });

  it('has no axe violations, tables open or closed', async () => {
    const user = userEvent.setup();
    await openPage();
    expect(await axeViolations()).toEqual([]);
    for (const summary of screen.getAllByText('Show table')) await user.click(summary);
    expect(await axeViolations()).toEqual([]);
  });
});
