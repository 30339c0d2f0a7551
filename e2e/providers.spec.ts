import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { ClinicSettings } from '#shared/clinic-settings';
import { WEEKDAYS } from '#shared/clinic-settings';
import {
  ADMIN,
  apiLogin,
  BASE_URL,
  clinicDay,
  createUser,
  expect,
  pickDay,
  seriousViolations,
  signIn,
  test,
  type TestUser,
} from './fixtures.ts';

/**
 * Providers (decision 051): a customer books a named vet, and staff see who the visit is with on the agenda. The
 * spec brings its own service and vet, so the clinic's other services keep booking as they did for the other specs.
 */

async function asAdmin<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: object): Promise<T> {
  const token = await apiLogin(request, ADMIN.email, ADMIN.password);
  const res = await request[method](`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** What a test made, retired after it: the clinic's other pages (the landing page's vets) see none of it. */
const made: { services: string[]; providers: string[] } = { services: [], providers: [] };

async function retire(request: APIRequestContext) {
  const token = await apiLogin(request, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  for (const id of made.providers.splice(0))
    await request.put(`${BASE_URL}/api/providers/${id}`, { headers, data: { active: false } });
  for (const id of made.services.splice(0))
    await request.put(`${BASE_URL}/api/services/${id}`, { headers, data: { active: false } });
}

/** A service of this spec's own and a vet who does it, working the clinic's hours on every day it opens. */
async function serviceWithVet(request: APIRequestContext, vet: TestUser, vetName: string) {
  const tag = randomBytes(3).toString('hex');
  const service = await asAdmin<{ id: string; name: string }>(request, 'post', '/api/services', {
    name: `Named vet consult ${tag}`,
    kind: 'checkup',
    durationMinutes: 30,
    capacity: 4,
    sortOrder: 9000,
  });
  const settings = await asAdmin<ClinicSettings>(request, 'get', '/api/settings/clinic');
  const weeklyHours = WEEKDAYS.flatMap((day, i) => {
    const h = settings.hours[day];
    return h ? [{ weekday: i + 1, open: h.open, close: h.close }] : [];
  });
  const provider = await asAdmin<{ id: string }>(request, 'post', '/api/providers', {
    userId: vet.id,
    displayName: vetName,
    serviceIds: [service.id],
    weeklyHours,
    qualifications: 'BVSc & AH',
    languages: ['English', 'Bengali'],
    bio: 'Calm hands for nervous cats.',
  });
  made.services.push(service.id);
  made.providers.push(provider.id);
  return { service, provider };
}

test.describe('providers', () => {
  test.afterEach(({ request }) => retire(request));

  test('a customer books a named vet; staff see the vet on the agenda', async ({ page, request }) => {
    const [customer, vet, employee] = await Promise.all([
      createUser(request, 'user'),
      createUser(request, 'employee', 'Vet'),
      createUser(request, 'employee'),
    ]);
    const vetName = `Dr. ${vet.name.split(' ')[1]} Mehta`;
    const { service } = await serviceWithVet(request, vet, vetName);
    const date = clinicDay(19);

    await signIn(page, customer);
    await page.goto('/slots');
    await page
      .getByRole('group', { name: 'Service' })
      .getByRole('radio', { name: new RegExp(service.name) })
      .check();
    const providers = page.getByRole('group', { name: 'Provider' });
    await expect(providers.getByRole('radio', { name: /Any available/ })).toBeChecked();
    await providers.getByRole('radio', { name: new RegExp(vetName) }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await pickDay(page, date);
    await page.getByRole('radio', { name: /^10:00/ }).check();
    await page.getByLabel('Pet name').fill('Mishti');
    await page.getByRole('button', { name: 'Book Slot' }).click();
    await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeVisible();
    await expect(page.getByText(vetName, { exact: true })).toBeVisible();

    // The vet is taken at 10:00 now: that time is no longer offered with them.
    await page.getByRole('button', { name: 'Book another' }).click();
    await page
      .getByRole('group', { name: 'Service' })
      .getByRole('radio', { name: new RegExp(service.name) })
      .check();
    await page
      .getByRole('group', { name: 'Provider' })
      .getByRole('radio', { name: new RegExp(vetName) })
      .check();
    await pickDay(page, date);
    await expect(page.getByRole('radio', { name: /^10:00/ })).toBeDisabled();

    await signIn(page, employee);
    await page.goto(`/employee/home?date=${date}`);
    const row = page.getByRole('row').filter({ hasText: 'Mishti' });
    await expect(row.getByText(`With ${vetName}`)).toBeVisible();
  });

  test('admins manage providers and a vet manages their own time off, on accessible screens', async ({
    page,
    request,
  }) => {
    const vet = await createUser(request, 'employee', 'Vet');
    const vetName = `Dr. ${vet.name.split(' ')[1]} Rao`;
    await serviceWithVet(request, vet, vetName);

    await signIn(page, { ...ADMIN, role: 'admin' });
    await page.goto('/admin/providers');
    await expect(page.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: vetName })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add provider' }).click();
    await expect(page.getByRole('dialog', { name: 'Add a provider' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await signIn(page, vet);
    await page.goto('/employee/time-off');
    await expect(page.getByRole('heading', { name: 'My time off', level: 1 })).toBeVisible();
    await page.getByLabel('From (day)').fill(clinicDay(40));
    await page.getByLabel('To (day)').fill(clinicDay(41));
    await page.getByLabel('Reason').fill('Conference');
    await page.getByRole('button', { name: 'Add time off' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Time off added.' })).toBeVisible();
    await expect(page.getByRole('list', { name: `Time off of ${vetName}` }).getByText('Conference')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
