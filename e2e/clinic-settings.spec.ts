import type { Browser, Page } from '@playwright/test';
import {
  ADMIN,
  clinicDay,
  expect,
  signIn,
  newUserDetails,
  pickDay,
  registerCustomer,
  seriousViolations,
  test,
} from './fixtures.ts';
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from './own-server.ts';

/**
 * An admin changes the clinic's settings at /admin/settings and customers' calendars follow at once. This spec runs
 * a server of its own (on its own embedded database, or a scratch PostgreSQL database with TEST_DATABASE_URL): the
 * closures and hours it saves would otherwise change the days every other spec books on.
 */

// The first test also waits for its server to start on a fresh database (half a minute on a busy machine), and each
// drives two browsers.
test.describe.configure({ timeout: 150_000 });

let server: OwnServer;
let dispose: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  ({ server, dispose } = await startOwnServer('settings', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    CLINIC_TZ: process.env.E2E_CLINIC_TZ ?? 'Asia/Kolkata',
    CLINIC_HOURS: 'Mon-Sun 09:00-18:00',
  }));
});

test.afterAll(async () => {
  await dispose?.();
});

const WEEKDAY = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The next clinic day (from tomorrow on) that falls on `weekday`. */
function next(weekday: string): string {
  for (let offset = 1; ; offset++) {
    const d = clinicDay(offset);
    if (WEEKDAY[new Date(`${d}T12:00:00Z`).getUTCDay()] === weekday) return d;
  }
}

/** The admin on /admin/settings, reached from the admin's navigation. */
async function openSettings(page: Page) {
  await signIn(page, { ...ADMIN, role: 'admin' }, server.url);
  // The admin's links fold behind Menu when they do not fit the header's row.
  const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
}

/** A new customer signed in on the spec's server, in a browser of their own, on the booking page. */
async function customerOnSlots(browser: Browser) {
  const details = newUserDetails('Customer');
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerCustomer(context.request, details, server.url);
  await signIn(page, { ...details, role: 'user' }, server.url);
  await page.goto(`${server.url}/slots`);
  await expect(page.getByRole('heading', { name: 'Book a visit' })).toBeVisible();
  return { context, page };
}

test('an admin closes next Monday, and the customer calendar shows it closed with the reason', async ({
  page,
  browser,
}) => {
  const monday = next('Monday');
  await openSettings(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add closure' }).click();
  const closure = page.getByRole('group', { name: 'Closure 1' });
  await expect(closure.getByLabel('From')).toBeFocused();
  await closure.getByLabel('From').fill(monday);
  await expect(closure.getByLabel('To')).toHaveValue(monday);
  await closure.getByLabel('Reason').fill('Staff training');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('heading', { name: 'Clinic settings saved.' })).toBeFocused();
  await expect(page.getByText('Every upcoming booking is within the opening hours.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const customer = await customerOnSlots(browser);
  const [y, m, d] = monday.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  const closed = customer.page.getByRole('button', {
    name: new RegExp(`Monday, ${d} ${month} ${y}, closed: Staff training$`),
  });
  await expect(customer.page.getByText(/Days in bold have free times|No free times this month/)).toBeVisible();
  // The day may be on next month's page of the calendar.
  if (monday.slice(0, 7) !== clinicDay(0).slice(0, 7))
    await customer.page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await expect(closed).toBeDisabled();
  await expect(customer.page.getByRole('listitem').filter({ hasText: /: Staff training$/ })).toBeVisible();
  // A booking sent for that day anyway is refused with the reason.
  const token = await customer.page.evaluate(() => localStorage.getItem('token'));
  const res = await customer.context.request.post(`${server.url}/api/slots/book`, {
    headers: { authorization: `Bearer ${token}` },
    data: { schedule: `${monday} at 10:00`, petName: 'Bruno', ownerName: 'Pet Owner', phone: '9876543210' },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { error: string }).error).toMatch(
    /^The clinic is closed on Mon, .*: Staff training\.$/,
  );
  expect(await seriousViolations(customer.page)).toEqual([]);
  await customer.context.close();
});

test("an admin changes Saturday's hours, and the customer's time grid for Saturday follows", async ({
  page,
  browser,
}) => {
  const saturday = next('Saturday');
  await openSettings(page);
  // The rest on a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  const day = page.getByRole('group', { name: 'Saturday' });
  await day.getByLabel('Opens').fill('10:00');
  await day.getByLabel('Closes').fill('13:00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('heading', { name: 'Clinic settings saved.' })).toBeFocused();
  // Nothing of the form runs off a phone's screen.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  const customer = await customerOnSlots(browser);
  await pickDay(customer.page, saturday);
  await expect(customer.page.getByText(/^Open 10:00 to 13:00\./)).toBeVisible();
  const grid = customer.page.getByRole('group', { name: 'Time' });
  await expect(grid.getByRole('radio')).toHaveCount(6);
  for (const time of ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'])
    await expect(grid.getByRole('radio', { name: new RegExp(`^${time}`) })).toBeVisible();
  await expect(grid.getByRole('radio', { name: /^09:00/ })).toHaveCount(0);
  // Every page's footer says the week as it now is.
  await expect(customer.page.getByRole('contentinfo')).toContainText(
    'Open Mon-Fri 09:00-18:00, Sat 10:00-13:00, Sun 09:00-18:00. Emergencies around the clock.',
  );
  expect(await seriousViolations(customer.page)).toEqual([]);
  await customer.context.close();
});
