import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_CHANGED_EVENT, type Order } from '#shared/orders';
import { RESYNC_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../../lib/socket.ts';
import { axeViolations } from '../../../test/axe.ts';
import { makeOrder } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import EmployeeOrdersPage from './employee-orders.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

/** Order `n` (its number starts with A00000n), placed at n o'clock on 1 March 2026. */
const order = (n: number, over: Partial<Order> = {}) =>
  makeOrder({
    id: `a00000${n}0-0000-4000-8000-00000000000${n}`,
    customerName: `Customer ${n}`,
    createdAt: `2026-03-01T${String(n).padStart(2, '0')}:00:00.000Z`,
    ...over,
  });
const numberOf = (n: number) => order(n).number;

let orders: Order[];
let calls: FetchCall[];

beforeEach(() => {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Front Desk' }));
  orders = [order(2), order(1)];
  calls = fakeServer({
    'GET /api/orders': (c) => {
      const query = new URL(c.url, 'http://x').searchParams;
      const status = query.get('status');
      const paymentStatus = query.get('paymentStatus');
      return {
        body: orders.filter(
          (o) => (!status || o.status === status) && (!paymentStatus || o.paymentStatus === paymentStatus),
        ),
      };
    },
    [`PUT /api/orders/${order(2).id}/status`]: (c) => {
      const { status } = c.body as { status: Order['status'] };
      orders = orders.map((o) => (o.id === order(2).id ? { ...o, status } : o));
      return { body: orders.find((o) => o.id === order(2).id) };
    },
    '*': (c) => {
      const m = /^\/api\/orders\/([^/]+)\/payment$/.exec(c.url);
      if (c.method !== 'PUT' || !m) return undefined;
      const { status } = c.body as { status: 'paid' | 'refunded' };
      const paidAt = status === 'paid' ? '2026-03-02T09:30:00.000Z' : undefined;
      orders = orders.map((o) => (o.id === m[1] ? { ...o, paymentStatus: status, ...(paidAt ? { paidAt } : {}) } : o));
      return { body: orders.find((o) => o.id === m[1]) };
    },
  });
});

/** The orders page at `at`, connected to the fake socket. */
async function openOrders(at = '/employee/orders') {
  renderApp(
    <SocketProvider>
      <EmployeeOrdersPage />
    </SocketProvider>,
    { path: '/employee/orders', at },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return lastSocket()!;
}

/** The order numbers on screen, top to bottom. */
const shown = () => screen.queryAllByRole('rowheader').map((h) => `Order ${h.textContent}`);
const listReads = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/orders')).length;
const listQueries = () =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/orders'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
const payments = () =>
  calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/payment')).map((c) => [c.url, c.body]);
/** The compact row of order `n`. */
const row = (n: number) => screen.getByRole('rowheader', { name: numberOf(n) }).closest('tr')!;
const detailsButton = (n: number) => screen.getByRole('button', { name: `Details of order ${numberOf(n)}` });
/** The details of order `n`, opened from its row when they are not open yet. */
const card = (n: number) => {
  const toggle = detailsButton(n);
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  return screen.getByRole('region', { name: `Order ${numberOf(n)}` });
};
const button = (label: string, n: number) =>
  within(card(n)).getByRole('button', { name: new RegExp(`^${label}\\s*${numberOf(n)}$`) });

describe('/employee/orders live', () => {
  it('puts a new order on top and drops one that leaves the status shown, from the events alone', async () => {
    const socket = await openOrders('/employee/orders?status=placed');
    await waitFor(() => expect(shown()).toEqual([`Order ${numberOf(2)}`, `Order ${numberOf(1)}`]));

    act(() => socket.serverSends(ORDER_CHANGED_EVENT, { order: order(3), kind: 'placed' }));
    act(() => socket.serverSends(ORDER_CHANGED_EVENT, { order: order(1, { status: 'confirmed' }), kind: 'status' }));
    await waitFor(() => expect(shown()).toEqual([`Order ${numberOf(3)}`, `Order ${numberOf(2)}`]));
    expect(await screen.findByText(new RegExp(`^New order ${numberOf(3)} from Customer 3`))).toBeInTheDocument();
    expect(listReads()).toBe(1);
  });

  it("takes staff's own change from the server's answer: a confirmed order leaves the placed list", async () => {
    const u = userEvent.setup();
    await openOrders('/employee/orders?status=placed');
    await waitFor(() => expect(shown()).toHaveLength(2));
    await u.click(button('Confirm', 2));
    await waitFor(() => expect(shown()).toEqual([`Order ${numberOf(1)}`]));
    expect(await screen.findByText(`Order ${numberOf(2)} is now confirmed`)).toBeInTheDocument();
    expect(listReads()).toBe(1);
  });

  it('changes an order in place on the list of every order', async () => {
    const socket = await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));
    const details = card(1);
    act(() => socket.serverSends(ORDER_CHANGED_EVENT, { order: order(1, { status: 'shipped' }), kind: 'status' }));
    expect(
      await within(details).findByRole('button', { name: new RegExp(`^Mark delivered\\s*${numberOf(1)}$`) }),
    ).toBeInTheDocument();
    expect(shown()).toEqual([`Order ${numberOf(2)}`, `Order ${numberOf(1)}`]);
    expect(listReads()).toBe(1);
  });

  it('loads the list again after a resync, a reconnect, and when the tab comes back', async () => {
    const socket = await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));

    orders = [order(3), ...orders];
    act(() => socket.serverSends(RESYNC_EVENT));
    await waitFor(() => expect(shown()).toHaveLength(3));

    orders = [order(4), ...orders];
    act(() => socket.serverSends('disconnect', 'transport close'));
    act(() => socket.serverSends('connect'));
    await waitFor(() => expect(shown()).toHaveLength(4));

    orders = [order(5), ...orders];
    act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await waitFor(() => expect(shown()).toHaveLength(5));
  });
});

