import {
  ADMIN,
  bookThroughForm,
  clinicDay,
  createUser,
  customerAndEmployee,
  expect,
  signIn,
  openCustomerChat,
  productCard,
  seriousViolations,
  signedIn,
  test,
} from './fixtures.ts';

// After an action that replaces what had the focus, keyboard and screen-reader users carry on from a meaningful
// place (the new view's heading, the next field, the control that opened a box), never from the top of the page.
test.describe('focus after actions', () => {
  test('booking a slot, and canceling it from the booked view', async ({ page, request }) => {
    test.slow();
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    await page.goto('/slots');
    await bookThroughForm(page, { date: clinicDay(4), time: '10:30', petName: 'Pepper' });
    await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeFocused();

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Slot booking canceled')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Book a visit' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('editing the profile and saving its address', async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    await page.goto('/customer/profile');
    await page.getByRole('button', { name: 'Edit profile' }).press('Enter');
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('Address').fill('9 Hill Road, Shimla');
    await page.getByLabel('Address').press('Enter');
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();
    await expect(page.getByText('9 Hill Road, Shimla')).toBeVisible();

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Edit profile' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('saving a delivery address at checkout', async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    await page.goto('/customer/product');
    await productCard(page, 'Cat Toy')
      .getByRole('button', { name: /^Add to Cart/ })
      .click();
    await expect(page).toHaveURL(/\/customer\/orders$/);
    const form = page.getByRole('form', { name: 'New delivery address' });
    await form.getByLabel('House / flat number').fill('4 Palm Court');
    await form.getByLabel('Landmark').fill('Opposite the park');
    await form.getByLabel('City').fill('Chennai');
    await form.getByLabel('State').fill('Tamil Nadu');
    await form.getByLabel('Pin Code').fill('600001');
    await form.getByLabel('Pin Code').press('Enter');
    const saved = page.getByRole('radio', { name: new RegExp(customer.name) });
    await expect(saved).toBeChecked();
    await expect(saved).toBeFocused();

    // Cancel on a new address's form goes back to the button that opened it.
    await page.getByRole('button', { name: '+ Add a new address' }).click();
    await page.getByRole('form', { name: 'New delivery address' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: '+ Add a new address' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('closing the chat box with Escape, and picking a reply target in the staff chat', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const [customer, employee] = await customerAndEmployee(request);
    await signIn(page, customer);
    const box = await openCustomerChat(page);
    const composer = box.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeFocused();
    await composer.fill('Do you trim claws?');
    await composer.press('Enter');
    await expect(box.getByText('Sending…')).toHaveCount(0);
    await composer.press('Escape');
    await expect(box).toBeHidden();
    await expect(page.getByRole('button', { name: /^Chat/ })).toBeFocused();

    const staff = await signedIn(browser, employee);
    await staff.page.goto('/employee/chat');
    const log = staff.page.getByRole('log');
    await log.getByRole('button', { name: new RegExp(`Reply to ${customer.name}`) }).click();
    await expect(staff.page.getByLabel('Send to')).toHaveValue(customer.id);
    await expect(staff.page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    expect(await seriousViolations(staff.page)).toEqual([]);
    expect(staff.problems, 'the employee page logged unexpected errors').toEqual([]);
    await staff.context.close();
  });
});

test.describe('admin delete', () => {
  test('Delete chosen again right after Cancel asks again, and Cancel gives the focus back to the row menu', async ({
    page,
    request,
  }) => {
    const doomed = await createUser(request, 'user', 'Hasty');
    await signIn(page, { ...ADMIN, role: 'admin' });
    await page.goto('/admin/customer');
    await page.getByLabel('Search customers').fill(doomed.email);
    const more = page.getByRole('button', { name: `More actions for ${doomed.name}` });
    await more.click();
    const menu = page.getByRole('menu', { name: `More actions for ${doomed.name}` });
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    await more.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: `Delete ${doomed.name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'Please confirm' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(more).toBeFocused();
    // At once, while the canceled question is still sliding out: the menu again, End, Enter.
    await more.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // The new question takes the focus (the one sliding out may still be on screen for a moment).
    const asking = question.filter({ has: page.locator(':focus') });
    await expect(asking.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(asking).toContainText(`Delete ${doomed.name}?`);
    expect(await seriousViolations(page)).toEqual([]);
    await asking.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('User deleted successfully!')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: doomed.name })).toBeHidden();
  });
});
