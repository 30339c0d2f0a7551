import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifyManager } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/catalogue';
import { CLINIC_MSG } from '#shared/clinic-settings';
import { IDEMPOTENCY_KEY_HEADER, type PlaceOrderBody } from '#shared/orders';
import { axeViolations } from '../../../test/axe.ts';
import { makeCart, makeClinicSettings, makeOrder, makeProduct } from '../../../test/data.ts';
import {
  BrowserButtons,
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeHandler,
  type FetchCall,
} from '../../../test/utils.tsx';
import CheckoutPage from './checkout.tsx';

const CONFIG = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '1 Park Street', phone: '+91 33 4000 1234', email: 'c@p.test', hours: '' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

const bed = makeProduct({
  id: 12,
  name: 'Soft Pet Bed - Large',
  price: 2500,
  discount: 25,
  category: 'Accessories',
  stock: 8,
});
const toy = makeProduct({ id: 3, name: 'Cat Toy', price: 300, discount: 5, category: 'Toys', stock: 30 });
const ADDRESS = {
  id: 'a1',
  name: 'Pet Owner',
  pin: '411001',
  city: 'Pune',
  house: '4B',
  landmark: 'Opposite the park',
  state: 'Maharashtra',
  country: 'India',
};

/**
 * The server's cart of the signed-in customer, changed by the cart endpoints as the real server changes it. `extra`
 * handlers answer first (POST /api/orders, a refusal).
 */
function cartServer(start: { product: Product; quantity: number }[], extra: Record<string, FakeHandler> = {}) {
  const state = { lines: [...start] };
  const cart = () => ({ body: makeCart(state.lines) });
  const calls = fakeServer({
    ...extra,
    'GET /api/config': () => ({ body: CONFIG }),
    'GET /api/cart': cart,
    '*': (c) => {
      const m = /^\/api\/cart\/items\/(\d+)$/.exec(c.url);
      if (!m) return undefined;
      const id = Number(m[1]);
      if (c.method === 'PUT') {
        const quantity = (c.body as { quantity: number }).quantity;
        state.lines = state.lines.map((l) => (l.product.id === id ? { ...l, quantity } : l));
        return cart();
      }
      if (c.method === 'DELETE') {
        state.lines = state.lines.filter((l) => l.product.id !== id);
        return cart();
      }
      return undefined;
    },
  });
  return { calls, state };
}

const cartCalls = (calls: FetchCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.split('?')[0] === path);

/** The cart page, opened as Add to Cart opens it (with the product in route state) when `added` is given. */
function renderCart(added?: Product) {
  storeSignedIn(makeUser());
  return renderApp(<CheckoutPage />, {
    path: '/customer/orders',
    at: added ? '/add' : '/customer/orders',
    routes: {
      '/add': <Navigate to="/customer/orders" state={{ product: added }} />,
      '/customer/product': <p>Catalogue page</p>,
      '/homeusers': <p>Customer home</p>,
      '/customer/my-orders/:id': <p>Order page</p>,
    },
  });
}

/** The "Your cart" box beside the lines: the total and Buy Now. */
const cartSummary = () => screen.getByRole('heading', { name: 'Your cart' }).closest('section')!;

const line = (name: string) => screen.getByRole('listitem', { name });

/** The page's own alert with this text (toasts are alerts too). */
const alertWith = (text: string) =>
  screen.getAllByRole('alert').find((a) => !a.closest('.Toastify') && a.textContent?.includes(text));

function saveAddress() {
  localStorage.setItem('deliveryAddresses:u1', JSON.stringify([ADDRESS]));
}

