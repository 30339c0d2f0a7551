import { readFile } from 'node:fs/promises';
import { readPdf } from '../server/test/pdf.ts';
import { SEEDED_VACCINE_IDS } from '../server/vaccines/seeded.ts';
import { BASE_URL, clinicDay, customerAndEmployee, expect, seriousViolations, signIn, test } from './fixtures.ts';

const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

test('the customer downloads and shares the certificate, a visitor checks it, and it is no longer valid once withdrawn', async ({
  browser,
  request,
}) => {
  test.slow();
  const [customer, employee] = await customerAndEmployee(request);
  const name = `मोती ${customer.name.split(' ')[1]}`;

  // A pet with one dose on its record, recorded by the clinic.
  const petRes = await request.post(`${BASE_URL}/api/pets`, {
    headers: bearer(customer),
    data: { name, species: 'dog', breed: 'Indie', microchip: '985112345678901' },
  });
  expect(petRes.status(), await petRes.text()).toBe(201);
  const pet = (await petRes.json()) as { id: string };
  const doseRes = await request.post(`${BASE_URL}/api/pets/${pet.id}/vaccinations`, {
    headers: bearer(employee),
    data: {
      vaccineId: SEEDED_VACCINE_IDS.rabies,
      givenOn: clinicDay(-3),
      batch: 'RB-4471',
      expiresOn: clinicDay(200),
      manufacturer: 'MSD Animal Health',
    },
  });
  expect(doseRes.status(), await doseRes.text()).toBe(201);

  // The customer downloads the certificate from the pet's page.
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const page = await context.newPage();
  await signIn(page, customer);
  await page.goto(`/customer/pets/${pet.id}`);
  const section = page.getByRole('region', { name: 'Vaccination certificate' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/vaccination-certificate\.pdf$/);
  const pdf = await readPdf(await readFile(await download.path()));
  expect(pdf.text).toContain(name);
  expect(pdf.text).toContain('RB-4471');
  // Its QR code opens the verification page of the pet's link.
  const scanned = new URL(pdf.qr!).pathname;
  const scanner = await (await browser.newContext()).newPage();
  await scanner.goto(scanned);
  await expect(scanner.getByText('Genuine and current')).toBeVisible();
  // Downloading made the link its QR code holds, listed for the owner to withdraw.
  await expect(section.getByRole('listitem')).toHaveCount(1);

  // Sharing shows a new link to copy.
  await section.getByRole('button', { name: 'Share certificate' }).click();
  const fresh = section.getByText(/Anyone with this link can check/).locator('..');
  const url = (await fresh.locator('p.font-mono').textContent())!.trim();
  expect(url).toMatch(/\/verify\/[A-Za-z0-9_-]{22}$/);
  await section.getByRole('button', { name: 'Copy link just made' }).click();
  await expect(section.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(section.getByRole('listitem')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (process.env.CERT_SHOTS) await section.screenshot({ path: `${process.env.CERT_SHOTS}/section-phone.png` });

  // A visitor, not signed in, opens the link: the certificate is genuine, with the pet and the dose, no owner.
  const path = new URL(url).pathname;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole('heading', { name: 'Vaccination certificate check' })).toBeVisible();
  await expect(visitor.getByText('Genuine and current')).toBeVisible();
  await expect(visitor.getByText(name).first()).toBeVisible();
  await expect(visitor.getByText('985112345678901')).toBeVisible();
  await expect(visitor.getByRole('cell', { name: 'RB-4471' })).toBeVisible();
  await expect(visitor.getByText(customer.name)).toHaveCount(0);
  expect(await seriousViolations(visitor)).toEqual([]);
  // On a phone nothing scrolls sideways: the doses are cards.
  await visitor.setViewportSize({ width: 390, height: 844 });
  await expect(visitor.getByRole('list', { name: /doses, oldest first$/ })).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(visitor)).toEqual([]);
  if (process.env.CERT_SHOTS)
    await visitor.screenshot({ path: `${process.env.CERT_SHOTS}/verify-phone.png`, fullPage: true });

  // The owner withdraws the shared link.
  const code = path.split('/').pop()!;
  await section.getByRole('button', { name: `Withdraw link ending ${code.slice(-4)}` }).click();
  await expect(section.getByText(`Link ending ${code.slice(-4)} withdrawn`)).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);

  // The visitor's page now says the certificate is not valid.
  await visitor.reload();
  await expect(visitor.getByText('Not valid', { exact: true })).toBeVisible();
  await expect(visitor.getByText(/withdrawn by the owner/)).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);

  // Staff print it from the pet's page: the PDF opens in a new tab.
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, employee);
  await staffPage.goto(`/employee/pets/${pet.id}`);
  const [tab] = await Promise.all([
    staffPage.context().waitForEvent('page'),
    staffPage.getByRole('button', { name: 'Print certificate' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
});
