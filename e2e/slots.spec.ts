import {
  BASE_URL,
  bookThroughForm,
  clinicDay,
  createUser,
  customerAndEmployee,
  EMBEDDED,
  expect,
  signIn,
  pickDay,
  seriousViolations,
  signedIn,
  test,
} from './fixtures.ts';

test.describe('slot booking', () => {
  test(
    'a customer books, an employee confirms, and the customer sees it confirmed with a live notification',
    EMBEDDED,
    async ({ page, browser, request }) => {
      const [customer, employee] = await customerAndEmployee(request);
      const date = clinicDay(2);
      const petName = `Bruno ${customer.name.split(' ')[1]}`;

      await signIn(page, customer);
      await page.getByRole('link', { name: 'Slot Booking' }).first().click();
      await expect(page).toHaveURL(/\/slots$/);
      await expect(page.getByRole('heading', { name: 'Slot Booking', level: 1 })).toBeVisible();
      // Owner name and phone start from the account.
      await expect(page.getByLabel('Owner name')).toHaveValue(customer.name);
      await expect(page.getByLabel('Phone')).toHaveValue(customer.phone);

      await bookThroughForm(page, { date, time: '10:00', petName, petAge: '3' });
      await expect(page.getByText('Slot booked successfully!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeVisible();
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('savedBooking') ?? 'null') as unknown);
      expect(saved).toMatchObject({
        date,
        time: '10:00',
        petName,
        ownerName: customer.name,
        petAge: '3',
        phone: customer.phone,
        selectedSlot: `${date} at 10:00`,
      });
      const myBookings = page.getByRole('region', { name: 'My bookings' });
      await expect(myBookings.getByText('Pending')).toBeVisible();

      const { page: staff } = await signedIn(browser, employee);
      await staff.goto('/employee/slots');
      await staff.getByRole('button', { name: new RegExp(`^Confirm booking for ${petName}`) }).click();
      const dialog = staff.getByRole('dialog', { name: 'Confirm booking' });
      await expect(dialog.getByLabel('Hospital name')).toHaveValue('Pawcare Pet Clinic');
      await dialog.getByLabel('Opening hours').fill('Mon-Sun 08:00-20:00');
      await dialog.getByRole('button', { name: 'Confirm and notify' }).click();
      await expect(staff.getByText('Slot confirmed and notification sent to user!')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(staff.getByRole('button', { name: new RegExp(`^Confirm booking for ${petName}`) })).toHaveCount(0);

      // The customer's open page hears about it at once: a toast, then the booked view and the list update.
      await expect(page.getByText('Booking confirmed', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'Your slot is booked' }).locator('..').getByText('Confirmed'),
      ).toBeVisible();
      await expect(myBookings.getByText('Mon-Sun 08:00-20:00')).toBeVisible();
      await staff.context().close();
    },
  );

  test('Change Slot moves the booking on the server and never cancels it', EMBEDDED, async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    const date = clinicDay(3);
    await signIn(page, customer);
    await page.goto('/slots');
    await bookThroughForm(page, { date, time: '11:00', petName: 'Milo', petAge: '2' });
    await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeVisible();

    await page.getByRole('button', { name: 'Change Slot', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change slot' });
    // The calendar has the focus, on the booking's day.
    await expect(dialog.getByRole('button', { name: /, selected$/ })).toBeFocused();
    await expect(dialog.getByRole('radio', { name: '11:00 Current' })).toBeDisabled();
    await dialog.getByRole('radio', { name: /^11:30/ }).check();
    await dialog.getByRole('button', { name: /^Move to/ }).click();
    await expect(page.getByText(/^Booking moved to .* at 11:30\.$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Slot changed successfully! Please book again.')).toHaveCount(0);

    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('savedBooking') ?? 'null') as unknown);
    expect(saved).toMatchObject({ date, time: '11:30', petName: 'Milo', selectedSlot: `${date} at 11:30` });
    const list = page.getByRole('region', { name: 'My bookings' });
    await expect(list.getByText(/at 11:30$/)).toBeVisible();
    await expect(list.getByText('Canceled')).toHaveCount(0);
    // One seat moved: 11:00 is free again, 11:30 holds the booking.
    const res = await request.get(`${BASE_URL}/api/slots/availability?date=${date}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    const { slots } = (await res.json()) as { slots: { time: string; booked: number }[] };
    expect(slots.find((s) => s.time === '11:00')).toMatchObject({ booked: 0 });
    expect(slots.find((s) => s.time === '11:30')).toMatchObject({ booked: 1 });
  });

  test('Cancel asks first, then cancels on the server, clears the saved booking and shows an empty form', async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user');
    const date = clinicDay(4);
    await signIn(page, customer);
    await page.goto('/slots');
    await bookThroughForm(page, { date, time: '12:00', petName: 'Luna' });
    await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeVisible();

    // The booked view survives a reload (savedBooking).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Slot booking canceled')).toBeVisible();
    await expect(page.getByLabel('Pet name')).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('savedBooking'))).toBeNull();
    await expect(
      page.getByRole('region', { name: 'My bookings' }).getByText('Canceled', { exact: true }),
    ).toBeVisible();

    const res = await request.get(`${BASE_URL}/api/slots/availability?date=${date}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    const { slots } = (await res.json()) as { slots: { time: string; booked: number }[] };
    expect(slots.find((s) => s.time === '12:00')).toMatchObject({ booked: 0 });
  });

  test('full times cannot be picked, and a missing field is reported with the spec message', async ({
    page,
    request,
  }) => {
    const date = clinicDay(5);
    for (const pet of ['Rex', 'Tara']) {
      const other = await createUser(request, 'user');
      const res = await request.post(`${BASE_URL}/api/slots/book`, {
        headers: { authorization: `Bearer ${other.token}` },
        data: { schedule: `${date} at 15:00`, petName: pet, ownerName: other.name, phone: other.phone },
      });
      expect(res.status()).toBe(201);
    }
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    await page.goto('/slots');
    await pickDay(page, date);
    await expect(page.getByRole('radio', { name: '15:00 Full' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: '15:30 2 of 2 free' })).toBeEnabled();

    await page.getByRole('radio', { name: /^15:30/ }).check();
    await page.getByRole('button', { name: 'Book Slot' }).click();
    await expect(page.getByText('Please fill all required fields!').first()).toBeVisible();
    await expect(page.getByLabel('Pet name')).toBeFocused();
  });

  test('the employee dashboard shows the counts, receives new bookings live, confirms and cancels', async ({
    page,
    request,
  }) => {
    const employee = await createUser(request, 'employee');
    const customer = await createUser(request, 'user');
    const date = clinicDay(6);
    await signIn(page, employee);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const pendingCard = page.getByRole('listitem').filter({ hasText: 'Waiting for confirmation' });
    await expect(pendingCard).toBeVisible();
    // The count, once loaded (the card shows a placeholder until then).
    await expect(pendingCard.locator('p').nth(1)).toHaveText(/^\d+$/);
    const before = Number(await pendingCard.locator('p').nth(1).textContent());

    const book = (pet: string, time: string) =>
      request.post(`${BASE_URL}/api/slots/book`, {
        headers: { authorization: `Bearer ${customer.token}` },
        data: { schedule: `${date} at ${time}`, petName: pet, ownerName: customer.name, phone: customer.phone },
      });
    expect((await book('Coco', '09:00')).status()).toBe(201);
    expect((await book('Pixel', '09:30')).status()).toBe(201);

    // No reload: the socket tells the dashboard.
    // This customer's rows (a retry's customer is another one, with its own Coco and Pixel).
    const coco = page.getByRole('row').filter({ hasText: 'Coco' }).filter({ hasText: customer.name });
    const pixel = page.getByRole('row').filter({ hasText: 'Pixel' }).filter({ hasText: customer.name });
    await expect(coco).toBeVisible();
    await expect(pixel).toBeVisible();
    await expect(pendingCard.getByText(String(before + 2), { exact: true })).toBeVisible();

    // As on the schedule, Confirm asks for the hospital info, prefilled.
    await coco.getByRole('button', { name: /^Confirm booking/ }).click();
    const form = page.getByRole('dialog', { name: 'Confirm booking' });
    await expect(form.getByLabel('Hospital name')).toHaveValue('Pawcare Pet Clinic');
    await form.getByRole('button', { name: 'Confirm and notify' }).click();
    await expect(page.getByText('Slot confirmed and notification sent to user!')).toBeVisible();
    await expect(coco.getByText('Confirmed')).toBeVisible();
    await expect(coco.getByRole('button', { name: /^Confirm booking/ })).toHaveCount(0);

    await pixel.getByRole('button', { name: /^Cancel booking/ }).click();
    await expect(page.getByText('Slot cancelled!')).toBeVisible();
    await expect(pixel).toHaveCount(0);
  });

  test('the booking form, the booked view and the confirm form have no serious accessibility violations', async ({
    page,
    browser,
    request,
  }) => {
    // Two people and three axe runs.
    test.slow();
    const [customer, employee] = await customerAndEmployee(request);
    // A pet of this run's own: a second try finds the first one's booking on the staff list too.
    const pet = `Axe ${customer.name.split(' ')[1]}`;
    await signIn(page, customer);
    await page.goto('/slots');
    await pickDay(page, clinicDay(7));
    await expect(page.getByRole('radio', { name: /^09:00/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: /^09:00/ }).check();
    await page.getByLabel('Pet name').fill(pet);
    await page.getByRole('button', { name: 'Book Slot' }).click();
    await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeVisible();
    await expect(page.getByText('Slot booked successfully!')).toBeHidden({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);

    const { page: staff } = await signedIn(browser, employee);
    await staff.goto('/employee/slots');
    await staff.getByRole('button', { name: new RegExp(`^Confirm booking for ${pet} `) }).click();
    await expect(staff.getByRole('dialog', { name: 'Confirm booking' })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.context().close();
  });
});
