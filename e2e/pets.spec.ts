import { createUser, expect, signIn, seriousViolations, signedIn, test, TINY_PNG } from './fixtures.ts';

/** True when the page is no wider than its window (nothing to scroll sideways). */
const fitsWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('My pets', () => {
  test('a customer adds a pet with a photo, edits it and sees its record; staff read it', async ({
    page,
    request,
    browser,
  }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);

    await page.getByRole('link', { name: 'My pets' }).first().click();
    await expect(page).toHaveURL(/\/customer\/pets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My pets' })).toBeVisible();
    await expect(page.getByText('No pets yet')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add a pet' }).click();
    const add = page.getByRole('dialog', { name: 'Add a pet' });
    await add.getByLabel('Name').fill('Biscuit');
    await add.getByLabel('Species').selectOption('dog');
    await add.getByLabel('Breed').fill('Beagle');
    await add.getByLabel('Sex').selectOption('female');
    await add.getByLabel('Birth date', { exact: true }).fill('2021-06-15');
    await add.getByLabel('Weight (kg)').fill('11.5');
    await add.getByLabel('Allergies').fill('Chicken');
    await add.getByLabel('Photo').setInputFiles({ name: 'biscuit.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(add.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await add.getByRole('button', { name: 'Add pet' }).click();
    await expect(add).toBeHidden();

    const card = page.getByRole('article', { name: 'Biscuit' });
    await expect(card).toContainText('Dog · Beagle');
    await expect(card).toContainText('11.5 kg');
    // The photo needs the token: it arrives as an object URL.
    await expect(card.getByRole('img', { name: 'Photo of Biscuit' })).toHaveAttribute('src', /^blob:/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit Biscuit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Biscuit' });
    await expect(edit.getByLabel('Name')).toHaveValue('Biscuit');
    await edit.getByLabel('Weight (kg)').fill('12');
    await edit.getByLabel('Markings').fill('White tip on the tail');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('12 kg');

    await card.getByRole('link', { name: 'Biscuit' }).click();
    await expect(page).toHaveURL(/\/customer\/pets\/[0-9a-f-]{36}$/);
    const petUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'Biscuit' })).toBeVisible();
    await expect(page.getByText('White tip on the tail')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo of Biscuit' })).toHaveAttribute('src', /^blob:/);
    await expect(page.getByText('No visits yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book a visit' })).toHaveAttribute(
      'href',
      `/slots?petId=${petUrl.split('/').pop()}`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone both pages fit the screen.
    // (The navbar measures what fits after a resize and redraws: the width is read once it has.)
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await page.goto('/customer/pets');
    await expect(page.getByRole('article', { name: 'Biscuit' })).toBeVisible();
    await expect.poll(() => fitsWidth(page)).toBe(true);

    // Staff open the same record read-only.
    const employee = await createUser(request, 'employee');
    const staff = await signedIn(browser, employee);
    await staff.page.goto(petUrl.replace('/customer/', '/employee/'));
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Biscuit' })).toBeVisible();
    await expect(staff.page.getByRole('img', { name: 'Photo of Biscuit' })).toBeVisible();
    await expect(staff.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    expect(await seriousViolations(staff.page)).toEqual([]);
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  });

  test('archiving asks first and removes the pet from the list', async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    await request.post('/api/pets', {
      data: { name: 'Goldie', species: 'fish' },
      headers: { authorization: `Bearer ${customer.token}` },
    });
    await signIn(page, customer);
    await page.goto('/customer/pets');
    await page.getByRole('button', { name: 'Archive Goldie' }).click();
    const ask = page.getByRole('dialog', { name: 'Archive Goldie?' });
    await expect(ask).toContainText('Past bookings and visit records are kept');
    await ask.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('No pets yet')).toBeVisible();
  });
});
