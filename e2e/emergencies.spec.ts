import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createUser, customerAndEmployee, expect, signIn, seriousViolations, test, type TestUser } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Resolves once the page's socket has joined (Socket.IO's CONNECT ack, a frame starting with "40"). */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
}

/** A staff member signed in in a browser of their own, connected live, with a guard for console errors. */
async function staffBrowser(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  const ready = socketReady(page);
  await signIn(page, user);
  await ready;
  return { context, page, problems };
}

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

async function openCount(request: APIRequestContext, staff: TestUser): Promise<number> {
  const res = await request.get('/api/emergencies/count', { headers: auth(staff) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { open: number }).open;
}

/** True when the page is no wider than its window (nothing to scroll sideways). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('emergencies', () => {
  test('a customer raises an emergency; the open staff queue, badge and banner show it live, and staff steps reach the customer live', async ({
    page,
    browser,
    request,
  }) => {
    // Two browsers and two logins on a small machine.
    test.slow();
    const [customer, employee] = await customerAndEmployee(request);
    const pet = await request.post('/api/pets', { data: { name: 'Biscuit', species: 'dog' }, headers: auth(customer) });
    expect(pet.status(), await pet.text()).toBe(201);

    // Staff have the queue open before anything happens.
    const staff = await staffBrowser(browser, employee);
    const nav = staff.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /^Emergencies/ }).click();
    await expect(staff.page).toHaveURL(/\/employee\/emergencies$/);
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Emergencies' })).toBeVisible();
    await expect(staff.page.getByRole('heading', { name: /^Open requests/ })).toBeVisible();
    // Chromium reads the visually hidden comma as its own piece: "Emergencies , 1 open".
    const badge = (n: number) => nav.getByRole('link', { name: new RegExp(`^Emergencies\\s*,\\s*${n} open$`) });
    // The badge says the server's count of open requests; other tests raise requests of their own meanwhile.
    const badgeShowsServerCount = () =>
      expect(async () => {
        const open = await openCount(request, employee);
        const link = open === 0 ? nav.getByRole('link', { name: 'Emergencies', exact: true }) : badge(open);
        await expect(link).toBeVisible({ timeout: 2_000 });
      }).toPass();

    // The customer finds emergency care from their home page, and in the navbar of every page.
    const customerReady = socketReady(page);
    await signIn(page, customer);
    await customerReady;
    await page.goto('/servicescustomers');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Emergency' })).toBeVisible();
    await page.goto('/homeusers');
    await page.getByRole('link', { name: 'Get emergency care' }).click();
    await expect(page).toHaveURL(/\/customer\/emergency$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Emergency pet care' })).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveValue(customer.phone);
    await page.getByLabel(/^Pet/).selectOption({ label: 'Biscuit' });
    await page.getByLabel(/What happened/).fill('Swallowed a sock and keeps retching.');
    await page.getByRole('radio', { name: 'Please collect my pet' }).check();
    await page.getByLabel(/Pickup address/).fill('12 Lake Road, Kolkata');
    await page.getByRole('button', { name: 'Send emergency request' }).click();

    const heading = page.getByRole('heading', { name: 'Your emergency request for Biscuit' });
    await expect(heading).toBeFocused();
    const status = page.getByRole('region', { name: /^Your emergency request/ }).getByRole('status');
    await expect(status).toHaveText('Waiting for a vet');

    // The staff screen follows without a reload: the request, the count, the banner.
    const item = staff.page.getByRole('article', { name: 'Biscuit' });
    await expect(item).toContainText(customer.name);
    await expect(item).toContainText('Swallowed a sock and keeps retching.');
    await expect(item.getByRole('link', { name: customer.phone })).toHaveAttribute('href', `tel:${customer.phone}`);
    await expect(item.getByRole('link', { name: /12 Lake Road, Kolkata/ })).toBeVisible();
    await badgeShowsServerCount();
    const banner = staff.page.getByRole('alert').filter({ hasText: 'New emergency request' });
    await expect(banner).toContainText('Biscuit');

    // Staff acknowledge it: the customer's page says so, live.
    await item.getByRole('button', { name: 'Acknowledge request for Biscuit' }).click();
    await expect(item).toContainText('Seen by a vet');
    await expect(status).toHaveText('A vet has seen your request');

    await item.getByLabel('Triage level').selectOption({ label: '1 Critical' });
    await expect(item).toContainText('Triage 1 · Critical');
    await item.getByRole('button', { name: 'Assign to me request for Biscuit' }).click();
    await expect(status).toHaveText(`Assigned to ${employee.name}`);

    // The banner stays until opened.
    await banner.getByRole('link', { name: 'Open the emergency queue' }).click();
    await expect(banner).toHaveCount(0);

    // A note from staff reaches the customer's page; the closing one is the outcome the customer reads.
    await item
      .getByRole('textbox', { name: /^Note for the customer/ })
      .fill('Keep Biscuit still; the van is 10 minutes away.');
    await item.getByRole('button', { name: 'Add note request for Biscuit' }).click();
    await expect(page.getByRole('region', { name: 'Notes from the clinic' })).toContainText(
      'Keep Biscuit still; the van is 10 minutes away.',
    );
    await item
      .getByRole('textbox', { name: /^Note for the customer/ })
      .fill('Sock removed; Biscuit goes home tonight.');
    await item.getByRole('button', { name: 'Resolve request for Biscuit' }).click();
    const confirm = staff.page.getByRole('dialog', { name: 'Resolve the request for Biscuit?' });
    await confirm.getByRole('button', { name: 'Resolve' }).click();
    await expect(status).toHaveText('Resolved');
    await expect(page.getByText('Sock removed; Biscuit goes home tonight.')).toBeVisible();
    // Back later the same day, the customer finds the outcome, not an empty form.
    await page.reload();
    await expect(page.getByText('Sock removed; Biscuit goes home tonight.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send emergency request' })).toBeHidden();
    await expect(staff.page.getByRole('heading', { name: /^Open requests/ })).toBeVisible();
    await expect(staff.page.getByText(/^Resolved \(\d+\)$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ask for help again' })).toBeVisible();
    await badgeShowsServerCount();

    expect(staff.problems, 'the staff page logged unexpected errors').toEqual([]);
    await staff.context.close();
  });

  test('the request form and the staff queue have no serious accessibility violations on a phone and a desktop', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const [customer, employee] = await customerAndEmployee(request);
    const other = await createUser(request, 'user');
    // A visitor is asked to log in on the way to the form.
    await page.goto('/services');
    await page.getByRole('link', { name: 'Request emergency care' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, customer);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/customer/emergency');
      await expect(page.getByRole('button', { name: 'Send emergency request' })).toBeVisible();
      await page.getByRole('radio', { name: 'Please collect my pet' }).check();
      // Sent empty: the messages are part of what is checked.
      await page.getByLabel(/Pickup address/).fill('');
      await page.getByRole('button', { name: 'Send emergency request' }).click();
      await expect(page.getByText('Tell us what happened', { exact: true })).toBeVisible();
      expect(await seriousViolations(page), `the form at ${size.width} px`).toEqual([]);
      await expect.poll(() => fitsWidth(page)).toBe(true);
    }

    // Another customer's request is in the queue while staff look at it.
    const raised = await request.post('/api/emergencies', {
      headers: auth(other),
      data: { petName: 'Pepper', description: 'Bitten by a dog', phone: other.phone, needsPickup: false },
    });
    expect(raised.status(), await raised.text()).toBe(201);
    const { id } = (await raised.json()) as { id: string };
    const staff = await staffBrowser(browser, employee);
    for (const size of [PHONE, DESKTOP]) {
      await staff.page.setViewportSize(size);
      await staff.page.goto('/employee/emergencies');
      await expect(staff.page.getByRole('article', { name: 'Pepper' })).toBeVisible();
      expect(await seriousViolations(staff.page), `the queue at ${size.width} px`).toEqual([]);
      await expect.poll(() => fitsWidth(staff.page)).toBe(true);
    }
    const resolved = await request.put(`/api/emergencies/${id}`, {
      headers: auth(employee),
      data: { status: 'resolved' },
    });
    expect(resolved.status(), await resolved.text()).toBe(200);
    expect(staff.problems, 'the staff page logged unexpected errors').toEqual([]);
    await staff.context.close();
  });
});
