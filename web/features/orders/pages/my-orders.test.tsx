import { act, screen, waitFor } from '@testing-library/react';
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
});
