import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiLogin, expect, newUserDetails, registerCustomer, signIn, test, type Role } from './fixtures.ts';
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from './own-server.ts';

// A page left open must not talk to the server on its own more than now and then: every retry backs off, every
// poll is slow, and nothing loops on an answer. Each page of each role is left idle for 20 simulated seconds (the
// page's timers run on a fake clock, moved on at once), then must come to rest on the network. The spec runs a
// server of its own: on the shared one, other specs' bookings and orders reach staff pages as live events, which is
// work, not idling.

test.describe.configure({ timeout: 150_000 });

let server: OwnServer;
let dispose: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  ({ server, dispose } = await startOwnServer('idle', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }));
});

test.afterAll(async () => {
  await dispose?.();
});

/** A person of `role` on this spec's server: a registered customer, promoted by the admin when another role. */
async function personOf(request: APIRequestContext, role: Role) {
  if (role === 'admin') return { ...ADMIN, role };
  const details = newUserDetails(role === 'user' ? 'Customer' : 'Employee');
  const { user } = await registerCustomer(request, details, server.url);
  if (role === 'employee') {
    const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password, server.url);
    const res = await request.put(`${server.url}/api/users/${user.id}/role`, {
      data: { role },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { ...details, role };
}

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

/**
 * Simulated idle time on each page, and the most requests a page may send in it. Shorter than Socket.IO's heartbeat
 * window (25 s between the server's pings, 20 s to answer): the fake clock moves on without the server's pings, and
 * a longer stretch would make the client give the connection up and load everything again, which a real idle tab
 * never does.
 */
const IDLE_MS = 20_000;
const MOST_REQUESTS = 4;

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
  test(`every ${role} page left open is quiet: at most ${MOST_REQUESTS} requests in 20 idle seconds`, async ({
    page,
    request,
  }) => {
    await page.clock.install();
    const person = await personOf(request, role);
    await signIn(page, person, server.url);
    const noisy: string[] = [];
    for (const path of PAGES[role]) {
      await page.goto(`${server.url}${path}`);
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
