import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http';
import {
  ADMIN,
  apiLogin,
  BASE_URL,
  bookThroughForm,
  clinicDay,
  createUser,
  expect,
  signIn,
  seriousViolations,
  test,
} from './fixtures.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A day as the analytics tables name it: 'Tue, 4 Mar 2031'. */
function tableDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${d} ${MONTHS[m - 1]} ${y}`;
}

/** A product no other test orders, so today's figures for it are this test's alone. */
const PRODUCT = 'Adjustable Pet Harness';

test.describe('admin analytics', () => {
  test('a booking and an order made now are counted on the analytics page, its tables and CSV files', async ({
    page,
    request,
  }, testInfo) => {
    // Two people, a booking, an order and three axe runs.
    test.slow();
    // A day no other test (nor an earlier try of this one) books: the figures of that day are this booking's alone.
    const day = clinicDay(53 + testInfo.retry);
    // What the last 7 days already hold of the product (an earlier try of this test may have ordered it).
    const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
    const before = (await (
      await request.get(`${BASE_URL}/api/analytics?from=${clinicDay(-6)}&to=${clinicDay(0)}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { topProducts: { name: string; quantity: number; revenue: number }[] };
    const earlier = before.topProducts.find((p) => p.name === PRODUCT) ?? { quantity: 0, revenue: 0 };
    const customer = await createUser(request, 'user');
    const petName = `Nala ${customer.name.split(' ')[1]}`;
    await signIn(page, customer);
    await page.goto('/slots');
    await bookThroughForm(page, { date: day, time: '10:00', petName });
    await expect(page.getByText('Slot booked successfully!')).toBeVisible();

    const products = (await (await request.get(`${BASE_URL}/api/products?q=Harness`)).json()) as {
      id: number;
      name: string;
    }[];
    const product = products.find((p) => p.name === PRODUCT)!;
    const placed = await request.post(`${BASE_URL}/api/orders`, {
      headers: { authorization: `Bearer ${customer.token}`, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: {
        items: [{ productId: product.id, quantity: 3 }],
        address: {
          name: customer.name,
          pin: '700019',
          city: 'Kolkata',
          house: '12B',
          landmark: 'Near Lake Mall',
          state: 'West Bengal',
          country: 'India',
        },
        paymentMethod: 'cod',
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { total: number };
    const units = String(earlier.quantity + 3);
    const revenue = (earlier.revenue + order.total).toFixed(2);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, { email: ADMIN.email, password: ADMIN.password, role: 'admin' });
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    // Six charts to draw: a busy machine may take a while.
    await expect(page.getByRole('heading', { name: 'Bookings per day' })).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // Today's order: the top products of the last 7 days hold it, and so does their CSV file.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(/\?days=7$/);
    const top = page.getByRole('region', { name: 'Top products', exact: true });
    await top.getByText('Show table').click();
    const productRow = top.getByRole('table', { name: 'Top products' }).getByRole('row', { name: new RegExp(PRODUCT) });
    await expect(productRow.getByRole('cell').first()).toHaveText(units);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      top.getByRole('link', { name: 'Download CSV of top products' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pawcare-top-products-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Product,Units,Revenue (INR)');
    expect(csv).toContain(`\r\n${PRODUCT},${units},${revenue}\r\n`);

    // The booking's day, as a custom range: one pending checkup, and nothing else.
    await page.getByRole('button', { name: 'Custom range' }).click();
    const form = page.getByRole('form', { name: 'Custom range' });
    await form.getByLabel('From').fill(day);
    await form.getByLabel('To').fill(day);
    await form.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
    const bookings = page.getByRole('region', { name: 'Bookings per day', exact: true });
    await expect(bookings.getByRole('img', { name: /: 1 in all/ })).toBeVisible();
    await bookings.getByRole('button', { name: 'By status' }).click();
    await bookings.getByText('Show table').click();
    const dayRow = bookings.getByRole('row', { name: new RegExp(tableDay(day)) });
    await expect(bookings.getByRole('columnheader')).toHaveText(['Day', 'Pending', 'Total']);
    await expect(dayRow.getByRole('cell')).toHaveText(['1', '1']);
    await expect(
      page.getByRole('region', { name: 'Revenue per day', exact: true }).getByText('No orders in this range'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the charts shrink to the screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page.getByRole('img', { name: /^Revenue per day from/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
