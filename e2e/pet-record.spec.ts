import { BASE_URL, createUser, expect, seriousViolations, signedIn, signIn, test } from './fixtures.ts';

test.describe("The pet's medical record", () => {
  test('staff write a prescription of a shop product with a refill; the customer asks for it, staff approve, it is in the cart', async ({
    page,
    request,
    browser,
  }) => {
    const [customer, employee] = await Promise.all([createUser(request, 'user'), createUser(request, 'employee')]);
    const created = await request.post(`${BASE_URL}/api/pets`, {
      data: { name: 'Pepper', species: 'dog' },
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(created.status()).toBe(201);
    const pet = (await created.json()) as { id: string };

    // Staff set an alert, record a weight and write the prescription on the pet's page.
    const staff = await signedIn(browser, employee);
    await staff.page.goto(`/employee/pets/${pet.id}`);
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Pepper' })).toBeVisible();
    await staff.page.getByRole('button', { name: 'Change alerts' }).click();
    const alerts = staff.page.getByRole('dialog', { name: 'Alerts for Pepper' });
    await alerts.getByRole('button', { name: 'Add an alert' }).click();
    await alerts.getByLabel('Alert 1 kind').selectOption('allergy');
    await alerts.getByLabel('Alert 1 text').fill('Penicillin');
    await alerts.getByRole('button', { name: 'Save alerts' }).click();
    await expect(alerts).toBeHidden();
    await expect(staff.page.getByRole('note', { name: 'Alerts for Pepper' })).toContainText('Penicillin');

    await staff.page.getByRole('button', { name: 'Record a weight' }).click();
    const weigh = staff.page.getByRole('dialog', { name: 'Record a weight for Pepper' });
    await weigh.getByLabel('Weight (kg)').fill('18.4');
    await weigh.getByRole('button', { name: 'Record weight' }).click();
    await expect(weigh).toBeHidden();
    await expect(staff.page.getByRole('table', { name: 'Weights of Pepper' })).toContainText('18.4 kg');

    await staff.page.getByRole('button', { name: 'Write a prescription' }).click();
    const rx = staff.page.getByRole('dialog', { name: 'Write a prescription for Pepper' });
    await rx.getByLabel('Drug').fill('Carprofen');
    await rx.getByLabel('Strength').fill('25 mg');
    await rx.getByLabel('Dose').fill('1 tablet');
    await rx.getByLabel('How often').fill('twice a day');
    await rx.getByLabel('For how many days').fill('10');
    await rx.getByLabel('Quantity to dispense').fill('1');
    await rx.getByLabel('Refills allowed').fill('1');
    await rx.getByLabel('Shop product').selectOption({ label: 'Dog Food' });
    expect(await seriousViolations(staff.page)).toEqual([]);
    await rx.getByRole('button', { name: 'Write prescription' }).click();
    await expect(rx).toBeHidden();
    await expect(staff.page.getByRole('article', { name: 'Carprofen 25 mg' })).toContainText('1 of 1 refill left');
    expect(await seriousViolations(staff.page)).toEqual([]);

    // The customer sees it on the pet's page (no alerts there), and asks for the refill.
    await signIn(page, customer);
    await page.goto(`/customer/pets/${pet.id}`);
    const card = page.getByRole('article', { name: 'Carprofen 25 mg' });
    await expect(card).toContainText('twice a day');
    await expect(page.getByRole('note', { name: /Alerts/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /Pepper weighed 18.4 kg/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Ask for a refill of Carprofen 25 mg' }).click();
    await expect(card).toContainText('Refill requested, waiting for the clinic');

    // Staff find it on their refill list and approve it.
    await staff.page.getByRole('link', { name: 'Refills' }).first().click();
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Refill requests' })).toBeVisible();
    const request1 = staff.page.getByRole('article', { name: 'Refill of Carprofen for Pepper' });
    await expect(request1).toBeVisible();
    expect(await seriousViolations(staff.page)).toEqual([]);
    await request1.getByRole('button', { name: /^Approve/ }).click();
    const approve = staff.page.getByRole('dialog', { name: /Approve the refill of Carprofen for Pepper/ });
    await approve.getByLabel('Note to the customer (optional)').fill('Ready to order');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await expect(request1).toBeHidden();

    // The customer's page follows at once, and the product is in their cart.
    await expect(card).toContainText('Refill approved: Ready to order');
    await expect(card).toContainText('It is in your cart.');
    await expect(card.getByRole('button', { name: /Ask for a refill/ })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 1 item' }),
    ).toBeVisible();

    // A printable label.
    await card.getByRole('link', { name: /Print label/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Prescription label' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Label: Carprofen 25 mg for Pepper' })).toContainText('twice a day');
    expect(await seriousViolations(page)).toEqual([]);
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  });
});
