import type { APIRequestContext } from '@playwright/test';
import { SEEDED_OFFERING_IDS } from '../server/offerings/seeded.ts';
import {
  BASE_URL,
  clinicDay,
  customerAndEmployee,
  EMBEDDED,
  expect,
  signIn,
  pickDay,
  seriousViolations,
  test,
  type TestUser,
} from './fixtures.ts';

/** The last two start times today with a free seat for the 60-minute training (the e2e clinic is at about noon). */
async function lastTwoTrainingTimes(request: APIRequestContext, customer: TestUser): Promise<[string, string]> {
  const res = await request.get(
    `${BASE_URL}/api/slots/availability?date=${clinicDay(0)}&serviceId=${SEEDED_OFFERING_IDS.training}`,
    { headers: { authorization: `Bearer ${customer.token}` } },
  );
  expect(res.status(), await res.text()).toBe(200);
  const { slots } = (await res.json()) as { slots: { time: string; available: number; past: boolean }[] };
  const free = slots.filter((s) => !s.past && s.available > 0).map((s) => s.time);
  if (free.length < 3) throw new Error(`Too few free training times left today: ${free.join(', ')}`);
  // Not the very last two: they may overlap each other, and the move must land on free seats of its own.
  return [free.at(-3)!, free.at(-1)!];
}

test(
  'a pet’s visit from booking to record: book a training, move it, staff confirm and complete it, the owner reads it',
  EMBEDDED,
  async ({ browser, request }) => {
    // Two people, a move, a visit record and its reading.
    test.slow();
    const [customer, employee] = await customerAndEmployee(request);
    // A pet of this run's own: a second try finds the first one's visit on the staff list too.
    const pet = `Juniper ${customer.name.split(' ')[1]}`;
    const today = clinicDay(0);
    const [first, moved] = await lastTwoTrainingTimes(request, customer);

    // The customer adds a pet from the booking form and books a 60-minute training for it today.
    const customerPage = await (await browser.newContext()).newPage();
    await signIn(customerPage, customer);
    await customerPage.goto('/slots');
    await customerPage.getByRole('button', { name: 'Add a pet' }).click();
    await customerPage.getByLabel("New pet's name").fill(pet);
    await customerPage.getByLabel('Species').selectOption('dog');
    await customerPage.getByRole('button', { name: 'Save pet' }).click();
    await expect(customerPage.getByRole('radio', { name: new RegExp(pet) })).toBeChecked();
    await customerPage
      .getByRole('group', { name: 'Service' })
      .getByRole('radio', { name: /Pet Training/ })
      .check();
    await pickDay(customerPage, today);
    await customerPage.getByRole('radio', { name: new RegExp(`^${first}`) }).check();
    await customerPage.getByLabel('Note for the clinic').fill('Jumps at visitors');
    await customerPage.getByRole('button', { name: 'Book Slot' }).click();
    await expect(customerPage.getByText('Slot booked successfully!')).toBeVisible();

    // She moves it to a later time: the same booking, never canceled on the way.
    const booked = customerPage.getByRole('region', { name: 'Your slot is booked' });
    await booked.getByRole('button', { name: 'Change Slot', exact: true }).click();
    const change = customerPage.getByRole('dialog', { name: 'Change slot' });
    await change.getByRole('radio', { name: new RegExp(`^${moved}`) }).check();
    await change.getByRole('button', { name: /^Move to/ }).click();
    await expect(customerPage.getByText(new RegExp(`^Booking moved to .* at ${moved}\\.$`))).toBeVisible();

    // Staff see it on today's agenda with the service, pet and note, confirm it and record the visit.
    const staffPage = await (await browser.newContext()).newPage();
    await signIn(staffPage, employee);
    await staffPage.goto(`/employee/home?date=${today}`);
    const row = staffPage.getByRole('row').filter({ hasText: pet });
    await expect(row.getByText('Pet Training')).toBeVisible();
    await expect(row.getByText('Jumps at visitors')).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`^Confirm booking for ${pet} `) }).click();
    await staffPage
      .getByRole('dialog', { name: 'Confirm booking' })
      .getByRole('button', { name: 'Confirm and notify' })
      .click();
    await expect(staffPage.getByText('Slot confirmed and notification sent to user!')).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`^Complete visit for ${pet} `) }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Complete visit' });
    await dialog.getByLabel('Findings').fill('Calmer greeting after two drills');
    await dialog.getByLabel('Weight (kg)').fill('14.2');
    await dialog.getByLabel('Next due for').fill('Follow-up training');
    await dialog.getByLabel('Next due on').fill(clinicDay(14));
    await dialog.getByRole('button', { name: 'Record visit' }).click();
    await expect(staffPage.getByText('Visit recorded.')).toBeVisible();
    await expect(row.getByText('Completed', { exact: true })).toBeVisible();

    // The owner finds the visit on the pet's page, with the weight the clinic measured.
    await customerPage.goto('/customer/pets');
    await customerPage.getByRole('article', { name: pet }).getByRole('link', { name: pet }).click();
    await expect(customerPage.getByRole('heading', { level: 1, name: pet })).toBeVisible();
    await expect(customerPage.getByText('Calmer greeting after two drills')).toBeVisible();
    await expect(customerPage.getByText(/Follow-up training/)).toBeVisible();
    await expect(customerPage.getByText(/14\.2 kg/).first()).toBeVisible();
    expect(await seriousViolations(customerPage)).toEqual([]);
  },
);
