import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '#shared/catalogue';
import { makeCart, makeProduct } from '../../../test/data.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import { axeViolations } from '../../../test/axe.ts';
import ProductPage from './product.tsx';

const bed = makeProduct({
  id: 12,
  name: 'Soft Pet Bed - Large',
  category: 'Accessories',
  price: 2500,
  discount: 25,
  rating: 3.5,
  stock: 4,
  details: 'Orthopaedic foam.\nWashable cover.',
});

function CheckoutProbe() {
  const { state } = useLocation() as { state: { product?: Product } | null };
  return <p>Checkout with {state?.product?.name ?? 'nothing'}</p>;
}

function renderAt(at: string) {
  const path = at.startsWith('/customer') ? '/customer/product/:id' : '/products/:id';
  return renderApp(<ProductPage />, {
    path,
    at,
    routes: {
      '/products': <p>Catalogue</p>,
      '/customer/product': <p>Customer catalogue</p>,
      '/customer/orders': <CheckoutProbe />,
      '/login': <p>Login page</p>,
    },
  });
}

describe('product page', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('shows the picture, full description, prices, rating, category and stock, and names the tab', async () => {
    fakeServer({ 'GET /api/products/12': () => ({ body: bed }) });
    renderAt('/products/12');
    expect(screen.getByRole('status')).toHaveTextContent('Loading product…');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Soft Pet Bed - Large' });
    const page = heading.closest('article')!;
    expect(within(page).getByRole('img', { name: 'Soft Pet Bed - Large' })).toHaveAttribute(
      'src',
      '/images/products/12.svg',
    );
    expect(within(page).getByText(/Orthopaedic foam\.\s+Washable cover\./)).toBeInTheDocument();
    expect(within(page).getByText('₹1,875.00')).toBeInTheDocument();
    expect(within(page).getByText('₹2,500.00')).toBeInTheDocument();
    expect(within(page).getByText('25% OFF')).toBeInTheDocument();
    expect(within(page).getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(within(page).getByText('Accessories')).toBeInTheDocument();
    expect(within(page).getByText('Only 4 left')).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(document.title).toBe('Soft Pet Bed - Large · Pawcare');
    expect(screen.getByRole('link', { name: /Back to products/ })).toHaveAttribute('href', '/products');
  });

  it('says "Product not found" with a way back to the catalogue for an unknown or malformed id', async () => {
    const calls = fakeServer({});
    renderAt('/products/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute('href', '/products');
    expect(document.title).toBe('Product not found · Pawcare');
    expect(calls.map((c) => c.url)).toEqual(['/api/products/999']);
  });

  it('asks nothing for an id that cannot be a product', async () => {
    const calls = fakeServer({});
    renderAt('/customer/product/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute('href', '/customer/product');
    expect(calls).toEqual([]);
  });

  it('shows a deactivated product as no longer available, with no Add to Cart', async () => {
    fakeServer({ 'GET /api/products/12': () => ({ body: { ...bed, active: false } }) });
    renderAt('/products/12');
    await screen.findByRole('heading', { level: 1, name: 'Soft Pet Bed - Large' });
    expect(screen.getByText('This product is no longer available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(screen.queryByText('Only 4 left')).toBeNull();
  });

  it('offers no Add to Cart when the product is out of stock', async () => {
    fakeServer({ 'GET /api/products/12': () => ({ body: { ...bed, stock: 0 } }) });
    renderAt('/products/12');
    await screen.findByRole('heading', { level: 1, name: 'Soft Pet Bed - Large' });
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('shows an error with Try again when the product cannot be loaded, and the product once it can', async () => {
    let up = false;
    fakeServer({
      'GET /api/products/12': () =>
        up ? { body: bed } : { status: 500, body: { error: 'Internal error', code: 'INTERNAL' } },
    });
    renderAt('/products/12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this product. Please try again.');
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Soft Pet Bed - Large' })).toBeInTheDocument();
  });

  it("adds one more to a customer's cart and goes to checkout with the product", async () => {
    storeSignedIn(makeUser());
    const calls = fakeServer({
      'GET /api/products/12': () => ({ body: bed }),
      'GET /api/cart': () => ({ body: makeCart([{ product: bed, quantity: 1 }]) }),
      'PUT /api/cart/items/12': (c) => ({
        body: makeCart([{ product: bed, quantity: (c.body as { quantity: number }).quantity }]),
      }),
    });
    renderAt('/customer/product/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Checkout with Soft Pet Bed - Large')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/cart/items/12', { quantity: 2 }],
    ]);
  });

  it("keeps the customer on the page with the server's message when the cart refuses", async () => {
    storeSignedIn(makeUser());
    fakeServer({
      'GET /api/products/12': () => ({ body: bed }),
      'GET /api/cart': () => ({ body: makeCart() }),
      'PUT /api/cart/items/12': () => ({
        status: 409,
        body: { error: 'Your cart holds 20 different products, the most one order can take', code: 'CONFLICT' },
      }),
    });
    renderAt('/customer/product/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(
      await screen.findByText('Your cart holds 20 different products, the most one order can take'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/customer/product/12');
  });

  it('sends a visitor to /login, remembering the product for their cart', async () => {
    const calls = fakeServer({ 'GET /api/products/12': () => ({ body: bed }) });
    renderAt('/products/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('pendingCartAdd')!)).toEqual({ id: 12, name: 'Soft Pet Bed - Large' });
    expect(calls.some((c) => c.url.startsWith('/api/cart'))).toBe(false);
  });

  it('passes axe', async () => {
    fakeServer({ 'GET /api/products/12': () => ({ body: bed }) });
    renderAt('/products/12');
    await screen.findByRole('heading', { level: 1, name: 'Soft Pet Bed - Large' });
    expect(await axeViolations()).toEqual([]);
  });

  it('passes axe when the product is gone', async () => {
    fakeServer({});
    renderAt('/products/5');
    await screen.findByRole('heading', { level: 1, name: 'Product not found' });
    await waitFor(async () => expect(await axeViolations()).toEqual([]));
  });
});