describe('/employee/orders rows', () => {
  it('shows each order as one compact row, its details a click away, opened and closed from the keyboard', async () => {
    const u = userEvent.setup();
    orders = [
      order(2, {
        customerEmail: 'meera.longname-household@example.com',
        paymentReference: '123456789012',
        items: [
          {
            productId: 1,
            name: 'Dog Food 5 kg',
            image: null,
            unitPrice: 1000,
            discount: 0,
            quantity: 1,
            lineTotal: 1000,
          },
          { productId: 4, name: 'Chew Toy', image: null, unitPrice: 200, discount: 0, quantity: 1, lineTotal: 200 },
        ],
      }),
      order(1),
    ];
    await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Customer', 'Total', 'Status', 'Payment', 'Placed', 'Details']);
    const compact = row(2);
    expect(compact).toHaveTextContent('Customer 2');
    expect(compact).toHaveTextContent('meera.longname-household@example.com');
    expect(compact).toHaveTextContent('₹1,200.00');
    expect(compact).toHaveTextContent('Placed');
    expect(compact).toHaveTextContent('Unpaid');
    expect(compact).toHaveTextContent('UPI/QR');
    // The lines, the address, the reference and the buttons wait behind Details.
    expect(screen.queryByText('Chew Toy')).not.toBeInTheDocument();
    expect(screen.queryByText('UTR 123456789012')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark paid/ })).not.toBeInTheDocument();

    const toggle = detailsButton(2);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await u.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('region', { name: `Order ${numberOf(2)}` });
    expect(toggle).toHaveAttribute('aria-controls', details.id);
    expect(details).toHaveTextContent('Chew Toy');
    expect(details).toHaveTextContent('12 Lake Road');
    expect(within(details).getByText('UTR 123456789012')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: new RegExp(`^Mark paid\\s*${numberOf(2)}$`) })).toBeVisible();
    // Only that order's.
    expect(screen.queryByRole('region', { name: `Order ${numberOf(1)}` })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await u.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: `Order ${numberOf(2)}` })).not.toBeInTheDocument();
  });
});

