import { EMBEDDED, expect, signIn, newUserDetails, registerCustomer, test } from './fixtures.ts';
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from './own-server.ts';

/**
 * The server goes away in the middle of a session and comes back: the page recovers by itself, without a reload.
 * This spec runs a server of its own (the shared one must stay up for the other specs), on its own embedded
 * database, or on a scratch PostgreSQL database when TEST_DATABASE_URL is set.
 */

/** How long the page may take to give up the spec's five reconnect attempts (1 s doubling up to 5 s, jittered). */
const OUTAGE_MS = 20_000;

let server: OwnServer;
let dispose: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  ({ server, dispose } = await startOwnServer('outage'));
});

test.afterAll(async () => {
  await dispose?.();
});

test(
  'after the server was away past the five reconnect attempts, chat is Online and the lists are back without a reload, still signed in',
  EMBEDDED,
  async ({ page, context, allowConsoleErrors }) => {
    test.setTimeout(150_000);
    // What a browser says while its server is away: refused connections, failed websockets, failed module loads.
    allowConsoleErrors(
      /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket connection to .* failed|Failed to load resource|Failed to fetch dynamically imported module/,
    );

    const customer = newUserDetails('Customer');
    await registerCustomer(page.request, customer, server.url);
    await signIn(page, { ...customer, role: 'user' }, server.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Product' }).click();
    await expect(page.getByRole('status').filter({ hasText: '15 products' })).toBeVisible();
    await page.getByRole('button', { name: /^Chat/ }).click();
    const chat = page.getByRole('region', { name: 'Chat with support' });
    await expect(chat.getByRole('status')).toHaveText('Online');

    // A second tab of the same session, on a page whose code it has not loaded yet.
    const other = await context.newPage();
    await other.goto(`${server.url}/homeusers`);
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

    const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));
    expect(tokenBefore).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Each attempt of the page's socket to reach the server opens a WebSocket.
    let socketAttempts = 0;
    page.on('websocket', () => socketAttempts++);
    await server.stop();

    // While the server is away: a list asked for fails, and a page opened in the other tab waits for its code.
    await page.getByRole('button', { name: 'Care', exact: true }).click();
    // The list retries before it says it failed (web/lib/query-client.ts); on a busy machine that passes 10 s.
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load products' })).toBeVisible({
      timeout: 30_000,
    });
    // (The navigation is a transition: the home page stays on screen while the new page's code is awaited.)
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Slot Booking' }).click();

    // The spec's five reconnect attempts are over before the outage ends, and the page goes on trying, less often:
    // the server stays away until one of those later attempts has failed too.
    await expect(chat.getByRole('status')).toHaveText('Offline', { timeout: OUTAGE_MS });
    const attemptsWhenOffline = socketAttempts;
    await expect
      .poll(() => socketAttempts, { message: 'an attempt after the five', timeout: 30_000 })
      .toBeGreaterThan(attemptsWhenOffline);

    await server.start();
    const back = Date.now();
    const since = () => `${((Date.now() - back) / 1000).toFixed(1)} s`;
    const figures: string[] = [];
    // Within the expect timeout (10 s; 20 s in CI) of the server answering again, with no reload and no click.
    await expect(chat.getByRole('status')).toHaveText('Online');
    figures.push(`chat Online after ${since()}`);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: '2 products match your filters' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    figures.push(`failed list back after ${since()}`);
    await expect(other.getByRole('heading', { name: 'Slot Booking', level: 1 })).toBeVisible();
    await expect(other.getByText('No bookings yet')).toBeVisible();
    figures.push(`page opened during the outage shown after ${since()}`);
    // The figures the issue asks for, measured from the moment the restarted server answered /healthz.
    test.info().annotations.push({ type: 'recovery', description: figures.join('; ') });
    console.log(`recovery: ${figures.join('; ')}`);

    // Still signed in, and nothing claimed a new version.
    await expect(page).toHaveURL(/\/customer\/product/);
    // The same session: the 503s and refused connections of the outage neither cleared nor replaced the token.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(tokenBefore);
    for (const p of [page, other]) await expect(p.getByText(/new version/i)).toHaveCount(0);
  },
);
