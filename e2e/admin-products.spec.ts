import { randomBytes } from 'node:crypto';
import { PRODUCT_MSG } from '#shared/catalogue';
import { ADMIN, chooseRowAction, expect, productCard, seriousViolations, signIn, test } from './fixtures.ts';

/** A 2x2 PNG a browser can decode (so the form previews it), unlike the smallest one the upload checks accept. */
const PICTURE = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001149444154789c63f8cfc0004460e23f03001df003fda03309890000000049454e44ae426082',
  'hex',
);

test.describe('admin products', () => {
  test('an admin adds a product (a refused picture, then a good one), edits its stock and deactivates it', async ({
    page,
  }) => {
    const name = `Steel Bowl ${randomBytes(3).toString('hex')}`;
    await signIn(page, { ...ADMIN, role: 'admin' });
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('button', { name: 'Add product' }).click();

    const form = page.getByRole('dialog', { name: 'Add a product' });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Price/).fill('349.90');
    await form.getByLabel(/^Discount/).fill('5');
    await form.getByLabel(/^Category/).selectOption('Accessories');
    await form.getByLabel(/^Stock/).fill('12');
    await form.getByLabel(/^Description/).fill('A heavy steel bowl that does not tip over.');
    // Named .png but not a picture: the server checks the bytes, and the product stays created.
    await form
      .getByLabel(/^Picture/)
      .setInputFiles({ name: 'bowl.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      new RegExp(`^${name} is added, but its picture is not: ${PRODUCT_MSG.imageType}`),
    );

    await form.getByLabel(/^Picture/).setInputFiles({ name: 'bowl.png', mimeType: 'image/png', buffer: PICTURE });
    await expect(form.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await form.getByRole('button', { name: 'Try the picture again' }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/products\/\d+\/image\?v=\d+$/);

    // It is in the catalogue with its picture.
    const shop = await page.context().newPage();
    await shop.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(productCard(shop, name).locator('img')).toHaveJSProperty('complete', true);
    await expect(productCard(shop, name).locator('img')).not.toHaveJSProperty('naturalWidth', 0);

    await chooseRowAction(page, name, `Edit ${name}`, row);
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel(/^Stock/).fill('3');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell').filter({ hasText: /^3Low$/ })).toBeVisible();

    await chooseRowAction(page, name, `Deactivate ${name}`, row);
    await page
      .getByRole('dialog', { name: `Deactivate ${name}?` })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(row.getByText('Inactive')).toBeVisible();
    await shop.reload();
    await expect(productCard(shop, name)).toHaveCount(0);
  });
  test('the products page and its form have no serious or critical axe violations, on a phone too', async ({
    page,
  }) => {
    await signIn(page, { ...ADMIN, role: 'admin' });
    await page.goto('/admin/products');
    await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
    await expect(page.getByText(/^Showing 1–\d+ of \d+ products$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const add = page.getByRole('button', { name: 'Add product' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add a product' });
    await expect(dialog.getByLabel(/^Name/)).toBeFocused();
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(dialog.getByText(PRODUCT_MSG.nameRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // A phone: the products become cards and nothing runs off the side of the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
