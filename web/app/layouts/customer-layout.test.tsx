import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_CHANGED_EVENT } from '#shared/cart';
import { CHAT_EVENTS, type ChatMessage } from '#shared/chat';
import ProductPage from '../../features/catalogue/pages/product.tsx';
import { useSession } from '../../lib/session.tsx';
import { SocketProvider } from '../../lib/socket.ts';
import { lastSocket } from '../../test/fake-socket.ts';
import { axeViolations } from '../../test/axe.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../test/utils.tsx';
import { makeCart, makeMessage, makeProduct } from '../../test/data.ts';
import { CustomerLayout } from './customer-layout.tsx';

vi.mock('socket.io-client', () => import('../../test/fake-socket.ts'));

const me = { id: 'c1', name: 'Dog Owner', role: 'user' as const };
const staff = { id: 'e1', name: 'Front Desk', role: 'employee' as const };

/** A stored chat message: to or from customer c1, or a broadcast (`customerId` null). */
const message = (
  id: string,
  from: { id: string; name: string; role: 'user' | 'employee' },
  customerId: string | null = 'c1',
): ChatMessage => makeMessage(id, from, { customerId });

const chatButton = (count: number) =>
  screen.findByRole('button', { name: new RegExp(`^Chat,\\s*${count}\\s*unread$`) });

describe('CustomerLayout chat badge', () => {
  it("counts the staff's replies and broadcasts once each, never the customer's own messages, without asking again", async () => {
    storeSignedIn(makeUser({ id: me.id, _id: me.id, name: me.name }));
    const calls = fakeServer({ 'GET /api/chat/unread-count': () => ({ body: { count: 1 } }) });
    renderApp(
      <SocketProvider>
        <CustomerLayout />
      </SocketProvider>,
      { path: '/homeusers' },
    );
    await chatButton(1);
    await waitFor(() => expect(lastSocket()).toBeDefined());
    const socket = lastSocket()!;
    act(() => socket.serverSends('connect'));

    act(() => socket.serverSends(CHAT_EVENTS.receive, message('r1', staff)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('r1', staff)));
    // Written by this customer in another tab.
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('q1', me)));
    act(() => socket.serverSends(CHAT_EVENTS.receive, message('all1', staff, null)));
    expect(await chatButton(3)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/api/chat/unread-count'))).toHaveLength(1);
  });
});

describe('CustomerLayout chat box focus', () => {
  // Strict, as main.tsx renders: React runs the box's effects twice on opening, which must not lose the opener.
  for (const strict of [false, true]) {
    it(`opens with the focus in its message box and gives it back to Chat on Escape and on Close${strict ? ' (strict)' : ''}`, async () => {
      storeSignedIn(makeUser({ id: me.id, _id: me.id, name: me.name }));
      fakeServer({
        'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
        'GET /api/chat/customer/c1': () => ({ body: [] }),
        'GET /api/cart': () => ({ body: makeCart() }),
      });
      const u = userEvent.setup();
      renderApp(
        <SocketProvider>
          <CustomerLayout />
        </SocketProvider>,
        { path: '/homeusers', strict },
      );
      const chat = await screen.findByRole('button', { name: 'Chat' });
      await u.click(chat);
      const box = screen.getByRole('region', { name: 'Chat with support' });
      expect(within(box).getByRole('textbox', { name: 'Message' })).toHaveFocus();
      await u.keyboard('{Escape}');
      expect(screen.queryByRole('region', { name: 'Chat with support' })).not.toBeInTheDocument();
      expect(chat).toHaveFocus();

      await u.keyboard('{Enter}');
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
      await u.click(screen.getByRole('button', { name: 'Close chat' }));
      expect(chat).toHaveFocus();

      await u.click(chat);
      expect(await axeViolations(screen.getByRole('region', { name: 'Chat with support' }))).toEqual([]);
    });
  }
});

/** The login page as far as these tests need it: a customer signs in and goes to their home page. */
function FakeLogin() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        session.login('token', makeUser({ id: me.id, _id: me.id, name: me.name }));
        void navigate('/homeusers');
      }}
    >
      Log in as a customer
    </button>
  );
}

const bed = makeProduct({ id: 12, name: 'Soft Pet Bed - Large', price: 2500, discount: 25, stock: 4 });
const food = makeProduct({ id: 1 });

// Browsers read "Cart, 3 items"; jsdom's name computation drops the spaces between inline pieces.
const cartLink = (count: number) => screen.findByRole('link', { name: new RegExp(`^Cart,\\s*${count}\\s*items?$`) });

