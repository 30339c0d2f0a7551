import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { addDays } from '../shared/dates.ts';
import { formatDay } from '../shared/dates.ts';
import { SEEDED_OFFERING_IDS } from '../server/offerings/seeded.ts';
import {
  ADMIN,
  apiLogin,
  clinicDay,
  expect,
  newUserDetails,
  registerCustomer,
  seriousViolations,
  signIn,
  test,
  type Role,
} from './fixtures.ts';
import { linkFromNewMail, outboxFiles } from './mail.ts';
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from './own-server.ts';

/**
 * A puppy's vaccination course over three weeks, on a server of this spec's own whose clock is moved on between
 * restarts (e2e/shifted-clock.ts): dose 1 is recorded in "Complete visit"; 18 days later the owner's reminder for
 * dose 2 links to the booking form, where she books it; on the day, staff record dose 2 in "Complete visit" and a
 * staff-only clinical note on the visit, which the owner never sees.
 */

const DAY_MS = 86_400_000;
const DHPPI = 'DHPPi (distemper, hepatitis, parvovirus, parainfluenza) (vaccine)';

test.describe.configure({ timeout: OWN_SERVER_START_MS * 3 });

let server: OwnServer;
let outbox: string;
let dispose: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  let dataDir: string;
  ({ server, dataDir, dispose } = await startOwnServer('care', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    CLINIC_TZ: process.env.E2E_CLINIC_TZ ?? 'Asia/Kolkata',
    CLINIC_HOURS: 'Mon-Sun 09:00-18:00',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${path.join(import.meta.dirname, 'shifted-clock.ts')}`,
    PAWCARE_E2E_CLOCK_OFFSET_MS: '0',
  }));
  outbox = path.join(dataDir, 'outbox');
});

test.afterAll(async () => {
  await dispose?.();
});

/** Restarts the spec's server living `days` days after today. */
async function restartDaysLater(days: number) {
  await server.stop();
  server.setEnv({ PAWCARE_E2E_CLOCK_OFFSET_MS: String(days * DAY_MS) });
  await server.start();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function person(request: APIRequestContext, role: Role, label: string) {
  const d = newUserDetails(label);
  const reg = await registerCustomer(request, d, server.url);
  if (role !== 'user') {
    const admin = await apiLogin(request, ADMIN.email, ADMIN.password, server.url);
    const res = await request.put(`${server.url}/api/users/${reg.user.id}/role`, {
      data: { role },
      headers: bearer(admin),
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { id: reg.user.id, ...d, role };
}

/** A browser of its own signed in on the spec's server; its clock `days` days on, as the server's. */
async function browserOf(browser: Browser, who: { email: string; password: string; role: Role }, days: number) {
  const context = await browser.newContext();
  if (days) await context.clock.install({ time: Date.now() + days * DAY_MS });
  const page = await context.newPage();
  await signIn(page, who, server.url);
  return page;
}

test("a puppy's course: dose 1 in Complete visit, the reminder for dose 2 books it, staff record dose 2", async ({
  browser,
  request,
}) => {
  const customer = await person(request, 'user', 'Customer');
  const vet = await person(request, 'employee', 'Vet');
  const puppy = `Biscuit ${customer.name.split(' ')[1]}`;
  const today = clinicDay(0);
  const dueDay = addDays(today, 21);

  // The puppy's first checkup, later today, confirmed by the clinic.
  let token = await apiLogin(request, customer.email, customer.password, server.url);
  const pet = (await (
    await request.post(`${server.url}/api/pets`, { headers: bearer(token), data: { name: puppy, species: 'dog' } })
  ).json()) as { id: string };
  const slots = (await (
    await request.get(`${server.url}/api/slots/availability?date=${today}&serviceId=${SEEDED_OFFERING_IDS.checkup}`, {
      headers: bearer(token),
    })
  ).json()) as { slots: { time: string; available: number; past: boolean }[] };
  const time = slots.slots.filter((s) => !s.past && s.available > 0).at(-1)!.time;
  const booked = await request.post(`${server.url}/api/slots/book`, {
    headers: bearer(token),
    data: {
      schedule: `${today} at ${time}`,
      serviceId: SEEDED_OFFERING_IDS.checkup,
      petId: pet.id,
      petName: puppy,
      ownerName: customer.name,
      phone: customer.phone,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const first = (await booked.json()) as { id: string };
  let vetToken = await apiLogin(request, vet.email, vet.password, server.url);
  expect(
    (await request.put(`${server.url}/api/slots/confirm/${first.id}`, { headers: bearer(vetToken) })).status(),
  ).toBe(200);

  // The vet completes the visit with dose 1 of the puppy series; an expired batch is refused in the dialog first.
  let staffPage = await browserOf(browser, vet, 0);
  await staffPage.goto(`${server.url}/employee/home?date=${today}`);
  await staffPage
    .getByRole('row')
    .filter({ hasText: puppy })
    .getByRole('button', { name: new RegExp(`^Complete visit for ${puppy} `) })
    .click();
  let dialog = staffPage.getByRole('dialog', { name: 'Complete visit' });
  await dialog.getByLabel('Findings').fill('Healthy puppy, first vaccination');
  await dialog.getByRole('button', { name: 'Add a dose' }).click();
  await dialog.getByLabel(/^Dose 1: vaccine or treatment/).selectOption({ label: DHPPI });
  await dialog.getByLabel('Dose 1: manufacturer').fill('MSD Animal Health');
  await dialog.getByLabel(/^Dose 1: batch \(lot\) number/).fill('A123B');
  await dialog.getByLabel(/^Dose 1: batch expiry date/).fill(clinicDay(-1));
  await dialog.getByRole('button', { name: 'Record visit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Batch A123B expired on /);
  expect(await seriousViolations(staffPage)).toEqual([]);
  await dialog.getByLabel(/^Dose 1: batch expiry date/).fill(clinicDay(300));
  await dialog.getByRole('button', { name: 'Record visit' }).click();
  await expect(staffPage.getByText('Visit recorded.')).toBeVisible();
  const doses = async () =>
    (await (
      await request.get(`${server.url}/api/pets/${pet.id}/vaccinations`, { headers: bearer(vetToken) })
    ).json()) as { bookingId: string; doseNumber: number; nextDueOn: string; batch: string }[];
  expect(await doses()).toEqual([
    expect.objectContaining({ bookingId: first.id, doseNumber: 1, nextDueOn: dueDay, batch: 'A123B' }),
  ]);
  await staffPage.context().close();

  // 18 days later the owner is reminded of dose 2, with a link that books it.
  const before = await outboxFiles(outbox);
  await restartDaysLater(18);
  const mail = await linkFromNewMail(
    outbox,
    customer.email,
    /https?:\/\/[^\s"'<>]+\/slots\?serviceId=[^\s"'<>]+/,
    before,
  );
  expect(mail.texts.join('\n')).toContain(puppy);
  const customerPage = await browserOf(browser, customer, 18);
  await customerPage.goto(`${server.url}${mail.link}`);
  await expect(
    customerPage.getByRole('group', { name: 'Service' }).getByRole('radio', { name: /Pet Health Checkup/ }),
  ).toBeChecked();
  await expect(customerPage.getByRole('radio', { name: new RegExp(puppy) })).toBeChecked();
  await customerPage.getByRole('radio', { name: /^10:00/ }).check();
  await customerPage.getByRole('button', { name: 'Book Slot' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Your slot is booked' })).toBeFocused();
  token = await apiLogin(request, customer.email, customer.password, server.url);
  const mine = (await (await request.get(`${server.url}/api/slots/mine`, { headers: bearer(token) })).json()) as {
    id: string;
    date: string;
    time: string;
    petId: string;
  }[];
  const second = mine.find((b) => b.id !== first.id)!;
  expect(second).toMatchObject({ date: dueDay, time: '10:00', petId: pet.id });
  await customerPage.context().close();

  // On the day, the clinic confirms it and the vet records dose 2 in Complete visit.
  await restartDaysLater(21);
  vetToken = await apiLogin(request, vet.email, vet.password, server.url);
  expect(
    (await request.put(`${server.url}/api/slots/confirm/${second.id}`, { headers: bearer(vetToken) })).status(),
  ).toBe(200);
  staffPage = await browserOf(browser, vet, 21);
  await staffPage.goto(`${server.url}/employee/home?date=${dueDay}`);
  await staffPage
    .getByRole('row')
    .filter({ hasText: puppy })
    .getByRole('button', { name: new RegExp(`^Complete visit for ${puppy} `) })
    .click();
  dialog = staffPage.getByRole('dialog', { name: 'Complete visit' });
  await dialog.getByRole('button', { name: 'Add a dose' }).click();
  await dialog.getByLabel(/^Dose 1: vaccine or treatment/).selectOption({ label: DHPPI });
  await dialog.getByLabel(/^Dose 1: batch \(lot\) number/).fill('C456D');
  await dialog.getByLabel(/^Dose 1: batch expiry date/).fill(addDays(dueDay, 300));
  await dialog.getByRole('button', { name: 'Record visit' }).click();
  await expect(staffPage.getByText('Visit recorded.')).toBeVisible();
  expect(await doses()).toEqual([
    expect.objectContaining({ bookingId: second.id, doseNumber: 2, nextDueOn: addDays(dueDay, 21), batch: 'C456D' }),
    expect.objectContaining({ bookingId: first.id, doseNumber: 1 }),
  ]);

  // A staff-only clinical note on the visit, from the pet's record.
  await staffPage.goto(`${server.url}/employee/pets/${pet.id}`);
  const visit = staffPage.getByRole('article', { name: new RegExp(`^Pet Health Checkup, .*${formatDay(dueDay)}`) });
  await visit.getByRole('button', { name: /^Add a clinical note to / }).click();
  const noteDialog = staffPage.getByRole('dialog', { name: /^Clinical note on / });
  await noteDialog.getByLabel('Note').fill('Nervous on the table; muzzle next time');
  await noteDialog.getByRole('button', { name: 'Add note' }).click();
  await expect(visit.getByText('Nervous on the table; muzzle next time')).toBeVisible();
  expect(await seriousViolations(staffPage)).toEqual([]);

  // The owner's page shows dose 3 due, and nothing of the note.
  const ownerPage = await browserOf(browser, customer, 21);
  await ownerPage.goto(`${server.url}/customer/pets/${pet.id}`);
  const care = ownerPage.getByRole('region', { name: 'Vaccinations and preventive care' });
  await expect(care.getByText(`Dose 3 of 3 due on ${formatDay(addDays(dueDay, 21))}.`)).toBeVisible();
  await expect(ownerPage.getByRole('article', { name: /^Pet Health Checkup, / }).first()).toBeVisible();
  await expect(ownerPage.getByText(/Clinical notes|muzzle next time/)).toHaveCount(0);
  expect(await seriousViolations(ownerPage)).toEqual([]);
});
