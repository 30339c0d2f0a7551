import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/catalogue';
import { AD_PRODUCTS, CATALOGUE_PAGE_SIZE } from '#shared/catalogue-rules';
import { makeCart, makeProduct } from '../../../test/data.ts';
import {
  BrowserButtons,
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils.tsx';
import { axeViolations } from '../../../test/axe.ts';
import ProductsPage from './products.tsx';

const make = (
  id: number,
  name: string,
  category: Product['category'],
  price: number,
  rating: number,
  discount: number,
  over: Partial<Product> = {},
): Product => makeProduct({ id, name, category, price, rating, discount, details: `${name} details`, ...over });

// Sixteen products: two pages of twelve. The collars fill the catalogue without matching the tests' filters.
const CATALOGUE = [
  make(1, 'Dog Food', 'Food', 500, 5, 10),
  make(2, 'Cat Toy', 'Toys', 300, 4, 5),
  make(5, 'Pet Shampoo', 'Care', 250, 3, 8, { stock: 3 }),
  make(12, 'Soft Pet Bed - Large', 'Accessories', 2500, 3, 25),
  make(13, 'Cat Litter', 'Care', 400, 3.5, 0, { stock: 0 }),
  ...Array.from({ length: 11 }, (_, i) => make(20 + i, `Pet Collar ${i + 1}`, 'Accessories', 600 + i * 10, 2.5, 0)),
];

/** Stands in for GET /api/products as the server answers it: filters, order, page of `limit` and X-Total-Count. */
const requests: URLSearchParams[] = [];
function serveProducts(call: FetchCall): FakeAnswer {
  const p = new URL(call.url, 'http://localhost').searchParams;
  requests.push(p);
  const list = CATALOGUE.filter(
    (x) =>
      (!p.get('category') || x.category === p.get('category')) &&
      (!p.get('maxPrice') || x.price <= Number(p.get('maxPrice'))) &&
      (!p.get('minRating') || x.rating >= Number(p.get('minRating'))) &&
      (!p.get('q') || x.name.toLowerCase().includes(p.get('q')!.toLowerCase())) &&
      (p.get('offers') !== 'true' || x.discount > 0),
  );
  const sort = p.get('sort');
  const by: Record<string, (a: Product, b: Product) => number> = {
    price: (a, b) => a.price - b.price || a.id - b.id,
    '-price': (a, b) => b.price - a.price || a.id - b.id,
    rating: (a, b) => b.rating - a.rating || a.id - b.id,
  };
  if (sort) list.sort(by[sort]);
  const limit = Number(p.get('limit') ?? 200);
  const page = Number(p.get('page') ?? 1);
  return {
    body: list.slice((page - 1) * limit, page * limit),
    headers: { 'x-total-count': String(list.length) },
  };
}

/** The query of the latest catalogue page asked for (not the ad's offers). */
const lastRequest = () =>
  Object.fromEntries(
    requests
      .filter((r) => r.has('limit') && !r.has('offers'))
      .at(-1)!
      .entries(),
  );

/** The address bar (path and query), and the browser's Back and Forward buttons. */
function Browser() {
  const l = useLocation();
  return (
    <>
      <output aria-label="current address">{`${l.pathname}${l.search}`}</output>
      <BrowserButtons />
    </>
  );
}

function CheckoutProbe() {
  const { state } = useLocation() as { state: { product?: Product } | null };
  return <p>Checkout with {state?.product?.name ?? 'nothing'}</p>;
}

function renderAt(at: string) {
  const path = at.startsWith('/customer') ? '/customer/product' : '/products';
  return renderApp(
    <>
      <ProductsPage />
      <Browser />
    </>,
    {
      path,
      at,
      routes: {
        '/login': <p>Login page</p>,
        '/customer/orders': <CheckoutProbe />,
        '/products/:id': <p>Product page</p>,
        '/customer/product/:id': <p>Customer product page</p>,
      },
    },
  );
}

const address = () => screen.getByLabelText('current address');
const cards = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article')!;

describe('products page', () => {
  beforeEach(() => {
    requests.length = 0;
    sessionStorage.clear();
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
    await waitFor(() => expect(address()).toHaveTextContent('/products?minRating=4'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dog');
    expect(await screen.findByText('1 product matches your filters')).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent('/products?minRating=4&q=dog'));
    expect(lastRequest()).toEqual({ minRating: '4', q: 'dog', page: '1', limit: '12' });
  });

  it('opens the page and order of a shared link, and asks the server for that page', async () => {
    renderAt('/products?sort=-price&page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('16 products')).toBeInTheDocument();
    expect(lastRequest()).toEqual({ sort: '-price', page: '2', limit: '12' });
    // Dearest first: the second page holds the four cheapest.
    expect(cards()).toEqual(['Dog Food', 'Cat Litter', 'Cat Toy', 'Pet Shampoo']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('-price');
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).queryByRole('link', { name: /Next/ })).toBeNull();
  });

  it('moves between pages with Previous and Next, and Back returns to the page before', async () => {
    const user = userEvent.setup();
    renderAt('/products');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(cards()).toHaveLength(12);
    expect(cards()[0]).toBe('Dog Food');

    await user.click(screen.getByRole('link', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/products\?page=2$/);
    await waitFor(() => expect(cards()).toEqual(['Pet Collar 8', 'Pet Collar 9', 'Pet Collar 10', 'Pet Collar 11']));
    expect(lastRequest()).toMatchObject({ page: '2', limit: '12' });

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/products$/);
    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /Previous/ }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('sorts from the Sort by list, back on page 1, keeping the filters; Featured is the catalogue order', async () => {
    const user = userEvent.setup();
    renderAt('/products?category=Care&page=2');
    await screen.findByText(/There is no page 2/);
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Featured', 'Price: low to high', 'Price: high to low', 'Best rated', 'Newest']);
    await user.selectOptions(sort, 'Price: low to high');
    await waitFor(() => expect(cards()).toEqual(['Pet Shampoo', 'Cat Litter']));
    expect(address()).toHaveTextContent(/^\/products\?category=Care&sort=price$/);
    expect(lastRequest()).toEqual({ category: 'Care', sort: 'price', page: '1', limit: '12' });

    await user.selectOptions(sort, 'Featured');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/products\?category=Care$/));
    expect(lastRequest()).toEqual({ category: 'Care', page: '1', limit: '12' });
  });

  it('goes back to page 1 when a filter changes, keeping the order', async () => {
    const user = userEvent.setup();
    renderAt('/products?sort=price&page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accessories' }));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/products\?category=Accessories&sort=price$/));
    // The previous page (whose last card is the same bed) stays on screen until the new one arrives: wait for it.
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(cards().at(-1)).toBe('Soft Pet Bed - Large');
    // Twelve accessories make one page.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(lastRequest()).toEqual({ category: 'Accessories', sort: 'price', page: '1', limit: '12' });
  });

  it('shows stock that runs low or out, and offers no Add to Cart for a product out of stock', async () => {
    renderAt('/products');
    const litter = await card('Cat Litter');
    const shampoo = await card('Pet Shampoo');
    expect(within(shampoo).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(shampoo).getByRole('button', { name: /^Add to Cart/ })).toBeEnabled();
    expect(within(litter).getAllByText('Out of stock')).not.toHaveLength(0);
    expect(within(litter).getByRole('button', { name: /^Out of stock/ })).toBeDisabled();
    expect(within(litter).queryByRole('button', { name: /^Add to Cart/ })).toBeNull();
    // Plenty left is not worth a word on a card.
    expect(within(await card('Dog Food')).queryByText('In stock')).toBeNull();
  });

  it("links each product's name to its page, for visitors and for customers", async () => {
    const user = userEvent.setup();
    renderAt('/products?page=1&category=Toys');
    const toy = await card('Cat Toy');
    expect(within(toy).getByRole('link', { name: 'Cat Toy' })).toHaveAttribute('href', '/products/2');
    await user.click(within(toy).getByRole('link', { name: 'Cat Toy' }));
    expect(await screen.findByText('Product page')).toBeInTheDocument();
  });

  it('shows prices in rupees with the discount, and sends visitors to /login, remembering the product', async () => {
    const user = userEvent.setup();
    renderAt('/products');
    const bed = await card('Soft Pet Bed - Large');
    expect(within(bed).getByText('₹1,875.00')).toBeInTheDocument();
    expect(within(bed).getByText('₹2,500.00')).toBeInTheDocument();
    expect(within(bed).getByText('25% OFF')).toBeInTheDocument();
    await user.click(within(bed).getByRole('button', { name: /^Add to Cart/ }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('pendingCartAdd')!)).toEqual({ id: 12, name: 'Soft Pet Bed - Large' });
  });

  it("sends staff who press Add to Cart to /login, as before, without filling anyone's cart", async () => {
    storeSignedIn(makeUser({ role: 'employee' }));
    const user = userEvent.setup();
    renderAt('/products');
    await user.click(within(await card('Cat Toy')).getByRole('button', { name: /^Add to Cart/ }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingCartAdd')).toBeNull();
  });

  it("puts a customer's product in the cart and goes to checkout with it", async () => {
    storeSignedIn(makeUser());
    const inCart = makeCart([{ product: CATALOGUE[1]!, quantity: 2 }]);
    const calls = fakeServer({
      'GET /api/products': serveProducts,
      'GET /api/cart': () => ({ body: inCart }),
      'PUT /api/cart/items/2': (c) => ({
        body: makeCart([{ product: CATALOGUE[1]!, quantity: (c.body as { quantity: number }).quantity }]),
      }),
    });
    const user = userEvent.setup();
    renderAt('/customer/product');
    const toy = await card('Cat Toy');
    expect(within(toy).getByRole('link', { name: 'Cat Toy' })).toHaveAttribute('href', '/customer/product/2');
    await user.click(within(toy).getByRole('button', { name: /^Add to Cart/ }));
    expect(await screen.findByText('Checkout with Cat Toy')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/cart/items/2', { quantity: 3 }],
    ]);
  });

  it("shows the server's refusal and stays on the catalogue", async () => {
    storeSignedIn(makeUser());
    fakeServer({
      'GET /api/products': serveProducts,
      'GET /api/cart': () => ({ body: makeCart() }),
      'PUT /api/cart/items/2': () => ({
        status: 409,
        body: { error: 'Only 0 left of Cat Toy', code: 'OUT_OF_STOCK' },
      }),
    });
    const user = userEvent.setup();
    renderAt('/customer/product');
    await user.click(within(await card('Cat Toy')).getByRole('button', { name: /^Add to Cart/ }));
    expect(await screen.findByText('Only 0 left of Cat Toy')).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/customer\/product$/);
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

  it('reads a page of the catalogue and, for the ad, the few offers it turns through: never every product', async () => {
    renderAt('/products');
    await screen.findByText('Page 1 of 2');
    const ad = await screen.findByRole('region', { name: 'Product offers' });
    // The ad shows products with a discount only, as many as it turns through.
    expect(within(ad).getByRole('group', { name: /^1 of 4$/ })).toBeInTheDocument();
    const asked = requests.map((r) => Object.fromEntries(r.entries()));
    expect(asked).toContainEqual({ offers: 'true', limit: String(AD_PRODUCTS) });
    expect(asked.every((q) => Number(q.limit) > 0 && Number(q.limit) <= CATALOGUE_PAGE_SIZE)).toBe(true);
  });

  it('passes axe with products, stock notes and pages on screen', async () => {
    renderAt('/products');
    await screen.findByText('Page 1 of 2');
    await screen.findByRole('region', { name: 'Product offers' });
    expect(await axeViolations()).toEqual([]);
  });

  it('folds the filters away on a phone until the Filters button opens them, and counts those in use', async () => {
    const user = userEvent.setup();
    renderAt('/products?category=Toys&minRating=4');
    await screen.findByRole('heading', { name: 'Cat Toy' });
    const filters = screen.getByRole('button', { name: 'Filters (2 on)' });
    // Folded by the stylesheet on a phone; the button says so.
    expect(filters).toHaveAttribute('aria-expanded', 'false');

    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toBeVisible();
    await user.type(search, 'cat');
    expect(await screen.findByRole('button', { name: 'Filters (3 on)' })).toBe(filters);

    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(search).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Toys' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('opens the filters on a tablet or wider, and folds them on request', async () => {
    const user = userEvent.setup();
    window.matchMedia = ((q: string) => ({
      matches: q.includes('min-width') || q.includes('reduce'),
      media: q,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
    renderAt('/products');
    await screen.findByRole('heading', { name: 'Dog Food' });
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeVisible();

    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox', { name: 'Search' })).not.toBeInTheDocument();
  });
});
