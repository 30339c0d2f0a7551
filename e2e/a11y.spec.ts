import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, createUser, expect, loginViaUI, test } from './fixtures';

/** Runs axe (WCAG 2.x A/AA rules) and returns the serious and critical violations, readable in a failure. */
async function seriousViolations(page: Page) {
  // Let toasts and lazy content settle: axe should judge the page a person sees.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
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
    await loginViaUI(page, await createUser(request, 'user'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the employee home has no serious or critical violations', async ({ page, request }) => {
    await loginViaUI(page, await createUser(request, 'employee'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the admin home has no serious or critical violations', async ({ page }) => {
    await loginViaUI(page, { ...ADMIN, role: 'admin' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
