import { ADMIN, chooseRowAction, createUser, expect, seriousViolations, signIn, test } from './fixtures.ts';

const admin = { ...ADMIN, role: 'admin' as const };

test.describe('audit log', () => {
  test('shows a role change at the top as it happens, with who made it, and its before and after', async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user', 'Audited');
    const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
    const adminName = ((await login.json()) as { user: { name: string } }).user.name;
    await signIn(page, admin);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const log = page.getByRole('table', { name: 'Audit log' });
    // Loaded: the entries of earlier tests, or none yet on a fresh server.
    await expect(log.or(page.getByText('Nothing has been recorded yet'))).toBeVisible();

    // The admin promotes the customer in another tab; the log already open shows it without a reload.
    const other = await page.context().newPage();
    await other.goto('/admin/customer');
    await other.getByLabel('Search customers').fill(customer.email);
    await chooseRowAction(other, customer.name, `Make employee: ${customer.name}`);
    await expect(other.getByText('Role updated successfully!')).toBeVisible();
    await other.close();

    const summary = `Changed ${customer.name}'s role from customer to employee`;
    const row = log.getByRole('row').nth(1);
    await expect(row).toContainText(summary);
    await expect(row.getByRole('cell').first()).toHaveText(`${adminName} (Admin)`);
    await expect(row).toContainText('Role changed');
    await row.getByText('Before and after').click();
    await expect(row.getByRole('definition')).toHaveText(/^customer\s*→?\s*changed to\s*employee$/);

    // Filtered to the admin's role changes, after a reload, it is still there.
    await page.getByLabel('Person').selectOption({ label: `${adminName} (Admin)` });
    await page.getByLabel('Kind').selectOption({ label: 'Role changed' });
    await page.reload();
    await expect(page.getByLabel('Kind')).toHaveValue('user.role_changed');
    await expect(
      log.getByRole('row', { name: new RegExp(summary.replace(/[.*+?^${}()|[\]\\']/g, '\\$&')) }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the audit log page has no serious or critical axe violations, on a phone too', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/admin/audit');
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: 'Audit log' })).toBeVisible();
    await page.getByRole('list', { name: 'Audit log' }).getByText('Before and after').first().click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
