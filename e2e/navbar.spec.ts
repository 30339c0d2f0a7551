import { ADMIN, createUser, expect, signIn, seriousViolations, test } from './fixtures.ts';

test.describe('the navbar of someone signed in', () => {
  test('a customer who opens / or a public product page gets their own page and navbar', async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    const nav = page.getByRole('navigation', { name: 'Main' });

    await page.goto('/');
    await expect(page).toHaveURL(/\/homeusers$/);
    await expect(nav.getByRole('button', { name: 'Chat' })).toBeVisible();
    await expect(nav.getByRole('link', { name: `Profile of ${customer.name}` })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

    await page.goto('/products?category=Toys');
    await expect(page).toHaveURL(/\/customer\/product\?category=Toys$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);

    // A page of no customer area keeps the site's navbar, with the profile and Logout instead of Login and Sign Up.
    await page.goto('/no-such-page');
    await expect(nav.getByRole('link', { name: `Profile of ${customer.name}` })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('an admin browsing the shop keeps the page, with their profile and Logout', async ({ page }) => {
    await signIn(page, { ...ADMIN, role: 'admin' });
    await page.goto('/products');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page).toHaveURL(/\/products$/);
    await expect(nav.getByRole('link', { name: /^Profile of / })).toHaveAttribute('href', '/admin/profile');
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
