import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '#shared/dates';
import { ORDER_CHANGED_EVENT, ORDER_MSG, type Order } from '#shared/orders';
import { SocketProvider } from '../../../lib/socket.ts';
import { axeViolations } from '../../../test/axe.ts';
import { makeOrder } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FakeHandler } from '../../../test/utils.tsx';
import OrderPage from './order.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const CONFIG = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '1 Park Street', phone: '+91 33 4000 1234', email: 'c@p.test', hours: '' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

const ORDER = makeOrder({
  items: [
    {
      productId: 3,
      name: 'Cat Toy',
      image: '/images/products/3.svg',
      unitPrice: 300,
      discount: 5,
      quantity: 2,
      lineTotal: 570,
    },
    {
      productId: 12,
      name: 'Soft Pet Bed - Large',
      image: null,
      unitPrice: 2500,
      discount: 25,
      quantity: 1,
      lineTotal: 1875,
    },
  ],
  total: 2445,
});
const PATH = `/api/orders/${ORDER.id}`;

/** The server holding one order; `extra` adds endpoints or replaces these. */
function orderServer(order: Order, extra: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/config': () => ({ body: CONFIG }),
    [`GET ${PATH}`]: () => ({ body: order }),
    ...extra,
  });
}

/** The order's page; `placed` opens it as checkout does, right after the order was placed. */
function renderOrder({ placed = false, id = ORDER.id } = {}) {
  storeSignedIn(makeUser());
  return renderApp(
    <SocketProvider>
      <OrderPage />
    </SocketProvider>,
    {
      path: '/customer/my-orders/:id',
      at: placed ? '/placed' : `/customer/my-orders/${id}`,
      routes: {
        '/placed': <Navigate to={`/customer/my-orders/${id}`} state={{ placed: true }} />,
        '/customer/my-orders': <p>My orders list</p>,
      },
    },
  );
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section')!;
const pageAlert = (text: string) =>
  screen.getAllByRole('alert').find((a) => !a.closest('.Toastify') && a.textContent?.includes(text));

describe('/customer/my-orders/:id', () => {
  it('right after checkout thanks the customer and shows the whole order', async () => {
    orderServer(ORDER);
    renderOrder({ placed: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you, your order is placed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Your order number is ${ORDER.number}.`, { exact: false })).toBeInTheDocument();
    // 10:00 UTC is 15:30 at the clinic.
    expect(await screen.findByText('Sun, 1 Mar 2026 at 15:30')).toBeInTheDocument();

    const items = section('Items');
    expect(within(items).getByRole('link', { name: 'Cat Toy' })).toHaveAttribute('href', '/customer/product/3');
    expect(items).toHaveTextContent('2 × ₹300.00 − 5%');
    expect(items).toHaveTextContent('₹570.00');
    expect(items).toHaveTextContent('1 × ₹2,500.00 − 25%');
    expect(items).toHaveTextContent('₹2,445.00');
    expect(section('Delivery address')).toHaveTextContent('12 Lake Road, , Kolkata, West Bengal 700001, India');
    expect(section('Payment')).toHaveTextContent('UPI/QR');
    expect(section('Payment')).toHaveTextContent('Unpaid');

    const progress = screen.getByRole('list', { name: 'Order progress' });
    expect(
      within(progress)
        .getByText(/Placed/)
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    expect(progress).toHaveTextContent('Confirmed (to come)');
  });

  it('opened later, is headed by the order number', async () => {
    orderServer(ORDER);
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${ORDER.number}` })).toBeInTheDocument();
    expect(screen.queryByText('Thank you, your order is placed')).not.toBeInTheDocument();
  });

  it('follows the order live: staff ship it and the page moves on, with no request', async () => {
    const calls = orderServer(ORDER);
    renderOrder();
    await screen.findByRole('button', { name: 'Cancel order' });
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));

    // The order just placed is heard of again: it is as shown, so nothing is said twice.
    act(() => lastSocket()!.serverSends(ORDER_CHANGED_EVENT, { order: ORDER, kind: 'placed' }));
    expect(screen.queryByText(`Order ${ORDER.number}: placed.`)).not.toBeInTheDocument();

    act(() =>
      lastSocket()!.serverSends(ORDER_CHANGED_EVENT, { order: { ...ORDER, status: 'shipped' }, kind: 'status' }),
    );
    const progress = screen.getByRole('list', { name: 'Order progress' });
    await waitFor(() =>
      expect(
        within(progress)
          .getByText(/Shipped/)
          .closest('li'),
      ).toHaveAttribute('aria-current', 'step'),
    );
    expect(screen.getByText(`Order ${ORDER.number}: shipped.`)).toBeInTheDocument();
    // Shipped: too late to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === PATH)).toHaveLength(1);

    // Another order's event changes nothing here.
    act(() =>
      lastSocket()!.serverSends(ORDER_CHANGED_EVENT, {
        order: makeOrder({ id: 'c3000000-0000-4000-8000-000000000003', status: 'delivered' }),
        kind: 'status',
      }),
    );
    expect(
      within(progress)
        .getByText(/Shipped/)
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
  });

  it('says when live updates are away, and loads the order again once they are back', async () => {
    let current: Order = ORDER;
    const calls = orderServer(ORDER, { [`GET ${PATH}`]: () => ({ body: current }) });
    renderOrder();
    await screen.findByRole('button', { name: 'Cancel order' });
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    act(() => lastSocket()!.serverSends('disconnect', 'transport close'));
    expect(
      await screen.findByText('Reconnecting… This order catches up once the connection is back.'),
    ).toBeInTheDocument();

    // Confirmed while the connection was away: the event was missed, the reload after the reconnect brings it.
    current = { ...ORDER, status: 'confirmed' };
    act(() => lastSocket()!.serverSends('connect'));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Order progress' })).toHaveTextContent('Confirmed (current)'),
    );
    expect(screen.queryByText(/^Reconnecting/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === PATH)).toHaveLength(2);
  });

  it('cancels after asking, and says who canceled', async () => {
    const calls = orderServer(ORDER, {
      [`PUT ${PATH}/cancel`]: () => ({ body: { ...ORDER, status: 'cancelled', cancelledBy: 'customer' } }),
    });
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent(`Order ${ORDER.number} (₹2,445.00) will be canceled.`);
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This order was canceled by you.')).toBeInTheDocument();
    expect(await screen.findByText(`Order ${ORDER.number} canceled`)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([`${PATH}/cancel`]);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    // Nothing to pay any more: no QR, no reference form.
    expect(section('Payment')).toHaveTextContent('Nothing to pay: this order was canceled.');
    expect(screen.queryByLabelText('UPI transaction reference (UTR)')).not.toBeInTheDocument();
  });

  it('right after checkout, cancelling the order takes back the thanks and the Unpaid badge', async () => {
    orderServer(ORDER, {
      [`PUT ${PATH}/cancel`]: () => ({ body: { ...ORDER, status: 'cancelled', cancelledBy: 'customer' } }),
    });
    const user = userEvent.setup();
    renderOrder({ placed: true });
    await screen.findByRole('heading', { level: 1, name: 'Thank you, your order is placed' });
    expect(section('Payment')).toHaveTextContent('Unpaid');

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${ORDER.number}` })).toBeInTheDocument();
    expect(screen.queryByText(/Thank you, your order is placed/)).not.toBeInTheDocument();
    expect(screen.queryByText(/We will keep you posted/)).not.toBeInTheDocument();
    expect(section('Payment')).not.toHaveTextContent('Unpaid');
    expect(section('Payment')).toHaveTextContent('Nothing to pay: this order was canceled.');
  });

  it("shows the server's refusal to cancel an order that has just shipped", async () => {
    let current: Order = ORDER;
    orderServer(ORDER, {
      [`GET ${PATH}`]: () => ({ body: current }),
      [`PUT ${PATH}/cancel`]: () => {
        current = { ...ORDER, status: 'shipped' };
        return { status: 409, body: { error: ORDER_MSG.cancelRefused, code: 'CONFLICT' } };
      },
    });
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(pageAlert(ORDER_MSG.cancelRefused)).toBeInTheDocument());
    // The order is loaded again and shows where it really is.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Order progress' })).toHaveTextContent('Shipped (current)');
  });

  it('takes the UPI reference (UTR): checks its 12 digits, sends it, then shows it and lets it be changed', async () => {
    const calls = orderServer(ORDER, {
      [`PUT ${PATH}/payment`]: (c) => ({
        body: { ...ORDER, paymentReference: (c.body as { reference: string }).reference },
      }),
    });
    const user = userEvent.setup();
    renderOrder();
    expect(await screen.findByRole('img', { name: /UPI QR code to pay ₹2,445\.00/ })).toBeInTheDocument();
    const field = screen.getByLabelText('UPI transaction reference (UTR)');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Send reference' }));
    expect(screen.getByText(ORDER_MSG.utrInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '4021 3344 5566');
    await user.click(screen.getByRole('button', { name: 'Send reference' }));
    expect(await screen.findByText('Reference received: we will confirm your payment')).toBeInTheDocument();
    expect(section('Payment')).toHaveTextContent('UTR: 402133445566');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ reference: '402133445566' }]);

    await user.click(screen.getByRole('button', { name: 'Change reference' }));
    expect(screen.getByLabelText('UPI transaction reference (UTR)')).toHaveValue('402133445566');
    await user.click(screen.getByRole('button', { name: 'Keep the one sent' }));
    expect(screen.getByText('Reference received: we will confirm your payment')).toBeInTheDocument();
  });

  it('says until when an unpaid UPI order holds its products, and why it was canceled once the hold ran out', async () => {
    let current: Order = ORDER;
    orderServer(ORDER, { [`GET ${PATH}`]: () => ({ body: current }) });
    renderOrder();
    const until = formatDateTime(ORDER.holdUntil!, 'Asia/Kolkata');
    await screen.findByRole('img', { name: /UPI QR code/ });
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    expect(section('Payment')).toHaveTextContent(
      `We hold these products for you until ${until}. Without the payment reference by then, the order is canceled and the products go back on sale.`,
    );

    // Once the reference is in, nothing runs out.
    current = { ...ORDER, paymentReference: '402133445566' };
    act(() => lastSocket()!.serverSends(ORDER_CHANGED_EVENT, { order: current, kind: 'payment' }));
    expect(await screen.findByText('Reference received: we will confirm your payment')).toBeInTheDocument();
    expect(section('Payment')).not.toHaveTextContent('We hold these products');

    current = { ...ORDER, status: 'cancelled', cancelledBy: 'system' };
    act(() => lastSocket()!.serverSends(ORDER_CHANGED_EVENT, { order: current, kind: 'cancelled' }));
    expect(
      await screen.findByText('This order was canceled: its UPI payment did not arrive in time.'),
    ).toBeInTheDocument();
    expect(section('Payment')).toHaveTextContent('Nothing to pay: this order was canceled.');
  });

  it("shows the server's refusal of a reference", async () => {
    orderServer(ORDER, {
      [`PUT ${PATH}/payment`]: () => ({
        status: 409,
        body: { error: 'This order is already paid', code: 'CONFLICT' },
      }),
    });
    const user = userEvent.setup();
    renderOrder();
    await user.type(await screen.findByLabelText('UPI transaction reference (UTR)'), '402133445566');
    await user.click(screen.getByRole('button', { name: 'Send reference' }));
    expect(await screen.findByText('This order is already paid')).toBeInTheDocument();
  });

  it('says when the order is paid, and when a paid order canceled is to be refunded or was refunded', async () => {
    const paid = {
      ...ORDER,
      status: 'confirmed',
      paymentStatus: 'paid',
      paidAt: '2026-03-02T06:00:00.000Z',
      paymentReference: '402133445566',
    } as const;
    orderServer(paid);
    renderOrder();
    await waitFor(() => expect(section('Payment')).toHaveTextContent('Paid on Mon, 2 Mar 2026 at 11:30'));
    expect(screen.queryByLabelText('UPI transaction reference (UTR)')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /UPI QR code/ })).not.toBeInTheDocument();

    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    act(() =>
      lastSocket()!.serverSends(ORDER_CHANGED_EVENT, {
        order: { ...paid, status: 'cancelled', cancelledBy: 'staff', paymentStatus: 'refund_due' },
        kind: 'cancelled',
      }),
    );
    expect(await screen.findByText('Refund due: we will refund your payment')).toBeInTheDocument();
    expect(screen.getByText('This order was canceled by the shop.')).toBeInTheDocument();

    act(() =>
      lastSocket()!.serverSends(ORDER_CHANGED_EVENT, {
        order: { ...paid, status: 'cancelled', cancelledBy: 'staff', paymentStatus: 'refunded' },
        kind: 'payment',
      }),
    );
    expect(await screen.findByText('Refunded: your payment of ₹2,445.00 was returned.')).toBeInTheDocument();
  });

  it('tells cash and card customers to pay on delivery', async () => {
    orderServer({ ...ORDER, paymentMethod: 'cod' });
    renderOrder();
    expect(await screen.findByText('Pay ₹2,445.00 in cash when the order arrives.')).toBeInTheDocument();
    expect(screen.queryByLabelText('UPI transaction reference (UTR)')).not.toBeInTheDocument();
  });

  it("says 'Order not found' for an order that is not the customer's, with a way back to My orders", async () => {
    orderServer(ORDER);
    const user = userEvent.setup();
    renderOrder({ id: 'd4000000-0000-4000-8000-000000000004' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'My orders' }));
    expect(await screen.findByText('My orders list')).toBeInTheDocument();
  });

  it('says so when the order cannot be loaded, and offers to try again', async () => {
    fakeServer({ [`GET ${PATH}`]: () => ({ status: 500, body: { error: 'boom', code: 'INTERNAL' } }) });
    renderOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your order. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('passes axe, with the QR and the reference form, and with the cancel question open', async () => {
    orderServer(ORDER);
    const user = userEvent.setup();
    renderOrder({ placed: true });
    await screen.findByRole('img', { name: /UPI QR code to pay/ });
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await axeViolations()).toEqual([]);
  });
});