describe('CustomerLayout cart and orders', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the Cart with its item count and My orders, before the profile icon', async () => {
    storeSignedIn(makeUser({ id: me.id, _id: me.id, name: me.name }));
    fakeServer({
      'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
      'GET /api/cart': () => ({
        body: makeCart([
          { product: bed, quantity: 2 },
          { product: food, quantity: 1 },
        ]),
      }),
    });
    renderApp(<CustomerLayout />, { path: '/homeusers' });
    const cart = await cartLink(3);
    expect(cart).toHaveAttribute('href', '/customer/orders');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The spec's items in the spec's order, My orders last; Chat, Cart and the profile icon after them.
    expect(
      within(within(nav).getByRole('list'))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Home',
      'Product',
      'Medical Tips',
      'Slot Booking',
      'My pets',
      'Services',
      'About',
      'Contact',
      'My orders',
    ]);
    const chat = within(nav).getByRole('button', { name: 'Chat' });
    const profile = within(nav).getByRole('link', { name: 'Profile of Dog Owner' });
    // Read in this order: Chat, then the cart, then the profile.
    const place = (el: Element) => [...nav.querySelectorAll('a, button')].indexOf(el);
    expect(place(chat)).toBeGreaterThanOrEqual(0);
    expect(place(chat)).toBeLessThan(place(cart));
    expect(place(cart)).toBeLessThan(place(profile));
    expect(within(nav).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/customer/my-orders');
  });

  it('shows no count while the cart loads or when it is empty', async () => {
    storeSignedIn(makeUser({ id: me.id, _id: me.id, name: me.name }));
    const calls = fakeServer({
      'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
      'GET /api/cart': () => ({ body: makeCart() }),
    });
    renderApp(<CustomerLayout />, { path: '/homeusers' });
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    await expect.poll(() => calls.some((c) => c.url === '/api/cart')).toBe(true);
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it('follows changes made to the cart in another tab', async () => {
    storeSignedIn(makeUser({ id: me.id, _id: me.id, name: me.name }));
    const calls = fakeServer({
      'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
      'GET /api/cart': () => ({ body: makeCart([{ product: food, quantity: 1 }]) }),
    });
    renderApp(
      <SocketProvider>
        <CustomerLayout />
      </SocketProvider>,
      { path: '/homeusers' },
    );
    await cartLink(1);
    await waitFor(() => expect(lastSocket()).toBeDefined());
    const socket = lastSocket()!;
    act(() => socket.serverSends('connect'));
    act(() =>
      socket.serverSends(CART_CHANGED_EVENT, {
        cart: makeCart([
          { product: food, quantity: 1 },
          { product: bed, quantity: 4 },
        ]),
      }),
    );
    expect(await cartLink(5)).toBeInTheDocument();
    act(() => socket.serverSends(CART_CHANGED_EVENT, { cart: makeCart() }));
    expect(await screen.findByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/cart')).toHaveLength(1);
  });

  it('puts the product a visitor chose into their cart once they log in, once', async () => {
    let cart = makeCart([{ product: food, quantity: 1 }]);
    const calls = fakeServer({
      'GET /api/products/12': () => ({ body: bed }),
      'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
      'GET /api/cart': () => ({ body: cart }),
      'PUT /api/cart/items/12': (c) => {
        cart = makeCart([
          { product: food, quantity: 1 },
          { product: bed, quantity: (c.body as { quantity: number }).quantity },
        ]);
        return { body: cart };
      },
    });
    const user = userEvent.setup();
    renderApp(<ProductPage />, {
      path: '/products/:id',
      at: '/products/12',
      routes: { '/login': <FakeLogin />, '/homeusers': <CustomerLayout /> },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(calls.some((c) => c.url.startsWith('/api/cart'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Log in as a customer' }));
    expect(await screen.findByText('Soft Pet Bed - Large was added to your cart')).toBeInTheDocument();
    expect(await cartLink(2)).toBeInTheDocument();
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body]);
    expect(puts()).toEqual([['/api/cart/items/12', { quantity: 1 }]]);

    // Back to the customer's home later (a new visit of the layout): nothing is added again.
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await user.click(screen.getByRole('link', { name: 'Pawcare' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/homeusers');
    expect(puts()).toHaveLength(1);
  });

  it('tells the customer when the product they chose before logging in could not be added', async () => {
    storeSignedIn(makeUser({ id: me.id, _id: me.id, name: me.name }));
    sessionStorage.setItem('pendingCartAdd', JSON.stringify({ id: 12, name: 'Soft Pet Bed - Large' }));
    fakeServer({
      'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
      'GET /api/cart': () => ({ body: makeCart() }),
      'PUT /api/cart/items/12': () => ({
        status: 409,
        body: { error: 'Soft Pet Bed - Large is out of stock', code: 'OUT_OF_STOCK' },
      }),
    });
    renderApp(<CustomerLayout />, { path: '/homeusers' });
    expect(await screen.findByText('Soft Pet Bed - Large is out of stock')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingCartAdd')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });
});
