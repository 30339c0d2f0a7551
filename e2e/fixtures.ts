import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { addDays, formatDayLong, todayIn } from '#shared/dates';

export { expect };

export type Role = 'user' | 'employee' | 'admin';

/** A user created for one test, with the password to log in. */
export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  phone: string;
  role: Role;
  token: string;
}

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.pawcare.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
};

/** A 1x1 PNG that decodes (pet photos are re-encoded): the smallest identity proof or pet photo the server accepts. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8ffffff7f0009fb03fd08d1e81e0000000049454e44ae426082',
  'hex',
);

/** Where each role lands after login (spec section 4). */
/**
 * The tag of the flows CI also runs on the embedded database (`npm run test:embedded`); the whole browser suite runs
 * on PostgreSQL with Redis. See docs/decisions/032-ci-runs-the-browser-suite-once.md.
 */
export const EMBEDDED = { tag: '@embedded' };

export const HOME_OF: Record<Role, string> = { user: '/homeusers', employee: '/employee/home', admin: '/admin/home' };

const letters = (n: number) =>
  Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

/** Fresh, valid registration details (names hold letters and spaces only, as the spec requires). */
export function newUserDetails(label = 'Tester') {
  const tag = randomBytes(5).toString('hex');
  return {
    name: `${label} ${letters(6)}`,
    email: `${label.toLowerCase().replace(/\s+/g, '-')}-${tag}@e2e.pawcare.test`,
    password: `pw-${tag}`,
    phone: `9${String(Number.parseInt(tag, 16) % 1_000_000_000).padStart(9, '0')}`,
  };
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Logs in through the API (of the server at `baseUrl`) and returns the token. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
  baseUrl = BASE_URL,
): Promise<string> {
  const body = await json<{ token: string }>(
    await request.post(`${baseUrl}/api/auth/login`, { data: { email, password } }),
  );
  return body.token;
}

/** Registers a customer through the API (with a small PNG as identity proof) on the server at `baseUrl`. */
export async function registerCustomer(
  request: APIRequestContext,
  d: ReturnType<typeof newUserDetails>,
  baseUrl = BASE_URL,
): Promise<{ token: string; user: { id: string } }> {
  return json(
    await request.post(`${baseUrl}/api/auth/register`, {
      multipart: {
        name: d.name,
        email: d.email,
        password: d.password,
        phone: d.phone,
        identityProof: { name: 'id.png', mimeType: 'image/png', buffer: TINY_PNG },
      },
    }),
  );
}

/**
 * Creates a user of a role through the API: registers a customer, then the admin promotes it when another role is
 * wanted.
 */
export async function createUser(request: APIRequestContext, role: Role = 'user', label?: string): Promise<TestUser> {
  const d = newUserDetails(label ?? { user: 'Customer', employee: 'Employee', admin: 'Admin' }[role]);
  const reg = await registerCustomer(request, d);
  let token = reg.token;
  if (role !== 'user') {
    const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
    await json(
      await request.put(`${BASE_URL}/api/users/${reg.user.id}/role`, {
        data: { role },
        headers: { authorization: `Bearer ${adminToken}` },
      }),
    );
    token = await apiLogin(request, d.email, d.password);
  }
  return { id: reg.user.id, ...d, role, token };
}

/** A customer and an employee, the two sides of most flows. */
export async function customerAndEmployee(request: APIRequestContext): Promise<[TestUser, TestUser]> {
  return Promise.all([createUser(request, 'user'), createUser(request, 'employee')]);
}

/**
 * Logs in through the login form, as a person would, and waits for the role's landing page; `baseUrl` for a server
 * of the spec's own (default: the shared one).
 */
export async function loginViaUI(
  page: Page,
  user: { email: string; password: string; role: Role },
  baseUrl = '',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`${HOME_OF[user.role]}$`), { timeout: 15_000 });
  // The address changes before the signed-in layout's code has loaded: wait for its navbar, not the login page's.
  await expect(page.getByRole('link', { name: /^Profile of / })).toBeVisible({ timeout: 15_000 });
}

/**
 * Signs a person in for a test about something else: the session a login stores (the token and the account, as
 * `GET /api/auth/me` returns it under `user`) is put in the page's storage, then their home page opens and shows their navbar.
 * The login form itself is driven by `loginViaUI` in the specs about logging in; it spends the spec's 2 s on the
 * welcome toast before leaving, which a hundred tests need not wait for. `baseUrl` for a server of the spec's own.
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string; role: Role; token?: string },
  baseUrl = '',
): Promise<void> {
  const server = baseUrl || BASE_URL;
  const request = page.context().request;
  const token = user.token ?? (await apiLogin(request, user.email, user.password, server));
  // The account under `user`, as a login stores it (the answer also has its fields at the top, decision 043).
  const { user: account } = await json<{ user: { role: Role } }>(
    await request.get(`${server}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }),
  );
  // Any page of the site's origin will do to write its storage; the health check is the smallest.
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(account)] as const,
  );
  await page.goto(`${baseUrl}${HOME_OF[user.role]}`);
  await expect(page.getByRole('link', { name: /^Profile of / })).toBeVisible({ timeout: 15_000 });
}

/**
 * A second person signed in in their own browser context, with a console-error guard like the main page's: a test
 * that cares asserts `problems` is empty at its end.
 */
export async function signedIn(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await signIn(page, user);
  return { context, page, problems };
}

