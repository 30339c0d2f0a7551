import { ADMIN, chooseRowAction, createUser, expect, signIn, test } from './fixtures.ts';

const admin = { ...ADMIN, role: 'admin' as const };

test.describe('admin', () => {
  test('promotes a customer to employee and turns an employee back into a customer', async ({ page, request }) => {
    const customer = await createUser(request, 'user', 'Promoted');
    await signIn(page, admin);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customer', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(page.getByText('Customers loaded successfully!')).toBeVisible();
    await page.getByLabel('Search customers').fill(customer.email);
    await chooseRowAction(page, customer.name, `Make employee: ${customer.name}`);
    await expect(page.getByText('Role updated successfully!')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(customer.name) })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Employee', exact: true }).click();
    await expect(page.getByText('Employees loaded successfully!')).toBeVisible();
    await page.getByLabel('Search employees').fill(customer.email);
    await expect(page.getByRole('rowheader', { name: customer.name })).toBeVisible();
    await chooseRowAction(page, customer.name, `Make customer: ${customer.name}`);
    await expect(page.getByText('Role updated successfully!').first()).toBeVisible();
    await expect(page.getByText(`No employees match`)).toBeVisible();
  });

  test('deletes a user only after confirming in the toast', async ({ page, request }) => {
    const doomed = await createUser(request, 'user', 'Doomed');
    await signIn(page, admin);
    await page.goto('/admin/customer');
    await page.getByLabel('Search customers').fill(doomed.email);
    const row = page.getByRole('rowheader', { name: doomed.name });
    await expect(row).toBeVisible();

    await chooseRowAction(page, doomed.name, `Delete ${doomed.name}`);
    const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`Delete ${doomed.name}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    // Cancel gave the focus back to the row's menu button.
    await expect(page.getByRole('button', { name: `More actions for ${doomed.name}` })).toBeFocused();

    await chooseRowAction(page, doomed.name, `Delete ${doomed.name}`);
    await page
      .getByRole('alertdialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('User deleted successfully!')).toBeVisible();
    await expect(row).toBeHidden();

    const res = await request.post('/api/auth/login', { data: { email: doomed.email, password: doomed.password } });
    expect(res.status()).toBe(401);
  });

  test('a failed employee list shows the spec texts and can be retried', async ({ page, allowConsoleErrors }) => {
    // A 500 (a fault, not an outage): the list waits for Try again. An outage (503, or no answer) is retried by itself
    // (e2e/outage.spec.ts).
    allowConsoleErrors(/status of 500/);
    await signIn(page, admin);
    let failing = true;
    await page.route('**/api/all-employees**', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'Something went wrong on our side',
              message: 'Something went wrong on our side',
              code: 'INTERNAL',
            }),
          })
        : route.fallback(),
    );
    await page.goto('/admin/employee');
    await expect(page.getByText('Failed to load employees. Please try again later.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Failed to load employees!')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Failed to load employees. Please try again later.')).toBeHidden();
    await expect(page.getByLabel('Search employees')).toBeVisible();
  });

  test('the theme an admin picks is applied for an anonymous visitor in a new browser', async ({ page, browser }) => {
    await signIn(page, admin);
    await expect(page.getByRole('group', { name: 'Site theme' })).toBeVisible();
    await page.getByText('Brown', { exact: true }).click();
    await page.getByRole('button', { name: 'Save theme' }).click();
    await expect(page.getByText('Theme changed to Brown')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'brown');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('brown');

    const visitor = await browser.newContext();
    try {
      const anon = await visitor.newPage();
      await anon.goto('/services');
      await expect(anon.locator('html')).toHaveAttribute('data-theme', 'brown');
      // Brown paints as its soft tint (#f5e9df); the page title keeps the house's dark ink.
      await expect(anon.locator('body')).toHaveCSS('background-color', 'rgb(245, 233, 223)');
      await expect(anon.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(17, 24, 39)');
      expect(await anon.evaluate(() => localStorage.getItem('theme'))).toBe('brown');
    } finally {
      await visitor.close();
      // Leave the site white for the other tests.
      await page.getByText('White', { exact: true }).click();
      await page.getByRole('button', { name: 'Save theme' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'white');
    }
  });
});
