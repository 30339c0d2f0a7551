import { ADMIN, createUser, expect, signIn, seriousViolations, test } from './fixtures.ts';

const PUBLIC_PAGES = ['/', '/home', '/services', '/about', '/contact', '/login', '/register', '/products'];

test.describe('accessibility (axe)', () => {
  for (const path of PUBLIC_PAGES) {
    test(`public page ${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the customer home has no serious or critical violations', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'user'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the employee home has no serious or critical violations', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'employee'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the admin home has no serious or critical violations', async ({ page }) => {
    await signIn(page, { ...ADMIN, role: 'admin' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
