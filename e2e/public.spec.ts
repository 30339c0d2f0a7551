import { BASE_URL, EMBEDDED, expect, test } from './fixtures.ts';

test.describe('public pages', () => {
  test(
    "the landing page shows the hero, the clinic's vets (its own three until it has providers) and three testimonials, and Book a Ride leads to login",
    EMBEDDED,
    async ({ page, request }) => {
      const providers = (await (await request.get(`${BASE_URL}/api/providers`)).json()) as unknown[];
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Reliable Pet Pickup Services' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Meet our vets' }).getByRole('listitem')).toHaveCount(
        providers.length || 3,
      );
      await expect(page.getByRole('region', { name: 'What pet parents say' }).getByRole('listitem')).toHaveCount(3);

      await page.getByRole('link', { name: 'Book a Ride' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    },
  );

  test('/home is the landing page too', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Reliable Pet Pickup Services' })).toBeVisible();
  });

  test('the public navbar has Home, Product, Services, About, Contact, Login and Sign Up', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Product', 'Services', 'About', 'Contact', 'Login', 'Sign Up']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await nav.getByRole('link', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await nav.getByRole('link', { name: 'Product', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('services lists Pet Health Checkups, Pet Training and Emergency Pet Care', async ({ page }) => {
    await page.goto('/services');
    for (const name of ['Pet Health Checkups', 'Pet Training', 'Emergency Pet Care']) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Book Pet Training' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('about tells the story', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Pawcare' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What we stand for' })).toBeVisible();
  });

  test('contact requires name, email and message, then prepares an email with subject and body', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    // The browser's own checks stop an empty form.
    await expect(page.getByLabel('Your name')).toHaveJSProperty('validity.valueMissing', true);
    await expect(page.getByRole('status')).toHaveCount(0);

    await page.getByLabel('Your name').fill('Pet Owner');
    await page.getByLabel('Your email').fill('not-an-email');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Your email')).toHaveJSProperty('validity.typeMismatch', true);

    await page.getByLabel('Your email').fill('owner@example.com');
    await page.getByLabel('Message').fill('Do you board cats over the holidays?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const link = page.getByRole('link', { name: 'open the prepared email' });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^mailto:/);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toContain('Pet Owner');
    expect(url.searchParams.get('body')).toContain('Do you board cats over the holidays?');
    expect(url.searchParams.get('body')).toContain('owner@example.com');
  });

  test('an unknown address shows a friendly not-found page', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    // The address is answered as missing (for search engines and monitors too), with the app's own page.
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reliable Pet Pickup Services' })).toBeVisible();
  });

  test('on a phone the menu collapses behind a Menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();
  });

  test(
    'public pages arrive as HTML, readable before any script runs, with their forms held until the app starts',
    EMBEDDED,
    async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      for (const [url, heading, title] of [
        ['/', 'Reliable Pet Pickup Services', 'Pet pickup, vet visits and training · Pawcare'],
        ['/services', 'Our services', 'Our services · Pawcare'],
        ['/about', 'About Pawcare', 'About Pawcare · Pawcare'],
        ['/contact', 'Contact us', 'Contact us · Pawcare'],
        ['/login', 'Login', 'Login · Pawcare'],
        ['/register', 'Sign Up', 'Sign Up · Pawcare'],
        ['/products', 'Products', 'Products · Pawcare'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1, name: heading }), url).toBeVisible();
        await expect(page, url).toHaveTitle(title);
      }
      // Nothing typed before the app runs could be lost or sent by the browser itself (a password in the address bar).
      await page.goto('/login');
      await expect(page.getByLabel('Password')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
      await context.close();
    },
  );

  test('a prerendered page comes alive: the login form validates and the links navigate in the app', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page).toHaveTitle('Sign Up · Pawcare');
  });
});
