import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_CHANGED_EVENT, type Order } from '#shared/orders';
import { RESYNC_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../../lib/socket.ts';
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
      const status = new URL(c.url, 'http://x').searchParams.get('status');
      return { body: orders.filter((o) => !status || o.status === status) };
    },
    [`PUT /api/orders/${order(2).id}/status`]: (c) => {
      const { status } = c.body as { status: Order['status'] };
      orders = orders.map((o) => (o.id === order(2).id ? { ...o, status } : o));
      return { body: orders.find((o) => o.id === order(2).id) };
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
const shown = () => screen.queryAllByRole('heading', { level: 2, name: /^Order / }).map((h) => h.textContent);
const listReads = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/orders')).length;

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
    await u.click(await screen.findByRole('button', { name: new RegExp(`^Confirm\\s*${numberOf(2)}$`) }));
    await waitFor(() => expect(shown()).toEqual([`Order ${numberOf(1)}`]));
    expect(await screen.findByText(`Order ${numberOf(2)} is now confirmed`)).toBeInTheDocument();
    expect(listReads()).toBe(1);
  });

  it('changes an order in place on the list of every order', async () => {
    const socket = await openOrders();
    await waitFor(() => expect(shown()).toHaveLength(2));
    act(() => socket.serverSends(ORDER_CHANGED_EVENT, { order: order(1, { status: 'shipped' }), kind: 'status' }));
    expect(
      await screen.findByRole('button', { name: new RegExp(`^Mark delivered\\s*${numberOf(1)}$`) }),
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