describe('cart page', () => {
  it("with an empty cart shows 'No product selected' and Shop Now", async () => {
    cartServer([]);
    renderCart();
    expect(await screen.findByText('No product selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Shop Now' }));
    expect(await screen.findByText('Catalogue page')).toBeInTheDocument();
  });

  it('shows every line with its price, discount, quantity and total, and marks the product just added', async () => {
    cartServer([
      { product: toy, quantity: 2 },
      { product: bed, quantity: 1 },
    ]);
    renderCart(bed);
    const bedLine = await screen.findByRole('listitem', { name: 'Soft Pet Bed - Large' });
    expect(within(bedLine).getByRole('link', { name: 'Soft Pet Bed - Large' })).toHaveAttribute(
      'href',
      '/customer/product/12',
    );
    expect(bedLine).toHaveTextContent('₹1,875.00');
    expect(bedLine).toHaveTextContent('was ₹2,500.00');
    expect(bedLine).toHaveTextContent('25% OFF');
    expect(within(bedLine).getByText('Just added')).toBeInTheDocument();
    expect(within(bedLine).getByRole('spinbutton', { name: 'Quantity of Soft Pet Bed - Large' })).toHaveValue(1);

    const toyLine = line('Cat Toy');
    expect(within(toyLine).queryByText('Just added')).not.toBeInTheDocument();
    // 2 x 300 less 5% = 570.00; with the bed 2,445.00 (the spec's formula, two decimals, rupees).
    expect(within(toyLine).getByText('₹570.00')).toBeInTheDocument();
    const summary = cartSummary();
    expect(summary).toHaveTextContent('₹2,445.00');
    expect(summary).toHaveTextContent('3 items');
  });

  it('saves each quantity change on the server and shows the new totals; + stops at the stock', async () => {
    const few = { ...bed, stock: 3 };
    const { calls } = cartServer([{ product: few, quantity: 1 }]);
    const user = userEvent.setup();
    renderCart();
    const increase = await screen.findByRole('button', { name: 'Increase quantity of Soft Pet Bed - Large' });
    await user.click(increase);
    await waitFor(() => expect(cartSummary()).toHaveTextContent('₹3,750.00'));
    await user.click(increase);
    await waitFor(() => expect(increase).toBeDisabled());
    expect(cartSummary()).toHaveTextContent('₹5,625.00');
    expect(cartCalls(calls, 'PUT', '/api/cart/items/12').map((c) => c.body)).toEqual([
      { quantity: 2 },
      { quantity: 3 },
    ]);
    expect(screen.getByText('From 1 to 3.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Soft Pet Bed - Large' }));
    await waitFor(() => expect(cartSummary()).toHaveTextContent('₹3,750.00'));
    expect(cartCalls(calls, 'PUT', '/api/cart/items/12').at(-1)!.body).toEqual({ quantity: 2 });
  });

  it("+ stops at the clinic's cap on units of a product per order, below the stock", async () => {
    cartServer([{ product: { ...bed, stock: 40 }, quantity: 1 }], {
      'GET /api/settings/clinic': () => ({ body: makeClinicSettings({ maxUnitsPerProduct: 2 }) }),
    });
    const user = userEvent.setup();
    renderCart();
    const increase = await screen.findByRole('button', { name: 'Increase quantity of Soft Pet Bed - Large' });
    await waitFor(() => expect(screen.getByText('From 1 to 2.')).toBeInTheDocument());
    await user.click(increase);
    await waitFor(() => expect(increase).toBeDisabled());
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Soft Pet Bed - Large' })).toHaveValue(2);
  });

  it('Remove clears that line; removing the last one goes home', async () => {
    const { calls } = cartServer([
      { product: toy, quantity: 1 },
      { product: bed, quantity: 1 },
    ]);
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove Cat Toy from the cart' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cat Toy' })).not.toBeInTheDocument());
    expect(await screen.findByText('Cat Toy removed from your cart')).toBeInTheDocument();
    expect(cartCalls(calls, 'DELETE', '/api/cart/items/3')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove Soft Pet Bed - Large from the cart' }));
    expect(await screen.findByText('Customer home')).toBeInTheDocument();
    expect(cartCalls(calls, 'DELETE', '/api/cart/items/12')).toHaveLength(1);
  });

  it('marks a line the stock cannot fill and blocks Buy Now until the quantity is lowered', async () => {
    saveAddress();
    cartServer([
      { product: toy, quantity: 1 },
      { product: { ...bed, stock: 2 }, quantity: 4 },
    ]);
    const user = userEvent.setup();
    renderCart();
    const bedLine = await screen.findByRole('listitem', { name: 'Soft Pet Bed - Large' });
    expect(bedLine).toHaveTextContent('Only 2 left of Soft Pet Bed - Large. Lower the quantity to 2 or remove it.');

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(alertWith('Some products cannot be ordered as they are')).toHaveTextContent(
      'Only 2 left of Soft Pet Bed - Large',
    );
    expect(screen.queryByRole('heading', { name: 'Order summary' })).not.toBeInTheDocument();

    await user.click(within(bedLine).getByRole('button', { name: 'Decrease quantity of Soft Pet Bed - Large' }));
    await waitFor(() => expect(bedLine).not.toHaveTextContent('Lower the quantity'));
    expect(within(bedLine).getByRole('spinbutton')).toHaveValue(2);
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
  });

  it('marks a product that is no longer sold', async () => {
    cartServer([{ product: { ...toy, active: false }, quantity: 1 }]);
    renderCart();
    expect(await screen.findByRole('listitem', { name: 'Cat Toy' })).toHaveTextContent(
      'Cat Toy is no longer available. Remove it to order the rest.',
    );
  });
});

