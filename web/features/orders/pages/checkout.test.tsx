import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '#shared/catalogue';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SessionProvider } from '../../../lib/session.tsx';
import { storeSession } from '../../../lib/storage.ts';
import { fakeServer, makeUser } from '../../../test/utils.tsx';
import CheckoutPage from './checkout.tsx';

const bed: Product = {
  _id: 12,
  id: 12,
  name: 'Soft Pet Bed - Large',
  price: 2500,
  rating: 3,
  category: 'Accessories',
  discount: 25,
  image: '/images/products/soft-pet-bed-large.svg',
  details: 'A washable orthopaedic bed.',
};
const customer = makeUser();

function renderCheckout(state: unknown) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider validateOnMount={false}>
        <MemoryRouter initialEntries={[{ pathname: '/customer/orders', state }]}>
          <Routes>
            <Route path="/customer/orders" element={<CheckoutPage />} />
            <Route path="/customer/product" element={<p>Catalogue page</p>} />
            <Route path="/homeusers" element={<p>Customer home</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('checkout page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeSession('token', customer);
    fakeServer({ 'GET /api/products/12': () => ({ body: bed }) });
  });

  it("without a product shows 'No product selected' and Shop Now", async () => {
    renderCheckout(null);
    expect(screen.getByText('No product selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Shop Now' }));
    expect(await screen.findByText('Catalogue page')).toBeInTheDocument();
  });

  it('blocks Buy Now without an address, then shows the summary with the total in rupees', async () => {
    const user = userEvent.setup();
    renderCheckout({ product: bed });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Soft Pet Bed - Large' }));
    expect(screen.getByText('₹3,750.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please add a delivery address before proceeding.');
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
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Items in your order' })).getAllByText('₹3,750.00')).toHaveLength(
      2,
    );

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a payment method to continue.');
    await user.click(screen.getByRole('radio', { name: /Credit\/ATM Card/ }));
    expect(screen.getByText('We never ask for your card number online.')).toBeInTheDocument();
  });

  it("shows the server's refusal when the customer has placed too many orders, and offers to try again", async () => {
    const refusal = 'You have placed many orders in a short time. Please try again in 8 minutes.';
    fakeServer({
      'GET /api/products/12': () => ({ body: bed }),
      'POST /api/orders': () => ({
        status: 429,
        body: { error: refusal, code: 'RATE_LIMITED' },
        headers: { 'retry-after': '480' },
      }),
    });
    const address = {
      id: 'a1',
      name: 'Pet Owner',
      pin: '411001',
      city: 'Pune',
      house: '4B',
      landmark: 'Opposite the park',
      state: 'Maharashtra',
      country: 'India',
    };
    localStorage.setItem('deliveryAddresses:u1', JSON.stringify([address]));
    const user = userEvent.setup();
    renderCheckout({ product: bed });
    await user.click(screen.getByRole('radio', { name: /Pet Owner/ }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('Remove clears the product and goes home', async () => {
    renderCheckout({ product: bed });
    await userEvent.click(screen.getByRole('button', { name: /^Remove/ }));
    expect(await screen.findByText('Customer home')).toBeInTheDocument();
  });
});
