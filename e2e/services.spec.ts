import { randomBytes } from 'node:crypto';
import { OFFERING_MSG } from '../shared/offerings.ts';
import { ADMIN, chooseRowAction, createUser, expect, seriousViolations, signIn, test } from './fixtures.ts';

const admin = { ...ADMIN, role: 'admin' as const };

test.describe('services', () => {
  test('an admin adds a service, changes its price and deactivates it; the public page follows', async ({
    page,
    browser,
  }) => {
    const name = `Grooming ${randomBytes(3).toString('hex')}`;
    await signIn(page, admin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/services$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Pet Health Checkup' })).toBeVisible();

    await page.getByRole('button', { name: 'Add service' }).click();
    const form = page.getByRole('dialog', { name: 'Add a service' });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Description/).fill('Bath, brush and nail trim.');
    await form.getByLabel(/^Duration/).fill('45');
    await form.getByLabel(/^Price/).fill('499');
    await form.getByRole('button', { name: 'Add service' }).click();
    await expect(form.getByLabel(/^Duration/)).toHaveAccessibleDescription(OFFERING_MSG.durationStep(30));
    await form.getByLabel(/^Duration/).fill('60');
    await form.getByRole('button', { name: 'Add service' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(`${name} added`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('from ₹499.00');
    await expect(row).toContainText('1 hr');

    await chooseRowAction(page, name, `Edit ${name}`, row);
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel(/^Price/).fill('650');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('from ₹650.00');

    // A visitor sees it, with its price, and the spec's cards with their live durations.
    const visitor = await browser.newPage();
    await visitor.goto('/services');
    for (const title of ['Pet Health Checkups', 'Pet Training', 'Emergency Pet Care']) {
      await expect(visitor.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    const training = visitor
      .getByRole('listitem')
      .filter({ has: visitor.getByRole('heading', { name: 'Pet Training' }) });
    await expect(training.getByText('1 hr · price: ask at the clinic', { exact: true })).toBeVisible();
    const more = visitor.getByRole('region', { name: 'More from the clinic' });
    await expect(more.getByRole('heading', { name })).toBeVisible();
    await expect(more).toContainText('1 hr · from ₹650.00');

    await chooseRowAction(page, name, `Deactivate ${name}`, row);
    const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Inactive');
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: `Activate ${name}`, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 2, name: 'Pet Training' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name })).toHaveCount(0);
    await visitor.close();
  });

  test('a customer books from a service card straight into the form for that service', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'user', 'Cards'));
    await page.goto('/servicescustomers');
    const book = page.getByRole('link', { name: 'Book Pet Training now' });
    await expect(book).toHaveAttribute('href', /\/slots\?serviceId=[0-9a-f-]{36}$/);
    await book.click();
    await expect(page).toHaveURL(/\/slots\?serviceId=/);
  });

  test('the admin services page has no serious accessibility violations and fits a phone', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/admin/services');
    await expect(page.getByRole('rowheader', { name: 'Pet Training' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add service' }).click();
    await expect(page.getByRole('dialog', { name: 'Add a service' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Services' });
    await expect(cards.getByRole('heading', { name: 'Pet Training' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Services' })).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
