import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http';
import { MSG } from '#shared/messages';
import { SEEDED_OFFERING_IDS } from '../server/offerings/seeded.ts';
import {
  ADMIN,
  BASE_URL,
  clinicDay,
  createUser,
  expect,
  signIn,
  openCustomerChat,
  seriousViolations,
  staffOrder,
  test,
  type TestUser,
} from './fixtures.ts';

/**
 * Every staff and admin list on a phone (390 px) and on a laptop (1366 px): nothing scrolls sideways, every control
 * of the page lies inside the window, e-mail addresses break only before their @ or a dot (two lines at most), the
 * "loaded" toast leaves the page's title readable, and axe finds nothing serious.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const SIZES = [PHONE, LAPTOP];

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** The people of these tests have long e-mail addresses, the kind that used to break one character per line. */
const LONG = 'Longname Household';

async function book(request: APIRequestContext, customer: TestUser, o: Record<string, string>) {
  const res = await request.post(`${BASE_URL}/api/slots/book`, {
    headers: auth(customer),
    data: { ownerName: customer.name, phone: customer.phone, ...o },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** The latest time of a day with a free seat for a service, so the booking lies ahead for the whole test. */
async function latestFreeTime(request: APIRequestContext, customer: TestUser, date: string, serviceId: string) {
  const res = await request.get(`${BASE_URL}/api/slots/availability?date=${date}&serviceId=${serviceId}`, {
    headers: auth(customer),
  });
  expect(res.status(), await res.text()).toBe(200);
  const { slots } = (await res.json()) as { slots: { time: string; available: number; past: boolean }[] };
  const free = slots.filter((s) => !s.past && s.available > 0).at(-1);
  if (!free) throw new Error(`No free time left on ${date} in the e2e clinic`);
  return free.time;
}

async function placeOrder(request: APIRequestContext, customer: TestUser) {
  const res = await request.post(`${BASE_URL}/api/orders`, {
    headers: { ...auth(customer), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    data: {
      items: [{ productId: 3, quantity: 1 }],
      address: {
        name: customer.name,
        pin: '700019',
        city: 'Kolkata',
        house: '12B',
        landmark: 'Near Lake Mall',
        state: 'West Bengal',
        country: 'India',
      },
      paymentMethod: 'upi',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { number: string };
}

async function raiseEmergency(request: APIRequestContext, customer: TestUser, petName: string) {
  const res = await request.post(`${BASE_URL}/api/emergencies`, {
    headers: auth(customer),
    data: { petName, description: 'Ate a sock this morning', phone: customer.phone, needsPickup: false },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Every control of the main content that lies (partly) outside the window, left or right. */
function controlsOffScreen(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    for (const el of main.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')) {
      const r = el.getBoundingClientRect();
      // Hidden, or drawn for screen readers only.
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < 0 || r.right > window.innerWidth + 0.5)
        out.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}"`);
    }
    return out;
  });
}

/**
 * How the shown copies of an e-mail address are laid out: the most lines any copy takes, and the places a copy
 * breaks other than before its '@' or a dot (a break inside a name). A copy is one text node, or an element whose
 * text is the address drawn in parts.
 */
function layoutOf(page: Page, text: string) {
  return page.evaluate((wanted) => {
    const copies: { node: Text; start: number; end: number }[][] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at >= 0) copies.push([{ node, start: at, end: at + wanted.length }]);
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (el.childElementCount === 0 || el.textContent !== wanted) continue;
      const parts: { node: Text; start: number; end: number }[] = [];
      const inner = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode() as Text | null; node; node = inner.nextNode() as Text | null)
        parts.push({ node, start: 0, end: node.length });
      copies.push(parts);
    }
    let most = 0;
    const badBreaks: string[] = [];
    for (const parts of copies) {
      const chars: { c: string; top: number }[] = [];
      for (const { node, start, end } of parts)
        for (let i = start; i < end; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          if (rect) chars.push({ c: node.data[i]!, top: Math.round(rect.top) });
        }
      most = Math.max(most, new Set(chars.map((ch) => ch.top)).size);
      chars.forEach((ch, i) => {
        if (i > 0 && ch.top !== chars[i - 1]!.top && ch.c !== '@' && ch.c !== '.')
          badBreaks.push(`${wanted.slice(0, i)} | ${wanted.slice(i)}`);
      });
    }
    return { lines: most, badBreaks };
  }, text);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

interface Check {
  path: string;
  /** Shown once the page has its rows. */
  ready: (page: Page) => Locator;
  /** What a person does before the actions show (opens a row's details or its menu). */
  reveal?: (page: Page) => Promise<void>;
  /** Row actions that must be on screen. */
  actions?: (page: Page) => Locator[];
  emails?: string[];
  /** A toast the page shows when it has loaded. */
  toast?: string;
}

async function checkPage(page: Page, c: Check) {
  for (const size of SIZES) {
    const where = `${c.path} at ${size.width} px`;
    await page.setViewportSize(size);
    await page.goto(c.path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toBeVisible();
    await expect(c.ready(page).first(), where).toBeVisible();

    if (c.toast) {
      const toast = page.locator('.Toastify__toast').filter({ hasText: c.toast });
      await expect(toast, where).toBeVisible();
      // Judge where the toast stays, not where it flies in from.
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const box = (await toast.boundingBox())!;
      // The title's words, not its heading box (which spans the page's width).
      const title = await h1.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
      });
      expect
        .soft(
          title.some((line) => overlaps(box, line)),
          `the "${c.toast}" toast covers the page title, ${where}`,
        )
        .toBe(false);
      // Dismissed, so axe below judges the page rather than a toast fading out.
      await toast.getByRole('button', { name: 'close' }).click();
      await expect(toast).toBeHidden();
    }

    await c.reveal?.(page);
    await page.screenshot({ path: `/tmp/shots/${c.path.replaceAll('/', '_')}-${size.width}.png`, fullPage: true });
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    expect.soft(scroll, `page wider than the window, ${where}`).toBeLessThanOrEqual(width);
    expect.soft(await controlsOffScreen(page), `controls off screen, ${where}`).toEqual([]);
    for (const action of c.actions?.(page) ?? []) {
      await expect(action, where).toBeVisible();
      const box = (await action.boundingBox())!;
      expect.soft(box.x, `${await action.textContent()} starts off screen, ${where}`).toBeGreaterThanOrEqual(0);
      expect
        .soft(box.x + box.width, `${await action.textContent()} ends off screen, ${where}`)
        .toBeLessThanOrEqual(size.width);
    }
    for (const email of c.emails ?? []) {
      const { lines, badBreaks } = await layoutOf(page, email);
      expect(lines, `${email} shown, ${where}`).toBeGreaterThan(0);
      expect.soft(lines, `${email} breaks over ${lines} lines, ${where}`).toBeLessThanOrEqual(2);
      expect.soft(badBreaks, `${email} breaks inside a name, ${where}`).toEqual([]);
    }
    expect.soft(await seriousViolations(page), where).toEqual([]);
  }
}

test.describe('staff and admin lists on a phone and a laptop', () => {
  test('admin: customers, employees, products, services, emergencies and the theme', async ({ page, request }) => {
    test.slow();
    const [customer, employee] = await Promise.all([
      createUser(request, 'user', `Customer ${LONG}`),
      createUser(request, 'employee', `Employee ${LONG}`),
    ]);
    await raiseEmergency(request, customer, 'Sockthief');
    await signIn(page, { ...ADMIN, role: 'admin' });

    const checks: Check[] = [
      { path: '/admin/home', ready: (p) => p.getByRole('radio', { name: 'Violet' }) },
      {
        path: `/admin/customer`,
        ready: (p) => p.getByRole('button', { name: `More actions for ${customer.name}` }),
        toast: MSG.customersLoaded,
        emails: [customer.email],
        reveal: (p) => p.getByRole('button', { name: `More actions for ${customer.name}` }).click(),
        actions: (p) => [
          p.getByRole('menuitem', { name: `Make employee: ${customer.name}` }),
          p.getByRole('menuitem', { name: `Delete ${customer.name}` }),
          p.getByRole('menuitem', { name: `View ID of ${customer.name}` }),
        ],
      },
      {
        path: '/admin/employee',
        ready: (p) => p.getByRole('button', { name: `More actions for ${employee.name}` }),
        toast: MSG.employeesLoaded,
        emails: [employee.email],
        reveal: (p) => p.getByRole('button', { name: `More actions for ${employee.name}` }).click(),
        actions: (p) => [
          p.getByRole('menuitem', { name: `Make customer: ${employee.name}` }),
          p.getByRole('menuitem', { name: `Delete ${employee.name}` }),
        ],
      },
      {
        path: '/admin/products',
        ready: (p) => p.getByRole('button', { name: /^More actions for / }),
        reveal: (p) =>
          p
            .getByRole('button', { name: /^More actions for / })
            .first()
            .click(),
        actions: (p) => [
          p.getByRole('menuitem', { name: /^Edit / }),
          p.getByRole('menuitem', { name: /^(Deactivate|Reactivate) / }),
        ],
      },
      {
        path: '/admin/services',
        ready: (p) => p.getByRole('button', { name: 'More actions for Pet Training' }),
        reveal: (p) => p.getByRole('button', { name: 'More actions for Pet Training' }).click(),
        actions: (p) => [p.getByRole('menuitem', { name: 'Edit Pet Training' })],
      },
      {
        path: '/admin/emergencies',
        ready: (p) => p.getByRole('article', { name: 'Sockthief' }),
      },
    ];
    for (const c of checks) await checkPage(page, c);
  });

  test('employee: dashboard, agenda, orders, rides, emergencies and chat', async ({ page, browser, request }) => {
    test.slow();
    const [customer, employee] = await Promise.all([
      createUser(request, 'user', `Customer ${LONG}`),
      createUser(request, 'employee', `Employee ${LONG}`),
    ]);
    const tomorrow = clinicDay(1);
    const checkupTime = await latestFreeTime(request, customer, tomorrow, SEEDED_OFFERING_IDS.checkup);
    await book(request, customer, { schedule: `${tomorrow} at ${checkupTime}`, petName: 'Wafflepaws' });
    const today = clinicDay(0);
    const rideTime = await latestFreeTime(request, customer, today, SEEDED_OFFERING_IDS.pickup);
    await book(request, customer, {
      schedule: `${today} at ${rideTime}`,
      petName: 'Roverino',
      serviceId: SEEDED_OFFERING_IDS.pickup,
      pickupAddress: '221 Very Long Lake Road Extension, Ballygunge, Kolkata',
    });
    const order = await placeOrder(request, customer);
    await raiseEmergency(request, customer, 'Sockthief');

    // The customer writes to the clinic, so the staff chat lists a conversation.
    const context = await browser.newContext();
    const customerPage = await context.newPage();
    await signIn(customerPage, customer);
    const box = await openCustomerChat(customerPage);
    await box.getByRole('textbox', { name: 'Message' }).fill('Is the clinic open on Sunday?');
    await box.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(box.getByText('Sending…')).toHaveCount(0);
    await context.close();

    await signIn(page, employee);
    const bookingActions = (p: Page) => [
      p.getByRole('button', { name: /^Confirm booking for Wafflepaws/ }),
      p.getByRole('button', { name: /^Cancel booking for Wafflepaws/ }),
    ];
    const checks: Check[] = [
      {
        path: '/employee/home',
        ready: (p) => p.getByRole('button', { name: /^Confirm booking for Wafflepaws/ }),
        actions: bookingActions,
        emails: [customer.email],
      },
      {
        path: '/employee/slots',
        ready: (p) => p.getByRole('button', { name: /^Confirm booking for Wafflepaws/ }),
        actions: bookingActions,
        emails: [customer.email],
      },
      {
        path: '/employee/orders',
        ready: (p) => staffOrder(p, order.number).row,
        reveal: async (p) => void (await staffOrder(p, order.number).open()),
        actions: (p) => {
          const card = staffOrder(p, order.number).details;
          return [
            card.getByRole('button', { name: /^Confirm/ }),
            card.getByRole('button', { name: /^Cancel order/ }),
            card.getByRole('button', { name: /^Mark paid/ }),
          ];
        },
        emails: [customer.email],
      },
      {
        path: '/employee/rides',
        ready: (p) => p.getByRole('article', { name: /Roverino$/ }),
        actions: (p) => [p.getByRole('article', { name: /Roverino$/ }).getByRole('link', { name: /^Call / })],
      },
      { path: '/employee/emergencies', ready: (p) => p.getByRole('article', { name: 'Sockthief' }) },
      {
        path: '/employee/chat',
        ready: (p) => p.getByRole('navigation', { name: 'Conversations' }).getByText(customer.name),
        actions: (p) => [
          p.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: new RegExp(customer.name) }),
        ],
      },
    ];
    for (const c of checks) await checkPage(page, c);
  });
});

test.describe('the catalogue on a phone', () => {
  test('shows two products a row from 360 px and folds its filters away until asked', async ({ page }) => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    const filters = page.getByRole('button', { name: /^Filters/ });
    for (const size of [{ width: 360, height: 740 }, PHONE]) {
      const where = `at ${size.width} px`;
      await page.setViewportSize(size);
      await page.goto('/products');
      const cards = page.getByRole('article');
      await expect(cards.nth(1)).toBeVisible();
      const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      expect(second.y, `the second product sits beside the first, ${where}`).toBe(first.y);
      expect(second.x, where).toBeGreaterThan(first.x + first.width);
      expect(second.x + second.width, where).toBeLessThanOrEqual(size.width);

      // Folded: the products come right after the Filters button.
      await expect(filters).toHaveAttribute('aria-expanded', 'false');
      await expect(search).toBeHidden();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: where })
        .toBeLessThanOrEqual(size.width);
      expect(await seriousViolations(page), where).toEqual([]);
    }

    // Unfolded on demand, and a filter says so once folded again.
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await search.fill('shampoo');
    await expect(page.getByRole('status').filter({ hasText: /match your filters?$/ })).toBeVisible();
    await filters.click();
    await expect(search).toBeHidden();
    await expect(filters).toHaveAccessibleName('Filters (1 on)');
    expect(await seriousViolations(page)).toEqual([]);

    // A laptop opens with the filters out, three or four products a row.
    await page.setViewportSize(LAPTOP);
    await page.goto('/products');
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(search).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.nth(3)).toBeVisible();
    expect((await cards.nth(3).boundingBox())!.y).toBe((await cards.nth(0).boundingBox())!.y);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
