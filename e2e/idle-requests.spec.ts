import type { Page } from '@playwright/test';
import { createUser, expect, signIn, test, type Role } from './fixtures.ts';

// A page left open must not talk to the server on its own more than now and then: every retry backs off, every
// poll is slow, and nothing loops on an answer. Each page of each role is left idle for a simulated minute (the
// page's timers run on a fake clock, moved on at once), then must come to rest on the network.

const PAGES: Record<Role, string[]> = {
  user: [
    '/homeusers',
    '/slots',
    '/customer/product',
    '/customer/orders',
    '/customer/my-orders',
    '/customer/pets',
    '/customer/profile',
    '/customer/emergency',
  ],
  employee: [
    '/employee/home',
    '/employee/slots',
    '/employee/orders',
    '/employee/chat',
    '/employee/rides',
    '/employee/emergencies',
  ],
  admin: [
    '/admin/home',
    '/admin/customer',
    '/admin/employee',
    '/admin/products',
    '/admin/services',
    '/admin/audit',
    '/admin/analytics',
    '/admin/settings',
  ],
};

/** Simulated idle time on each page, and the most requests a page may send in it (a few a minute is plenty). */
const IDLE_MS = 60_000;
const MOST_REQUESTS = 6;

/** Requests the page sends (its own address and assets aside) while `during` runs. */
async function requestsDuring(page: Page, during: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const onRequest = (r: { url: () => string; method: () => string }) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io'))
      sent.push(`${r.method()} ${url.pathname}`);
  };
  page.on('request', onRequest);
  try {
    await during();
  } finally {
    page.off('request', onRequest);
  }
  return sent;
}

for (const role of ['user', 'employee', 'admin'] as Role[]) {
  test(`every ${role} page left open is quiet: at most ${MOST_REQUESTS} requests in an idle minute`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.clock.install();
    const person = await createUser(request, role);
    await signIn(page, person);
    const noisy: string[] = [];
    for (const path of PAGES[role]) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const sent = await requestsDuring(page, async () => {
        await page.clock.runFor(IDLE_MS);
        // A page that loops on an answer never comes to rest.
        await page.waitForLoadState('networkidle');
      });
      if (sent.length > MOST_REQUESTS) noisy.push(`${path}: ${sent.length} requests (${sent.slice(0, 8).join(', ')})`);
    }
    expect(noisy, 'pages that kept talking to the server while idle').toEqual([]);
  });
}
