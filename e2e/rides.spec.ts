import type { Locator } from '@playwright/test';
import { BASE_URL, clinicDay, createUser, expect, signIn, pickDay, seriousViolations, test } from './fixtures.ts';

const STEPS = ['Driver on the way', 'Picked up', 'At the clinic', 'On the way home', 'Dropped off'];

/** The step a stepper marks as the current one. */
const currentStep = (stepper: Locator) => stepper.locator('[aria-current="step"]');

test.describe('pickup rides', () => {
  test("a driver moves a ride along on a phone and the customer's bookings follow each step live", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // Two people on two screens, a booking and five live steps.
    test.slow();
    const [customer, driver] = await Promise.all([createUser(request, 'user'), createUser(request, 'employee')]);
    const today = clinicDay(0);

    // The customer books a ride for later today (it is about noon at the clinic).
    await signIn(page, customer);
    await page.goto('/slots');
    await page
      .getByRole('group', { name: 'Service' })
      .getByRole('radio', { name: /Pet Pickup Ride/ })
      .check();
    await pickDay(page, today);
    // Another time, and another pet, for a second try: the first one's ride is still on the driver's list.
    await page.getByRole('radio', { name: new RegExp(`^${testInfo.retry ? '15:30' : '15:00'}`) }).check();
    const pet = `Pebble ${customer.name.split(' ')[1]}`;
    await page.getByLabel('Pet name').fill(pet);
    await page.getByLabel('Note for the clinic').fill('Ring the bell twice');
    await page.getByLabel('Pickup address').fill('12 Lake Road, Kolkata');
    await page.getByRole('button', { name: 'Book Slot' }).click();
    await expect(page.getByText('Slot booked successfully!')).toBeVisible();
    const mine = page.getByRole('region', { name: 'My bookings' });
    const stepper = mine.getByRole('list', { name: 'Pickup ride' });
    await expect(currentStep(stepper)).toContainText('Scheduled');

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const [booking] = (await (
      await request.get(`${BASE_URL}/api/slots/mine`, { headers: auth(customer.token) })
    ).json()) as { id: string }[];

    // The driver's phone: the ride waits for the booking's confirmation.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    const problems: string[] = [];
    phone.on('console', (msg) => {
      if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) problems.push(msg.text());
    });
    phone.on('pageerror', (err) => problems.push(err.message));
    await signIn(phone, driver);
    await phone.goto('/employee/rides');
    await expect(phone.getByRole('heading', { level: 1, name: 'Rides' })).toBeVisible();
    await expect(phone.getByRole('heading', { level: 2, name: /^Today/ })).toBeVisible();
    const card = phone.getByRole('article', { name: new RegExp(`${pet}$`) });
    await expect(card.getByText('Confirm the booking first.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Driver on the way' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /12 Lake Road, Kolkata/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Lake%20Road%2C%20Kolkata',
    );
    await expect(card.getByRole('link', { name: /^Call / })).toHaveAttribute('href', `tel:${customer.phone}`);
    await expect(card.getByText('Ring the bell twice')).toBeVisible();

    // The front desk confirms: the driver's card gets its button from the event alone.
    const confirmed = await request.put(`${BASE_URL}/api/slots/confirm/${booking!.id}`, {
      headers: auth(driver.token),
      data: {},
    });
    expect(confirmed.status()).toBe(200);
    const next = card.getByRole('button', { name: STEPS[0] });
    await expect(next).toBeVisible();
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone)).toEqual([]);

    // Step by step; the first one carries a message for the customer.
    await card.getByLabel('Message to the customer (optional)').fill('10 minutes away');
    for (const [i, label] of STEPS.entries()) {
      await card.getByRole('button', { name: label, exact: true }).click();
      await expect(card.getByRole('list', { name: new RegExp(`Step ${i + 2} of 6: ${label}`) })).toBeVisible();
      // The customer's page was never reloaded: the stepper follows the booking's events.
      await expect(currentStep(stepper)).toContainText(label);
      if (i === 0) await expect(mine.getByText(/10 minutes away/)).toBeVisible();
    }
    await expect(card.getByText('Ride complete.')).toBeVisible();
    await expect(card.getByRole('button', { name: /^(Driver|Picked|At the|On the|Dropped)/ })).toHaveCount(0);
    await expect(stepper.getByRole('listitem')).toHaveCount(6);
    await expect(stepper.locator('time')).toHaveCount(5);

    // The screen at desktop size too.
    await phone.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(phone)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
