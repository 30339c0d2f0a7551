import { BASE_URL, clinicDay, createUser, expect, signIn, pickDay, seriousViolations, test } from './fixtures.ts';

test.describe('booking a service for a pet', () => {
  test('a customer adds a pet inline, books a 60-minute training for it, moves it, and still books a typed-in pet', async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user');
    const auth = { authorization: `Bearer ${customer.token}` };
    const date = clinicDay(8);
    await signIn(page, customer);
    await page.goto('/slots');
    await expect(page.getByRole('heading', { name: 'Slot Booking', level: 1 })).toBeVisible();

    // The services are cards in one radio group; the checkup is picked first, emergency care is not on the grid.
    const services = page.getByRole('group', { name: 'Service' });
    await expect(services.getByRole('radio', { name: /Pet Health Checkup/ })).toBeChecked();
    await expect(services.getByRole('radio', { name: /Emergency/ })).toHaveCount(0);
    await expect(
      page.getByText('Days in bold have free times. Use the arrow keys to move between days.'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Add a pet without leaving the form; it is picked at once.
    await page.getByRole('button', { name: 'Add a pet' }).click();
    await page.getByLabel("New pet's name").fill('Rocky');
    await page.getByLabel('Species').selectOption('dog');
    await page.getByRole('button', { name: 'Save pet' }).click();
    await expect(page.getByRole('radio', { name: /Rocky/ })).toBeChecked();
    await expect(page.getByLabel('Pet name')).toHaveCount(0);

    // A 60-minute training: it needs two grid steps free.
    await services.getByRole('radio', { name: /Pet Training/ }).check();
    await pickDay(page, date);
    await expect(page.getByText(/This service takes 60 minutes/)).toBeVisible();
    await page.getByRole('radio', { name: /^10:00/ }).check();
    await page.getByLabel('Note for the clinic').fill('Pulls on the lead');
    await page.getByRole('button', { name: 'Book Slot' }).click();
    await expect(page.getByText('Slot booked successfully!')).toBeVisible();
    const booked = page.getByRole('region', { name: 'Your slot is booked' });
    await expect(booked.getByRole('heading', { name: 'Your slot is booked' })).toBeFocused();
    await expect(booked.getByText('Pet Training')).toBeVisible();
    await expect(booked.getByText('Rocky', { exact: true })).toBeVisible();

    type Mine = { id: string; petId: string | null; service: unknown }[];
    const mine = (await (await request.get(`${BASE_URL}/api/slots/mine`, { headers: auth })).json()) as Mine;
    expect(mine[0]).toMatchObject({ petName: 'Rocky', time: '10:00', note: 'Pulls on the lead' });
    expect(mine[0]?.service).toMatchObject({ name: 'Pet Training', durationMinutes: 60 });
    expect(mine[0]?.petId).toEqual(expect.any(String));

    // Change Slot moves it to 11:00: the same booking, pending, never canceled.
    await booked.getByRole('button', { name: 'Change Slot', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change slot' });
    await expect(dialog.getByRole('button', { name: /, selected$/ })).toBeFocused();
    await dialog.getByRole('radio', { name: /^11:00/ }).check();
    await dialog.getByRole('button', { name: /^Move to/ }).click();
    await expect(page.getByText(/^Booking moved to .* at 11:00\.$/)).toBeVisible();
    const list = page.getByRole('region', { name: 'My bookings' });
    await expect(list.getByText(/at 11:00$/)).toBeVisible();
    const moved = (await (await request.get(`${BASE_URL}/api/slots/mine`, { headers: auth })).json()) as Mine;
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ id: mine[0]?.id, time: '11:00', status: 'pending' });

    // Book another, for a pet typed by name (the spec's fields): it still books the checkup.
    await booked.getByRole('button', { name: 'Book another' }).click();
    await expect(page.getByRole('heading', { name: 'Book a visit' })).toBeFocused();
    await page.getByRole('radio', { name: /Someone else/ }).check();
    await page.getByLabel('Pet name').fill('Biscuit');
    await page.getByLabel('Pet age (years)').fill('2');
    await pickDay(page, clinicDay(9));
    await page.getByRole('radio', { name: /^09:00/ }).check();
    await page.getByRole('button', { name: 'Book Slot' }).click();
    // The first booking's toast may still be on screen beside this one's (a slow machine): at least one shows, and
    // this booking's own saved copy below tells them apart.
    await expect(page.getByText('Slot booked successfully!').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('savedBooking') ?? 'null') as unknown))
      .toMatchObject({ petName: 'Biscuit', petAge: '2', time: '09:00', date: clinicDay(9) });
    await expect(list.getByText('Pet Health Checkup')).toBeVisible();
    await expect(list.getByText('Pet Training')).toBeVisible();
  });

  test('a client that sends only the spec fields still books, and the page fits a phone', async ({ page, request }) => {
    const customer = await createUser(request, 'user');
    const res = await request.post(`${BASE_URL}/api/slots/book`, {
      headers: { authorization: `Bearer ${customer.token}` },
      data: {
        schedule: `${clinicDay(10)} at 12:00`,
        petName: 'Pebble',
        ownerName: customer.name,
        petAge: '5',
        phone: customer.phone,
      },
    });
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ petName: 'Pebble', petAge: 5, service: { kind: 'checkup' } });

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, customer);
    await page.goto('/slots');
    const list = page.getByRole('region', { name: 'My bookings' });
    await expect(list.getByText(/Pebble, 5 years/)).toBeVisible();
    await expect(
      page.getByText('Days in bold have free times. Use the arrow keys to move between days.'),
    ).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Cancel from the list asks first.
    await list.getByRole('button', { name: /^Cancel booking for Pebble/ }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this booking?' })
      .getByRole('button', { name: 'Cancel booking' })
      .click();
    await expect(page.getByText('Slot booking canceled')).toBeVisible();
    await expect(list.getByText('Canceled', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
