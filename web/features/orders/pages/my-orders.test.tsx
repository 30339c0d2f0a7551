import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_CHANGED_EVENT } from '#shared/orders';
import { SocketProvider } from '../../../lib/socket.ts';
import { makeOrder } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import MyOrdersPage from './my-orders.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

describe('/customer/my-orders live', () => {
  it('shows the new status of an order as the staff move it, from the event alone', async () => {
    storeSignedIn(makeUser());
    const mine = makeOrder();
    const calls = fakeServer({ 'GET /api/orders/mine': () => ({ body: [mine] }) });
    renderApp(
      <SocketProvider>
        <MyOrdersPage />
      </SocketProvider>,
      { path: '/customer/my-orders' },
    );
    const card = await screen.findByRole('article', { name: `Order ${mine.number}` });
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));

    act(() =>
      lastSocket()!.serverSends(ORDER_CHANGED_EVENT, { order: { ...mine, status: 'shipped' }, kind: 'status' }),
    );
    await waitFor(() => expect(card).toHaveTextContent('Shipped'));
    expect(calls.filter((c) => c.url.startsWith('/api/orders/mine'))).toHaveLength(1);
  });

  it('links each order to its page by number, and shows its payment status beside its fulfilment status', async () => {
    storeSignedIn(makeUser());
    const paid = makeOrder({ status: 'confirmed', paymentStatus: 'paid', paidAt: '2026-03-01T11:00:00.000Z' });
    const older = makeOrder({ id: 'b2000000-0000-4000-8000-000000000002', createdAt: '2026-02-01T10:00:00.000Z' });
    fakeServer({ 'GET /api/orders/mine': () => ({ body: [paid, older] }) });
    const user = userEvent.setup();
    renderApp(
      <SocketProvider>
        <MyOrdersPage />
      </SocketProvider>,
      { path: '/customer/my-orders', routes: { '/customer/my-orders/:id': <p>Order page</p> } },
    );
    const card = await screen.findByRole('article', { name: `Order ${paid.number}` });
    // The badges read "Status: Confirmed" and "Payment: Paid" to a screen reader.
    expect(card).toHaveTextContent(/Status: Confirmed\s*Payment: Paid/);
    expect(screen.getByRole('article', { name: `Order ${older.number}` })).toHaveTextContent(
      /Status: Placed\s*Payment: Unpaid/,
    );

    const link = within(card).getByRole('link', { name: `View order ${paid.number}` });
    expect(link).toHaveAttribute('href', `/customer/my-orders/${paid.id}`);
    await user.click(screen.getByRole('link', { name: `View order ${older.number}` }));
    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/customer/my-orders/${older.id}`);
  });
});
