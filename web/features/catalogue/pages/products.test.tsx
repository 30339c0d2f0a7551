import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/auth';
import type { Product } from '#shared/catalogue';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SessionProvider } from '../../../lib/session.tsx';
import { clearSession, storeSession } from '../../../lib/storage.ts';
import { fakeServer, type FakeAnswer, type FetchCall } from '../../../test/utils.tsx';
import ProductsPage from './products.tsx';

const make = (
  id: number,
  name: string,
  category: Product['category'],
  price: number,
  rating: number,
  discount: number,
): Product => ({
  _id: id,
  id,
  name,
  category,
  price,
  rating,
  discount,
  image: `/images/products/${id}.svg`,
  details: `${name} details`,
});
const CATALOGUE = [
  make(1, 'Dog Food', 'Food', 500, 5, 10),
  make(2, 'Cat Toy', 'Toys', 300, 4, 5),
  make(5, 'Pet Shampoo', 'Care', 250, 3, 8),
  make(12, 'Soft Pet Bed - Large', 'Accessories', 2500, 3, 25),
];

/** A stand-in for GET /api/products that applies the same filters as the server; records each query string. */
const requests: string[] = [];
function serveProducts(call: FetchCall): FakeAnswer {
  const url = new URL(call.url, 'http://localhost');
  requests.push(url.search);
  const p = url.searchParams;
  const list = CATALOGUE.filter(
    (x) =>
      (!p.get('category') || x.category === p.get('category')) &&
      (!p.get('maxPrice') || x.price <= Number(p.get('maxPrice'))) &&
      (!p.get('minRating') || x.rating >= Number(p.get('minRating'))) &&
      (!p.get('q') || x.name.toLowerCase().includes(p.get('q')!.toLowerCase())),
  );
  return { body: list };
}

function Where() {
  const l = useLocation();
  return <output aria-label="current address">{`${l.pathname}${l.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider validateOnMount={false}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/products" element={<ProductsPage />} />
            <Route path="/customer/product" element={<ProductsPage />} />
            <Route path="/login" element={<p>Login page</p>} />
            <Route path="/customer/orders" element={<p>Checkout page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const cards = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('products page', () => {
  beforeEach(() => {
    requests.length = 0;
    clearSession();
    fakeServer({ 'GET /api/products': serveProducts });
    window.matchMedia = ((q: string) => ({
      matches: q.includes('reduce'),
      media: q,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
  });

  it('applies filters from a shared link and writes new ones back to the URL', async () => {
    const user = userEvent.setup();
    renderAt('/products?category=Toys');
    expect(await screen.findByRole('heading', { name: 'Cat Toy' })).toBeInTheDocument();
    expect(cards()).toEqual(['Cat Toy']);
    expect(screen.getByRole('button', { name: 'Toys' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.selectOptions(screen.getByLabelText('Rating'), '4+');
    expect(await screen.findByText('2 products match your filters')).toBeInTheDocument();
    expect(cards()).toEqual(['Dog Food', 'Cat Toy']);
    await waitFor(() => expect(screen.getByLabelText('current address')).toHaveTextContent('/products?minRating=4'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dog');
    expect(await screen.findByText('1 product matches your filters')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('current address')).toHaveTextContent('/products?minRating=4&q=dog'),
    );
    expect(requests.at(-1)).toBe('?minRating=4&q=dog');
  });

  it('shows prices in rupees with the discount, and sends visitors to /login from Add to Cart', async () => {
    const user = userEvent.setup();
    renderAt('/products');
    const bed = (await screen.findByRole('heading', { name: 'Soft Pet Bed - Large' })).closest('article')!;
    expect(within(bed).getByText('₹1,875.00')).toBeInTheDocument();
    expect(within(bed).getByText('₹2,500.00')).toBeInTheDocument();
    expect(within(bed).getByText('25% OFF')).toBeInTheDocument();
    await user.click(within(bed).getByRole('button', { name: /^Add to Cart/ }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('sends a customer to checkout from Add to Cart', async () => {
    storeSession('token', {
      _id: 'u1',
      id: 'u1',
      name: 'Pet Owner',
      email: 'a@example.com',
      phone: '9876543210',
      address: null,
      bloodGroup: null,
      role: 'user',
      image: '',
      hasIdentityProof: true,
      createdAt: '',
      reminderEmails: true,
    } satisfies User);
    const user = userEvent.setup();
    renderAt('/customer/product');
    const toy = (await screen.findByRole('heading', { name: 'Cat Toy' })).closest('article') as HTMLElement;
    await user.click(within(toy).getByRole('button', { name: /^Add to Cart/ }));
    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
  });

  it('rotates the offer only when asked to, for people who prefer reduced motion', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/products');
      const ad = await screen.findByRole('region', { name: 'Product offers' });
      const first = within(ad).getByRole('group', { name: /^1 of/ }).textContent;
      await act(() => vi.advanceTimersByTimeAsync(3500));
      expect(within(ad).getByRole('group', { name: /^1 of/ }).textContent).toBe(first);
      act(() => {
        within(ad).getByRole('button', { name: 'Play offers' }).click();
      });
      within(ad).getByRole('button', { name: 'Pause offers' }).blur();
      await act(() => vi.advanceTimersByTimeAsync(3100));
      expect(within(ad).getByRole('group', { name: /^2 of/ })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
