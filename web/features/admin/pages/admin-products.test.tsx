import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MSG, type Product } from '#shared/catalogue';
import { TOTAL_COUNT_HEADER } from '#shared/http';
import { axeViolations } from '../../../test/axe.ts';
import { makeProduct } from '../../../test/data.ts';
import {
  chooseRowAction,
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeHandler,
  type FetchCall,
} from '../../../test/utils.tsx';
import AdminProductsPage from './admin-products.tsx';

const food = makeProduct({ id: 1, name: 'Dog Food 5 kg', price: 1200, stock: 40 });
const toy = makeProduct({ id: 2, name: 'Rope Toy', category: 'Toys', price: 299.5, discount: 10, stock: 3 });
const shampoo = makeProduct({ id: 3, name: 'Pet Shampoo', category: 'Care', price: 250, stock: 0 });
const bed = makeProduct({ id: 4, name: 'Soft Pet Bed', category: 'Accessories', price: 2500, active: false });

const png = (name = 'bowl.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/**
 * A fake API holding `list`: GET /api/admin/products filters, sorts and pages it as the server does (with the total
 * in X-Total-Count), POST adds to it, PUT changes the fields sent, PUT .../image gives it a new picture address.
 * Handlers in `over` answer first; when they return nothing, the fake list answers.
 */
function fakeProducts(list: Product[], over: Record<string, FakeHandler> = {}) {
  let products = [...list];
  const base: Record<string, FakeHandler> = {
    'GET /api/admin/products': (call) => {
      const p = new URL(call.url, 'http://x').searchParams;
      const status = p.get('status') ?? 'all';
      const q = p.get('q')?.toLowerCase();
      let rows = products.filter(
        (x) =>
          (status === 'all' || x.active === (status === 'active')) &&
          (!p.get('category') || x.category === p.get('category')) &&
          (!q || x.name.toLowerCase().includes(q) || x.details.toLowerCase().includes(q)),
      );
      if (p.get('sort') === 'price') rows = [...rows].sort((a, b) => a.price - b.price);
      const limit = Number(p.get('limit'));
      const page = Number(p.get('page') ?? 1);
      return {
        body: rows.slice((page - 1) * limit, page * limit),
        headers: { [TOTAL_COUNT_HEADER]: String(rows.length) },
      };
    },
    'POST /api/products': ({ body }) => {
      const created = makeProduct({ ...(body as Partial<Product>), id: 99, stock: (body as Product).stock });
      products = [...products, created];
      return { status: 201, body: created };
    },
    '*': (call) => {
      const m = /^\/api\/products\/(\d+)(\/image)?$/.exec(call.url);
      if (call.method !== 'PUT' || !m) return undefined;
      const id = Number(m[1]);
      const changes = m[2] ? { image: `/api/products/${id}/image?v=2` } : (call.body as Partial<Product>);
      products = products.map((x) => (x.id === id ? { ...x, ...changes } : x));
      return { body: products.find((x) => x.id === id) };
    },
  };
  const handlers: Record<string, FakeHandler> = { ...over };
  for (const [key, handler] of Object.entries(base)) {
    const first = over[key];
    handlers[key] = first ? (call) => first(call) ?? handler(call) : handler;
  }
  return fakeServer(handlers);
}

function renderPage(at = '/admin/products') {
  storeSignedIn(makeUser({ role: 'admin', name: 'Clinic Admin' }));
  return renderApp(<AdminProductsPage />, { path: '/admin/products', at });
}

const table = () => screen.getByRole('table', { name: 'Products' });
const rowOf = (name: string) => within(table()).getByRole('rowheader', { name }).closest('tr')!;
const cellsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((c) => c.textContent);
const listQueries = (calls: FetchCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/admin/products'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');

describe('admin products list', () => {
  it('shows every product with its picture, price, discount, stock markers and status', async () => {
    const calls = fakeProducts([food, toy, shampoo, bed]);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    await screen.findByRole('table', { name: 'Products' });

    expect(cellsOf('Rope Toy')).toEqual(['', 'Toys', '₹299.50', '10%', '3Low', 'Active', 'Actions▾']);
    expect(cellsOf('Pet Shampoo')).toEqual(['', 'Care', '₹250.00', 'None', '0Out of stock', 'Active', 'Actions▾']);
    expect(cellsOf('Soft Pet Bed')).toEqual(['', 'Accessories', '₹2,500.00', 'None', '40', 'Inactive', 'Actions▾']);
    // An inactive product's menu brings it back.
    await userEvent.click(within(rowOf('Soft Pet Bed')).getByRole('button', { name: 'More actions for Soft Pet Bed' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.getAttribute('aria-label'))).toEqual([
      'Edit Soft Pet Bed',
      'Reactivate Soft Pet Bed',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(rowOf('Dog Food 5 kg').querySelector('img')).toHaveAttribute('src', '/images/products/1.svg');
    expect(screen.getByText('Showing 1–4 of 4 products')).toBeInTheDocument();
    expect(listQueries(calls)).toEqual([{ status: 'all', page: '1', limit: '20' }]);

    // Phones: the same products as cards.
    const cards = screen.getByRole('list', { name: 'Products' });
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Dog Food 5 kg', 'Rope Toy', 'Pet Shampoo', 'Soft Pet Bed']);
  });

  it('goes through the pages, 20 products at a time', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => makeProduct({ id: i + 1, name: `Product ${i + 1}` }));
    const calls = fakeProducts(many);
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    expect(screen.getByText('Showing 1–20 of 25 products')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 21–25 of 25 products')).toBeInTheDocument();
    expect(within(table()).getAllByRole('rowheader')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(listQueries(calls).at(-1)).toEqual({ status: 'all', page: '2', limit: '20' });
  });

  it('filters by status and category, searches, sorts, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const calls = fakeProducts([food, toy, shampoo, bed]);
    renderPage();
    await screen.findByRole('table', { name: 'Products' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['Soft Pet Bed']),
    );
    expect(listQueries(calls).at(-1)).toEqual({ status: 'inactive', page: '1', limit: '20' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['Pet Shampoo', 'Rope Toy', 'Dog Food 5 kg']),
    );
    expect(listQueries(calls).at(-1)).toEqual({ status: 'active', sort: 'price', page: '1', limit: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rope{Enter}');
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['Rope Toy']),
    );
    expect(listQueries(calls).at(-1)).toEqual({ status: 'active', q: 'rope', sort: 'price', page: '1', limit: '20' });

    await user.selectOptions(screen.getByLabelText('Category'), 'Food');
    expect(await screen.findByText('No products match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every product' }));
    await waitFor(() => expect(within(table()).getAllByRole('rowheader')).toHaveLength(4));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(listQueries(calls).at(-1)).toEqual({ status: 'all', sort: 'price', page: '1', limit: '20' });
  });

  it('opens on the view a shared address names', async () => {
    const calls = fakeProducts([food, toy, shampoo, bed]);
    renderPage('/admin/products?status=active&q=pet&sort=nonsense&page=0');
    await screen.findByRole('table', { name: 'Products' });
    expect(listQueries(calls)).toEqual([{ status: 'active', q: 'pet', page: '1', limit: '20' }]);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('pet');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
  });

  it('says when there are no products yet, and offers a retry when loading fails', async () => {
    let fail = true;
    fakeProducts([], {
      'GET /api/admin/products': () => (fail ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } } : undefined),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the products. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });
});

/** The open product form's dialog and its fields. */
function productForm(name: string | RegExp) {
  const dialog = screen.getByRole('dialog', { name });
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  return {
    dialog,
    name: () => field(/^Name/),
    price: () => field(/^Price/),
    discount: () => field(/^Discount/),
    category: () => field(/^Category/),
    stock: () => field(/^Stock/),
    details: () => field(/^Description/),
    picture: () => field(/^Picture/) as HTMLInputElement,
    button: (label: string) => within(dialog).getByRole('button', { name: label }),
  };
}

async function fillNewProduct(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof productForm>) {
  await user.type(form.name(), 'Steel Bowl');
  await user.type(form.price(), '349.90');
  await user.clear(form.discount());
  await user.type(form.discount(), '5');
  await user.selectOptions(form.category(), 'Accessories');
  await user.clear(form.stock());
  await user.type(form.stock(), '12');
  await user.type(form.details(), 'A heavy steel bowl that does not tip over.');
}

describe('adding a product', () => {
  it('checks the fields with the shared messages and sends nothing until they are right', async () => {
    const user = userEvent.setup();
    const calls = fakeProducts([food]);
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = productForm('Add a product');
    expect(form.name()).toHaveFocus();

    await user.click(form.button('Add product'));
    expect(form.name()).toHaveAccessibleDescription(PRODUCT_MSG.nameRequired);
    expect(form.price()).toHaveAccessibleDescription(PRODUCT_MSG.priceInvalid);
    expect(form.category()).toHaveAccessibleDescription(/^Category must be one of/);
    expect(form.details()).toHaveAccessibleDescription(PRODUCT_MSG.detailsRequired);
    expect(form.name()).toHaveFocus();

    await user.type(form.price(), '10.005');
    await user.clear(form.discount());
    await user.type(form.discount(), '150');
    await user.clear(form.stock());
    await user.type(form.stock(), '2.5');
    await user.click(form.button('Add product'));
    expect(form.price()).toHaveAccessibleDescription(PRODUCT_MSG.priceInvalid);
    expect(form.discount()).toHaveAccessibleDescription(PRODUCT_MSG.discountInvalid);
    expect(form.stock()).toHaveAccessibleDescription(PRODUCT_MSG.stockInvalid);

    // A picture of the wrong kind or too large is refused before anything is sent.
    await userEvent
      .setup({ applyAccept: false })
      .upload(form.picture(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(form.picture()).toHaveAccessibleDescription(PRODUCT_MSG.imageType);
    await user.upload(
      form.picture(),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(form.picture()).toHaveAccessibleDescription(PRODUCT_MSG.imageTooLarge);
    expect(writes(calls)).toEqual([]);
  });

  it('creates the product, then sends its picture as the multipart field "image"', async () => {
    const user = userEvent.setup();
    const calls = fakeProducts([food]);
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    const opener = screen.getByRole('button', { name: 'Add product' });
    await user.click(opener);
    const form = productForm('Add a product');
    await fillNewProduct(user, form);
    await user.upload(form.picture(), png());
    await user.click(form.button('Add product'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    const [create, upload] = writes(calls);
    expect([create?.method, create?.url, create?.body]).toEqual([
      'POST',
      '/api/products',
      {
        name: 'Steel Bowl',
        price: 349.9,
        discount: 5,
        category: 'Accessories',
        details: 'A heavy steel bowl that does not tip over.',
        stock: 12,
      },
    ]);
    expect([upload?.method, upload?.url]).toEqual(['PUT', '/api/products/99/image']);
    expect(((upload?.body as FormData).get('image') as File).name).toBe('bowl.png');
    expect(writes(calls)).toHaveLength(2);
    expect(await screen.findByText('Steel Bowl added')).toBeInTheDocument();
    expect(await within(table()).findByRole('rowheader', { name: 'Steel Bowl' })).toBeInTheDocument();
    expect(rowOf('Steel Bowl').querySelector('img')).toHaveAttribute('src', '/api/products/99/image?v=2');
  });

  it('keeps the created product when its picture is refused, says why, and sends another picture', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeProducts([food], {
      'PUT /api/products/99/image': () =>
        refuse ? { status: 415, body: { error: PRODUCT_MSG.imageType, code: 'UNSUPPORTED_MEDIA_TYPE' } } : undefined,
    });
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = productForm('Add a product');
    await fillNewProduct(user, form);
    await user.upload(form.picture(), png('fake.png'));
    await user.click(form.button('Add product'));

    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      `Steel Bowl is added, but its picture is not: ${PRODUCT_MSG.imageType}`,
    );
    expect(form.picture()).toHaveAccessibleDescription(PRODUCT_MSG.imageType);
    // Everything typed is still there, and the product is in the list.
    expect(form.name()).toHaveValue('Steel Bowl');
    expect(form.details()).toHaveValue('A heavy steel bowl that does not tip over.');
    expect(await within(table()).findByRole('rowheader', { name: 'Steel Bowl' })).toBeInTheDocument();

    refuse = false;
    await user.upload(form.picture(), png('real.png'));
    await user.click(within(form.dialog).getByRole('button', { name: 'Try the picture again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/products',
      'PUT /api/products/99/image',
      'PUT /api/products/99/image',
    ]);
    expect(((writes(calls)[2]?.body as FormData).get('image') as File).name).toBe('real.png');
    expect(await screen.findByText('Steel Bowl added')).toBeInTheDocument();
  });

  it('saving again after a refused picture edits the created product instead of adding it twice', async () => {
    const user = userEvent.setup();
    const calls = fakeProducts([food], {
      'PUT /api/products/99/image': () => ({
        status: 413,
        body: { error: PRODUCT_MSG.imageTooLarge, code: 'PAYLOAD_TOO_LARGE' },
      }),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = productForm('Add a product');
    await fillNewProduct(user, form);
    await user.upload(form.picture(), png());
    await user.click(form.button('Add product'));
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(PRODUCT_MSG.imageTooLarge);

    await user.clear(form.stock());
    await user.type(form.stock(), '15');
    await user.click(form.button('Save changes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(4));
    expect(writes(calls).map((c) => [`${c.method} ${c.url}`, c.body instanceof FormData ? 'picture' : c.body])).toEqual(
      [
        ['POST /api/products', expect.objectContaining({ name: 'Steel Bowl' })],
        ['PUT /api/products/99/image', 'picture'],
        ['PUT /api/products/99', { stock: 15 }],
        ['PUT /api/products/99/image', 'picture'],
      ],
    );

    // Closing keeps the product, without a picture.
    await user.click(form.button('Close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cellsOf('Steel Bowl')).toContain('15');
  });

  it('shows a taken name by the name field', async () => {
    const user = userEvent.setup();
    fakeProducts([food], {
      'POST /api/products': () => ({ status: 409, body: { error: PRODUCT_MSG.nameTaken, code: 'CONFLICT' } }),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = productForm('Add a product');
    await fillNewProduct(user, form);
    await user.click(form.button('Add product'));
    await waitFor(() => expect(form.name()).toHaveAccessibleDescription(PRODUCT_MSG.nameTaken));
    expect(form.name()).toHaveFocus();
  });
});

describe('editing a product', () => {
  it('prefills the form, sends only what changed, replaces the picture', async () => {
    const user = userEvent.setup();
    const calls = fakeProducts([food, toy]);
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    const opener = await chooseRowAction(user, rowOf('Rope Toy'), 'Rope Toy', 'Edit Rope Toy');
    const form = productForm('Edit Rope Toy');
    expect(form.name()).toHaveValue('Rope Toy');
    expect(form.price()).toHaveValue('299.5');
    expect(form.discount()).toHaveValue('10');
    expect(form.category()).toHaveValue('Toys');
    expect(form.stock()).toHaveValue('3');
    expect(within(form.dialog).getByRole('img', { name: 'Current picture of Rope Toy' })).toHaveAttribute(
      'src',
      '/images/products/2.svg',
    );

    await user.click(form.button('Save changes'));
    expect(within(form.dialog).getByRole('alert')).toHaveTextContent('Nothing has changed yet.');
    expect(writes(calls)).toEqual([]);

    await user.clear(form.stock());
    await user.type(form.stock(), '50');
    await user.clear(form.discount());
    await user.type(form.discount(), '0');
    await user.upload(form.picture(), png('rope.webp'));
    await user.click(form.button('Save changes'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(writes(calls).map((c) => [`${c.method} ${c.url}`, c.body instanceof FormData ? 'picture' : c.body])).toEqual(
      [
        ['PUT /api/products/2', { discount: 0, stock: 50 }],
        ['PUT /api/products/2/image', 'picture'],
      ],
    );
    expect(await screen.findByText('Rope Toy saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(cellsOf('Rope Toy')).toEqual(['', 'Toys', '₹299.50', 'None', '50', 'Active', 'Actions▾']),
    );
  });

  it('shows a server refusal by its field, and a failure above the buttons', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } | undefined = {
      status: 400,
      body: {
        error: 'Invalid input',
        code: 'VALIDATION',
        details: [{ path: 'price', message: PRODUCT_MSG.priceInvalid }],
      },
    };
    fakeProducts([food], { 'PUT /api/products/1': () => answer });
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    await chooseRowAction(user, table(), 'Dog Food 5 kg', 'Edit Dog Food 5 kg');
    const form = productForm('Edit Dog Food 5 kg');
    await user.clear(form.price());
    await user.type(form.price(), '1300');
    await user.click(form.button('Save changes'));
    await waitFor(() => expect(form.price()).toHaveAccessibleDescription(PRODUCT_MSG.priceInvalid));

    answer = { status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } };
    await user.click(form.button('Save changes'));
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      'Could not save the product. Please try again.',
    );
    expect(form.price()).toHaveValue('1300');
  });
});

describe('deactivating and reactivating', () => {
  it('asks first, then takes the product out of the catalogue and brings it back', async () => {
    const user = userEvent.setup();
    const calls = fakeProducts([food, toy]);
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    const more = await chooseRowAction(user, rowOf('Rope Toy'), 'Rope Toy', 'Deactivate Rope Toy');
    let confirm = screen.getByRole('dialog', { name: 'Deactivate Rope Toy?' });
    expect(confirm).toHaveAccessibleDescription(/leaves the catalogue/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(more).toHaveFocus();
    expect(writes(calls)).toEqual([]);

    await chooseRowAction(user, rowOf('Rope Toy'), 'Rope Toy', 'Deactivate Rope Toy');
    confirm = screen.getByRole('dialog', { name: 'Deactivate Rope Toy?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(rowOf('Rope Toy')).findByText('Inactive')).toBeInTheDocument();
    expect(await screen.findByText('Rope Toy is deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await chooseRowAction(user, rowOf('Rope Toy'), 'Rope Toy', 'Reactivate Rope Toy');
    confirm = screen.getByRole('dialog', { name: 'Reactivate Rope Toy?' });
    expect(confirm).toHaveAccessibleDescription(/customers can order it \(3 in stock\)/);
    await user.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    expect(await within(rowOf('Rope Toy')).findByText('Active')).toBeInTheDocument();
    expect(writes(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/products/2', { active: false }],
      ['/api/products/2', { active: true }],
    ]);
  });

  it('shows a refusal in a toast and keeps the row as it was', async () => {
    const user = userEvent.setup();
    fakeProducts([food], {
      'PUT /api/products/1': () => ({ status: 404, body: { error: 'Product not found', code: 'NOT_FOUND' } }),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    await chooseRowAction(user, table(), 'Dog Food 5 kg', 'Deactivate Dog Food 5 kg');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(within(rowOf('Dog Food 5 kg')).getByText('Active')).toBeInTheDocument();
  });
});

describe('accessibility', () => {
  it('has no serious axe violations: the list, the form with its messages, and the confirmation', async () => {
    const user = userEvent.setup();
    fakeProducts([food, toy, shampoo, bed], {
      'PUT /api/products/99/image': () => ({
        status: 415,
        body: { error: PRODUCT_MSG.imageType, code: 'UNSUPPORTED_MEDIA_TYPE' },
      }),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Products' });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = productForm('Add a product');
    await user.click(form.button('Add product'));
    expect(form.name()).toHaveAccessibleDescription(PRODUCT_MSG.nameRequired);
    expect(await axeViolations()).toEqual([]);

    await fillNewProduct(user, form);
    await user.upload(form.picture(), png());
    await user.click(form.button('Add product'));
    await within(form.dialog).findByRole('alert');
    expect(await axeViolations()).toEqual([]);
    await user.click(form.button('Close'));

    await user.click(within(table()).getByRole('button', { name: 'More actions for Rope Toy' }));
    screen.getByRole('menu', { name: 'More actions for Rope Toy' });
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('menuitem', { name: 'Deactivate Rope Toy' }));
    screen.getByRole('dialog', { name: 'Deactivate Rope Toy?' });
    expect(await axeViolations()).toEqual([]);
  });
});