describe('/employee/orders payments', () => {
  it('filters by payment status as well as fulfilment status, in the address and in the request', async () => {
    const u = userEvent.setup();
    orders = [
      order(3, { status: 'cancelled', paymentStatus: 'refund_due', cancelledBy: 'customer' }),
      order(2, { paymentStatus: 'paid' }),
      order(1),
    ];
    await openOrders('/employee/orders?status=cancelled&paymentStatus=refund_due');
    await waitFor(() => expect(shown()).toEqual([`Order ${numberOf(3)}`]));
    expect(screen.getByLabelText('Payment')).toHaveValue('refund_due');
    expect(listQueries()[0]).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due' });

    await u.selectOptions(screen.getByLabelText('Status'), 'All orders');
    await u.selectOptions(screen.getByLabelText('Payment'), 'Unpaid');
    await waitFor(() => expect(shown()).toEqual([`Order ${numberOf(1)}`]));
    expect(listQueries().at(-1)).toMatchObject({ paymentStatus: 'unpaid' });
    expect(listQueries().at(-1)).not.toHaveProperty('status');

    await u.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    expect(await screen.findByText('No shipped orders marked unpaid')).toBeInTheDocument();
  });

  it("shows each order's payment: its status, the UPI reference or that none came yet, and cash on delivery", async () => {
    orders = [
      order(3, { paymentMethod: 'cod' }),
      order(2, { paymentReference: '123456789012' }),
      order(1, { status: 'cancelled', cancelledBy: 'customer' }),
    ];
    await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(within(card(2)).getByText('UTR 123456789012')).toBeInTheDocument();
    expect(within(row(2)).getByText('Unpaid')).toBeInTheDocument();
    expect(within(card(1)).getByText('No reference yet')).toBeInTheDocument();
    expect(within(card(1)).getByText('This order was canceled by the customer.')).toBeInTheDocument();
    expect(within(card(1)).queryByRole('button', { name: /^Mark paid/ })).not.toBeInTheDocument();
    expect(within(card(3)).getByText('To be paid on delivery.')).toBeInTheDocument();
    expect(within(card(3)).queryByText(/UTR|No reference yet/)).not.toBeInTheDocument();
    expect(within(card(3)).getByRole('button', { name: /^Mark paid/ })).toBeInTheDocument();
  });

  it('marks a UPI order paid after showing the UTR to check, and changes its row in place', async () => {
    const u = userEvent.setup();
    orders = [order(2, { paymentReference: '123456789012' }), order(1)];
    await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));

    const markPaid = button('Mark paid', 2);
    await u.click(markPaid);
    let dialog = screen.getByRole('dialog', { name: `Mark order ${numberOf(2)} paid?` });
    expect(dialog).toHaveAccessibleDescription(/bank statement shows this UPI transaction for ₹1,200\.00/);
    expect(within(dialog).getByText('UTR 123456789012')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(markPaid).toHaveFocus();
    expect(payments()).toEqual([]);

    await u.click(markPaid);
    dialog = screen.getByRole('dialog', { name: `Mark order ${numberOf(2)} paid?` });
    await u.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(`Order ${numberOf(2)} is marked paid`)).toBeInTheDocument();
    expect(payments()).toEqual([[`/api/orders/${order(2).id}/payment`, { status: 'paid' }]]);
    expect(within(row(2)).getByText('Paid')).toBeInTheDocument();
    expect(within(card(2)).getByText(/^Marked paid on Mon, 2 Mar 2026 at \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(card(2)).queryByRole('button', { name: /^Mark paid/ })).not.toBeInTheDocument();
    expect(listReads()).toBe(1);
  });

  it('asks for the money in hand before marking a cash order paid, and drops it from the unpaid list', async () => {
    const u = userEvent.setup();
    orders = [order(2, { paymentMethod: 'cod', status: 'delivered' }), order(1)];
    await openOrders('/employee/orders?paymentStatus=unpaid');
    await waitFor(() => expect(shown()).toHaveLength(2));
    await u.click(button('Mark paid', 2));
    const dialog = screen.getByRole('dialog', { name: `Mark order ${numberOf(2)} paid?` });
    expect(dialog).toHaveAccessibleDescription(
      'Cash on Delivery: mark it paid once ₹1,200.00 has been collected from Customer 2.',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(shown()).toEqual([`Order ${numberOf(1)}`]));
    expect(listReads()).toBe(1);
  });

  it('records a refund given for a paid order the customer canceled', async () => {
    const u = userEvent.setup();
    orders = [order(2, { status: 'cancelled', paymentStatus: 'refund_due', cancelledBy: 'customer' }), order(1)];
    await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(within(row(2)).getByText('Refund due')).toBeInTheDocument();
    expect(within(card(2)).getByText('This order was canceled by the customer.')).toBeInTheDocument();
    expect(within(card(2)).getByText('Refund ₹1,200.00 to the customer.')).toBeInTheDocument();

    await u.click(button('Refund given', 2));
    const dialog = screen.getByRole('dialog', { name: `Refund given for order ${numberOf(2)}?` });
    expect(dialog).toHaveAccessibleDescription(/₹1,200\.00 has been paid back to Customer 2/);
    await u.click(within(dialog).getByRole('button', { name: 'Refund given' }));
    expect(await screen.findByText(`Refund recorded for order ${numberOf(2)}`)).toBeInTheDocument();
    expect(payments()).toEqual([[`/api/orders/${order(2).id}/payment`, { status: 'refunded' }]]);
    expect(within(row(2)).getByText('Refunded')).toBeInTheDocument();
    expect(within(card(2)).queryByRole('button', { name: /^Refund given/ })).not.toBeInTheDocument();
    expect(within(card(2)).queryByText(/^Refund ₹/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal in a toast and loads the list again", async () => {
    const u = userEvent.setup();
    calls = fakeServer({
      'GET /api/orders': () => ({ body: orders }),
      [`PUT /api/orders/${order(2).id}/payment`]: () => {
        orders = [order(2, { status: 'cancelled', cancelledBy: 'customer' }), order(1)];
        return { status: 409, body: { error: 'This order is canceled', code: 'CONFLICT' } };
      },
    });
    await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));
    await u.click(button('Mark paid', 2));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('This order is canceled')).toBeInTheDocument();
    expect(await within(card(2)).findByText('This order was canceled by the customer.')).toBeInTheDocument();
    expect(listReads()).toBe(2);
  });

  it('shows a UTR the customer enters and a cancellation by the customer as they happen', async () => {
    const socket = await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(within(card(2)).getByText('No reference yet')).toBeInTheDocument();

    act(() =>
      socket.serverSends(ORDER_CHANGED_EVENT, {
        order: order(2, { paymentReference: '987654321098' }),
        kind: 'payment',
      }),
    );
    expect(await within(card(2)).findByText('UTR 987654321098')).toBeInTheDocument();
    expect(await screen.findByText(`Order ${numberOf(2)}: Customer 2 entered UTR 987654321098`)).toBeInTheDocument();

    act(() =>
      socket.serverSends(ORDER_CHANGED_EVENT, {
        order: order(1, { status: 'cancelled', cancelledBy: 'customer' }),
        kind: 'cancelled',
      }),
    );
    expect(await within(card(1)).findByText('This order was canceled by the customer.')).toBeInTheDocument();
    expect(await screen.findByText(`Order ${numberOf(1)} was canceled by Customer 1`)).toBeInTheDocument();
    expect(within(card(1)).queryByRole('button')).not.toBeInTheDocument();
    expect(listReads()).toBe(1);
  });
});

describe('/employee/orders accessibility', () => {
  it('has no serious axe violations, with orders to settle and the Mark paid question open', async () => {
    const u = userEvent.setup();
    orders = [
      order(3, { status: 'cancelled', paymentStatus: 'refund_due', cancelledBy: 'customer' }),
      order(2, { paymentReference: '123456789012' }),
      order(1, {
        paymentMethod: 'cod',
        status: 'delivered',
        paymentStatus: 'paid',
        paidAt: '2026-03-02T09:30:00.000Z',
      }),
    ];
    await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(await axeViolations()).toEqual([]);
    await u.click(button('Mark paid', 2));
    screen.getByRole('dialog', { name: `Mark order ${numberOf(2)} paid?` });
    expect(await axeViolations()).toEqual([]);
  });
});