/** Runs axe (WCAG 2.x A/AA rules) and returns the serious and critical violations, readable in a failure. */
export async function seriousViolations(page: Page) {
  // Let toasts and lazy content settle: axe should judge the page a person sees.
  await page.waitForLoadState('networkidle');
  // Legacy mode runs axe in the page itself. The default opens a blank page per run to merge the results of every
  // frame, which doubles the time of a run; the app has no frames, so the violations found are the same.
  // resultTypes: the passing and inapplicable nodes are not collected, only the violations this returns.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/** The e2e server's clinic time zone, chosen by playwright.config.ts so that it is about noon there. */
const CLINIC_TZ = process.env.E2E_CLINIC_TZ ?? 'Asia/Kolkata';

/** A clinic-local day `offset` days from today, as 'YYYY-MM-DD'. Each test uses its own day so they never collide. */
export const clinicDay = (offset: number): string => addDays(todayIn(CLINIC_TZ), offset);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Picks a day on the booking calendar (the form's, or the one in `scope`, e.g. the Change slot dialog) as a person
 * would: next month until the day shows, then the day's button, named "Tuesday, 4 March 2031, 3 free times".
 */
export async function pickDay(scope: Page | Locator, date: string) {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const day = scope.getByRole('button', { name: new RegExp(`^(Today, )?${formatDayLong(date)}, \\d+ free times?`) });
  const shown = scope.getByRole('grid').first();
  for (let i = 0; i < 4; i++) {
    await expect(scope.getByText(/Days in bold have free times|No free times this month/)).toBeVisible();
    const caption = (await shown.getAttribute('aria-label')) ?? '';
    if (caption.includes(MONTHS[m - 1]!) && caption.includes(String(y))) break;
    await scope.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await day.click();
}

/** Fills and sends the slot booking form (a pet typed by name, the default service). */
export async function bookThroughForm(page: Page, o: { date: string; time: string; petName: string; petAge?: string }) {
  await pickDay(page, o.date);
  await page.getByRole('radio', { name: new RegExp(`^${o.time}`) }).check();
  await page.getByLabel('Pet name').fill(o.petName);
  if (o.petAge) await page.getByLabel('Pet age (years)').fill(o.petAge);
  await page.getByRole('button', { name: 'Book Slot' }).click();
}

/** A product's card in the catalogue. */
export const productCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** From the catalogue's Add to Cart (a cart of that one product) to a placed order, with the address already saved. */
export async function checkout(
  page: Page,
  o: { quantity: number; total: string; payment: 'Cash on Delivery' | 'UPI/QR' },
) {
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(o.quantity));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items in your order' })).toContainText(o.total);
  await page.getByRole('radio', { name: new RegExp(`^${o.payment.replace('/', '\\/')}`) }).check();
  if (o.payment === 'UPI/QR') {
    await expect(
      page.getByRole('img', { name: new RegExp(`UPI QR code to pay ${o.total.replace('.', '\\.')}`) }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Place order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(dialog).toContainText(o.total);
  await dialog.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText(/placed successfully!/).first()).toBeVisible();
  // The new order's own page confirms it.
  await expect(page).toHaveURL(/\/customer\/my-orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed', level: 1 })).toBeVisible();
}

/**
 * Chooses one of a row's actions as a person would: the row's "More actions for <name>" button (in `scope`, default
 * the page), then the action in the menu that opens, by its exact accessible name ('Delete Meera').
 */
export async function chooseRowAction(page: Page, name: string, action: string, scope: Page | Locator = page) {
  await scope.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `More actions for ${name}`, exact: true })
    .getByRole('menuitem', { name: action, exact: true })
    .click();
}

/**
 * An order on staff's orders page: its compact row (number, customer, total, status, payment, date) and its details
 * (lines, address, UPI reference, next steps), which `open` shows from the row's Details button.
 */
export function staffOrder(page: Page, number: string) {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
  const details = page.getByRole('region', { name: `Order ${number}` });
  return {
    row,
    details,
    async open() {
      const toggle = row.getByRole('button', { name: `Details of order ${number}` });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(details).toBeVisible();
      return details;
    },
  };
}

/** Opens a customer's chat box and waits until it is online. */
export async function openCustomerChat(page: Page) {
  await page.getByRole('button', { name: /^Chat/ }).click();
  const box = page.getByRole('region', { name: 'Chat with support' });
  await expect(box).toBeVisible();
  await expect(box.getByRole('status')).toHaveText('Online');
  return box;
}

// Console noise a test may legitimately cause: the browser logs every 4xx answer the app handles on purpose.
const ALWAYS_ALLOWED = [/Failed to load resource: the server responded with a status of 4\d\d/];

type Fixtures = {
  /** Console errors this test expects, as patterns. */
  allowedConsoleErrors: RegExp[];
  /** Declares a console error this test provokes on purpose (e.g. a server failure it simulates). */
  allowConsoleErrors: (pattern: RegExp) => void;
  consoleGuard: void;
};

/** `test` with a guard that fails any test whose page logged an unexpected console.error or threw. */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  allowedConsoleErrors: async ({}, provide) => {
    await provide([]);
  },
  allowConsoleErrors: async ({ allowedConsoleErrors }, provide) => {
    await provide((pattern) => {
      allowedConsoleErrors.push(pattern);
    });
  },
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, provide) => {
      const problems: string[] = [];
      const allowed = (text: string) => [...ALWAYS_ALLOWED, ...allowedConsoleErrors].some((p) => p.test(text));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !allowed(msg.text())) problems.push(`console.error: ${msg.text()}`);
      });
      page.on('pageerror', (err) => {
        if (!allowed(err.message)) problems.push(`uncaught: ${err.message}`);
      });
      await provide();
      expect(problems, 'the page logged unexpected errors').toEqual([]);
    },
    { auto: true },
  ],
});