describe('checkout of the cart (spec section 4)', () => {
  it('needs an address, shows the summary of every line, takes a payment method, confirms, alerts and opens the order', async () => {
    const placed = makeOrder({ id: 'b2000000-0000-4000-8000-000000000002', total: 2445 });
    const { calls, state } = cartServer(
      [
        { product: toy, quantity: 2 },
        { product: bed, quantity: 1 },
      ],
      { 'POST /api/orders': () => ({ status: 201, body: placed }) },
    );
    const user = userEvent.setup();
    const { queryClient } = renderCart(toy);

    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(alertWith('Please add a delivery address before proceeding.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order summary' })).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New delivery address' });
    for (const [label, value] of [
      [/House/, '4B'],
      [/Landmark/, 'Opposite the park'],
      [/City/, 'Pune'],
      [/State/, 'Maharashtra'],
      [/Pin Code/, '411001'],
    ] as const) {
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(screen.getByRole('radio', { name: /Pet Owner/ })).toBeChecked();
    expect(JSON.parse(localStorage.getItem('deliveryAddresses:u1')!)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('heading', { name: 'Order summary' })).toHaveFocus();
    const table = screen.getByRole('table', { name: 'Items in your order' });
    expect(within(table).getByRole('rowheader', { name: 'Cat Toy' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Soft Pet Bed - Large' })).toBeInTheDocument();
    expect(within(table).getByText('₹2,445.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(alertWith('Choose a payment method to continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Credit\/ATM Card/ }));
    expect(screen.getByText('We never ask for your card number online.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /UPI\/QR/ }));
    expect(await screen.findByText(/Scan with any UPI app to pay ₹2,445\.00/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your order' });
    expect(dialog).toHaveTextContent('2 × Cat Toy');
    expect(dialog).toHaveTextContent('1 × Soft Pet Bed - Large');
    expect(dialog).toHaveTextContent('₹2,445.00');
    expect(dialog).toHaveTextContent('Payment: UPI/QR');
    // The server empties the cart of what it ordered.
    state.lines = [];
    await user.click(within(dialog).getByRole('button', { name: 'Confirm order' }));

    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/customer/my-orders/${placed.id}`);
    expect(await screen.findByText(`Order ${placed.number} placed successfully! Total ₹2,445.00.`)).toBeInTheDocument();
    const [post] = cartCalls(calls, 'POST', '/api/orders');
    expect(post!.body).toEqual({
      items: [
        { productId: 3, quantity: 2 },
        { productId: 12, quantity: 1 },
      ],
      address: {
        name: 'Pet Owner',
        pin: '411001',
        city: 'Pune',
        house: '4B',
        landmark: 'Opposite the park',
        state: 'Maharashtra',
        country: 'India',
      },
      paymentMethod: 'upi',
    } satisfies PlaceOrderBody);
    expect(post!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    // The navbar's count and a return to the cart see it empty without asking the server.
    expect(queryClient.getQueryData(['cart'])).toEqual(makeCart([]));
    expect(queryClient.getQueryData(['orders', 'one', placed.id])).toEqual(placed);
  });

  it('stays on the checkout when the emptied cart is heard of before the order answers, then opens the order', async () => {
    const placed = makeOrder({ id: 'b3000000-0000-4000-8000-000000000003', total: 570, paymentMethod: 'cod' });
    cartServer([{ product: toy, quantity: 2 }], { 'POST /api/orders': () => ({ status: 201, body: placed }) });
    // The order's answer waits until the test lets it go.
    const answer = globalThis.fetch;
    let letAnswer!: () => void;
    const answered = new Promise<void>((resolve) => (letAnswer = resolve));
    globalThis.fetch = async (input, init) => {
      if (init?.method === 'POST') await answered;
      return answer(input, init);
    };
    localStorage.setItem('deliveryAddresses:u1', JSON.stringify([ADDRESS]));
    const user = userEvent.setup();
    const { queryClient } = renderCart();

    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm your order' })).getByRole('button', { name: 'Confirm order' }),
    );
    // The server's cart_changed (the ordered lines left the cart) reaches this tab before the order's answer.
    await act(async () => {
      queryClient.setQueryData(['cart'], makeCart([]));
      // Query updates reach components in a batch React Query runs later: this resolves once the page was told.
      await new Promise<void>((resolve) => notifyManager.schedule(resolve));
    });
    expect(screen.queryByText('No product selected')).not.toBeInTheDocument();
    letAnswer();

    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/customer/my-orders/${placed.id}`);
    expect(await screen.findByText(`Order ${placed.number} placed successfully! Total ₹570.00.`)).toBeInTheDocument();
  });

  it("the browser's Back from the review returns to the cart step, and Forward to the review", async () => {
    saveAddress();
    cartServer([{ product: toy, quantity: 2 }]);
    const user = userEvent.setup();
    storeSignedIn(makeUser());
    renderApp(
      <>
        <CheckoutPage />
        <BrowserButtons />
      </>,
      { path: '/customer/orders' },
    );
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order summary' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();

    // The page's own Back to cart is the same step back.
    await user.click(screen.getByRole('button', { name: 'Back to cart' }));
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
  });

  it('when the stock ran out meanwhile, shows the server message, reloads the cart and marks the line', async () => {
    saveAddress();
    const refusal = 'Only 1 left of Soft Pet Bed - Large';
    const { calls, state } = cartServer(
      [
        { product: toy, quantity: 1 },
        { product: bed, quantity: 2 },
      ],
      {
        'POST /api/orders': () => {
          // Someone else bought the bed meanwhile.
          state.lines = state.lines.map((l) => (l.product.id === 12 ? { ...l, product: { ...bed, stock: 1 } } : l));
          return {
            status: 409,
            body: {
              error: refusal,
              code: 'OUT_OF_STOCK',
              details: [{ path: 'items.1.quantity', message: refusal }],
            },
          };
        },
      },
    );
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('radio', { name: /Pet Owner/ }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm order' }));

    const bedLine = await screen.findByRole('listitem', { name: 'Soft Pet Bed - Large' });
    expect(alertWith(refusal)).toBeInTheDocument();
    expect(bedLine).toHaveTextContent(`${refusal}. Lower the quantity to 1 or remove it.`);
    expect(line('Cat Toy')).not.toHaveTextContent('left');
    await waitFor(() => expect(cartCalls(calls, 'GET', '/api/cart')).toHaveLength(2));
    expect(screen.getByTestId('location')).toHaveTextContent('/customer/orders');

    // Buy Now stays blocked until the line fits the stock.
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.queryByRole('heading', { name: 'Order summary' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the customer has placed too many orders, and offers to try again", async () => {
    const refusal = 'You have placed many orders in a short time. Please try again in 8 minutes.';
    saveAddress();
    cartServer([{ product: bed, quantity: 1 }], {
      'POST /api/orders': () => ({
        status: 429,
        body: { error: refusal, code: 'RATE_LIMITED' },
        headers: { 'retry-after': '480' },
      }),
    });
    const user = userEvent.setup();
    renderCart(bed);
    await user.click(await screen.findByRole('radio', { name: /Pet Owner/ }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(alertWith(refusal)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it.each([
    [
      'an order over the units of a product one order may take (400)',
      400,
      CLINIC_MSG.tooManyUnits('Soft Pet Bed - Large', 10),
      'VALIDATION',
    ],
    ['a customer at the cap of open unpaid orders (409)', 409, CLINIC_MSG.tooManyUnpaid(2), 'UNPAID_LIMIT'],
  ])("shows the shop's refusal of %s", async (_what, status, refusal, code) => {
    saveAddress();
    cartServer([{ product: bed, quantity: 1 }], {
      'POST /api/orders': () => ({
        status,
        body: {
          error: refusal,
          message: refusal,
          code,
          ...(status === 400 ? { details: [{ path: 'items.0.quantity', message: refusal }] } : {}),
        },
      }),
    });
    const user = userEvent.setup();
    renderCart(bed);
    await user.click(await screen.findByRole('radio', { name: /Pet Owner/ }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(alertWith(refusal)).toBeInTheDocument());
  });

  it('says so when the cart cannot be loaded', async () => {
    fakeServer({ 'GET /api/cart': () => ({ status: 500, body: { error: 'Something went wrong', code: 'INTERNAL' } }) });
    renderCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your cart. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('the cart and the checkout step pass axe', async () => {
    saveAddress();
    cartServer([
      { product: toy, quantity: 1 },
      { product: { ...bed, stock: 1 }, quantity: 2 },
    ]);
    const user = userEvent.setup();
    renderCart(toy);
    await screen.findByRole('listitem', { name: 'Cat Toy' });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Soft Pet Bed - Large from the cart' }));
    await waitFor(() => expect(screen.queryByText('Fix the marked products to continue.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('radio', { name: /UPI\/QR/ }));
    await screen.findByRole('img', { name: /UPI QR code to pay ₹285\.00/ });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('delivery addresses and the focus', () => {
  it('goes to the address just saved, back to the button after Cancel, and to the chosen one after a removal', async () => {
    saveAddress();
    cartServer([{ product: toy, quantity: 1 }]);
    const user = userEvent.setup();
    renderCart();
    const add = () => screen.getByRole('button', { name: '+ Add a new address' });
    await user.click(await screen.findByRole('button', { name: '+ Add a new address' }));
    let form = screen.getByRole('form', { name: 'New delivery address' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(add()).toHaveFocus();

    await user.click(add());
    form = screen.getByRole('form', { name: 'New delivery address' });
    await user.clear(within(form).getByLabelText(/Full name/));
    await user.type(within(form).getByLabelText(/Full name/), 'Second Home');
    await user.type(within(form).getByLabelText(/House/), '7 Beach Road');
    await user.type(within(form).getByLabelText(/Landmark/), 'Near the lighthouse');
    await user.type(within(form).getByLabelText(/City/), 'Goa');
    await user.type(within(form).getByLabelText(/State/), 'Goa');
    await user.type(within(form).getByLabelText(/Pin Code/), '403001{Enter}');
    const saved = await screen.findByRole('radio', { name: /Second Home/ });
    expect(saved).toBeChecked();
    expect(saved).toHaveFocus();

    // Delete asks in place: Keep has the focus, and gives it back to Delete.
    const del = screen.getByRole('button', { name: 'Delete address of Second Home, Goa' });
    await user.click(del);
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('button', { name: 'Delete address of Second Home, Goa' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete address of Second Home, Goa' }));
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /^Remove this address/ }));
    expect(screen.queryByRole('radio', { name: /Second Home/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Pet Owner/ })).toHaveFocus());
    expect(screen.getByRole('radio', { name: /Pet Owner/ })).toBeChecked();
    expect(await axeViolations()).toEqual([]);
  });
});
