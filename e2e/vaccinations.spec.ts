import { formatDay } from '../shared/dates.ts';
import { SEEDED_OFFERING_IDS } from '../server/offerings/seeded.ts';
import {
  ADMIN,
  BASE_URL,
  clinicDay,
  customerAndEmployee,
  expect,
  seriousViolations,
  signIn,
  test,
} from './fixtures.ts';

const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

test("a puppy's first visit records dose 1; the owner sees dose 2 due on the pet's page", async ({
  browser,
  request,
}) => {
  test.slow();
  const [customer, employee] = await customerAndEmployee(request);
  const puppy = `Biscuit ${customer.name.split(' ')[1]}`;
  const today = clinicDay(0);

  // The customer's puppy has a checkup today, which the clinic has confirmed.
  const petRes = await request.post(`${BASE_URL}/api/pets`, {
    headers: bearer(customer),
    data: { name: puppy, species: 'dog' },
  });
  expect(petRes.status(), await petRes.text()).toBe(201);
  const pet = (await petRes.json()) as { id: string };
  const slots = await request.get(
    `${BASE_URL}/api/slots/availability?date=${today}&serviceId=${SEEDED_OFFERING_IDS.checkup}`,
    { headers: bearer(customer) },
  );
  const free = ((await slots.json()) as { slots: { time: string; available: number; past: boolean }[] }).slots.filter(
    (s) => !s.past && s.available > 0,
  );
  const time = free.at(-1)!.time;
  const booked = await request.post(`${BASE_URL}/api/slots/book`, {
    headers: bearer(customer),
    data: {
      schedule: `${today} at ${time}`,
      serviceId: SEEDED_OFFERING_IDS.checkup,
      petId: pet.id,
      petName: puppy,
      ownerName: customer.name,
      phone: '9876543210',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as { id: string };
  const confirmed = await request.put(`${BASE_URL}/api/slots/confirm/${booking.id}`, { headers: bearer(employee) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  // The vet records dose 1 of the puppy series from the booking on the agenda.
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, employee);
  await staffPage.goto(`/employee/home?date=${today}`);
  const row = staffPage.getByRole('row').filter({ hasText: puppy });
  await row.getByRole('button', { name: new RegExp(`^Record a dose for ${puppy} `) }).click();
  const dialog = staffPage.getByRole('dialog', { name: `Record a dose for ${puppy}` });
  await dialog
    .getByLabel('Vaccine or treatment')
    .selectOption({ label: 'DHPPi (distemper, hepatitis, parvovirus, parainfluenza) (vaccine)' });
  await dialog.getByLabel('Product (brand)').fill('Nobivac DHPPi');
  await dialog.getByLabel('Manufacturer').fill('MSD Animal Health');
  await dialog.getByLabel('Batch (lot) number').fill('A123B');
  // An expired batch is refused with the reason, and nothing is recorded.
  await dialog.getByLabel('Batch expiry date').fill(clinicDay(-1));
  await dialog.getByRole('button', { name: 'Record dose' }).click();
  await expect(dialog.getByText(/^Batch A123B expired on /)).toBeVisible();
  await dialog.getByLabel('Batch expiry date').fill(clinicDay(300));
  await dialog.getByRole('button', { name: 'Record dose' }).click();
  await expect(
    staffPage.getByText(`DHPPi (distemper, hepatitis, parvovirus, parainfluenza) recorded for ${puppy}`),
  ).toBeVisible();

  // The owner's page shows the dose and dose 2 of 3 due three weeks later.
  const customerPage = await (await browser.newContext()).newPage();
  await signIn(customerPage, customer);
  await customerPage.goto(`/customer/pets/${pet.id}`);
  const care = customerPage.getByRole('region', { name: 'Vaccinations and preventive care' });
  const status = care
    .getByRole('list', { name: 'Preventive care status' })
    .getByRole('listitem')
    .filter({ hasText: 'DHPPi (distemper' });
  await expect(status.getByText(`Dose 2 of 3 due on ${formatDay(clinicDay(21))}.`)).toBeVisible();
  await expect(care.getByRole('list', { name: 'Doses given' }).getByText('Batch: ')).toBeVisible();
  await expect(care.getByText(/A123B, expires/)).toBeVisible();
  await expect(care.getByRole('button', { name: 'Record a dose' })).toHaveCount(0);
  expect(await seriousViolations(customerPage)).toEqual([]);

  // Staff's pet page and the clinic's lists pass axe too.
  await staffPage.goto(`/employee/pets/${pet.id}`);
  await expect(staffPage.getByRole('button', { name: 'Record a dose' })).toBeVisible();
  expect(await seriousViolations(staffPage)).toEqual([]);
  await staffPage.goto('/employee/care-due');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Due and overdue' })).toBeVisible();
  await staffPage.getByLabel('Show').selectOption('due_soon');
  expect(await seriousViolations(staffPage)).toEqual([]);
});

test('admins keep the catalogue of vaccines', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { ...ADMIN, role: 'admin' });
  await page.goto('/admin/vaccines');
  await expect(page.getByRole('heading', { level: 1, name: 'Vaccines' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Vaccines and treatments' }).getByText('Kennel cough (Bordetella)'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add vaccine' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a vaccine or treatment' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
