import { UNSUBSCRIBE_MSG } from '../shared/reminders.ts';
import type { Service } from '../shared/offerings.ts';
import { unsubscribeToken } from '../server/reminders/unsubscribe.ts';
import { BASE_URL, clinicDay, createUser, expect, signIn, seriousViolations, test } from './fixtures.ts';

// The e2e server's JWT_SECRET (playwright.config.ts): reminder e-mails' unsubscribe links are signed with it, and
// the worker that mails them cannot be brought forward in time here, so the spec signs a link the same way.
const E2E_JWT_SECRET = 'e2e-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

test.describe('reminders', () => {
  test('the unsubscribe page asks before it acts and shows why a link does not work', async ({ page }) => {
    await page.goto('/unsubscribe');
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is incomplete.');
    await expect(page.getByRole('button')).toHaveCount(0);

    await page.goto('/unsubscribe?token=not-a-token-this-server-made');
    await expect(page.getByRole('heading', { level: 1, name: 'Turn off reminder e-mails?' })).toBeVisible();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await seriousViolations(page)).toEqual([]);
    }

    await page.getByRole('button', { name: 'Turn off reminder e-mails' }).click();
    await expect(page.getByRole('alert')).toHaveText(UNSUBSCRIBE_MSG.invalid);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Log in to your profile' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a reminder e-mail's link turns them off only on the button; the profile switch turns them back on and off for good", async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user');
    const auth = { authorization: `Bearer ${customer.token}` };
    const reminderEmails = async () =>
      ((await (await request.get(`${BASE_URL}/api/auth/me`, { headers: auth })).json()) as { reminderEmails: boolean })
        .reminderEmails;
    await signIn(page, customer);

    await page.goto(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(E2E_JWT_SECRET, customer.id))}`);
    await expect(page.getByRole('button', { name: 'Turn off reminder e-mails' })).toBeVisible();
    // Opening the link (as a mail scanner does) changes nothing.
    expect(await reminderEmails()).toBe(true);

    await page.getByRole('button', { name: 'Turn off reminder e-mails' }).click();
    const masked = `${customer.email.slice(0, 1)}***@${customer.email.split('@')[1]}`;
    await expect(page.getByRole('status')).toHaveText(UNSUBSCRIBE_MSG.done(masked));
    expect(await reminderEmails()).toBe(false);

    // The profile already knows.
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page).toHaveURL(/\/customer\/profile$/);
    const toggle = page.getByRole('switch', { name: 'Reminder e-mails' });
    await expect(toggle).not.toBeChecked();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await seriousViolations(page)).toEqual([]);
    }

    await toggle.click();
    const reminders = page.getByRole('region', { name: 'Reminders' });
    await expect(reminders.getByRole('status')).toHaveText('Reminder e-mails are on.');
    await page.reload();
    await expect(toggle).toBeChecked();
    expect(await reminderEmails()).toBe(true);

    await toggle.click();
    await expect(reminders.getByRole('status')).toHaveText('Reminder e-mails are off.');
    await page.reload();
    await expect(toggle).not.toBeChecked();
    expect(await reminderEmails()).toBe(false);
  });

  test("a care reminder's link opens the form ready, and one click on a time then Book Slot books it", async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user');
    const auth = { authorization: `Bearer ${customer.token}` };
    const services = (await (await request.get(`${BASE_URL}/api/services`)).json()) as Service[];
    const checkup = services.find((s) => s.kind === 'checkup')!;
    const pet = (await (
      await request.post(`${BASE_URL}/api/pets`, { data: { name: 'Juniper', species: 'cat' }, headers: auth })
    ).json()) as { id: string };
    const date = clinicDay(21);
    await signIn(page, customer);

    await page.goto(`/slots?serviceId=${checkup.id}&date=${date}&petId=${pet.id}`);
    await expect(
      page.getByRole('group', { name: 'Service' }).getByRole('radio', { name: /Pet Health Checkup/ }),
    ).toBeChecked();
    await expect(page.getByRole('radio', { name: /Juniper/ })).toBeChecked();
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    await expect(page.getByRole('button', { name: new RegExp(`, ${d} ${month} ${y}, .*selected$`) })).toBeVisible();

    await page.getByRole('radio', { name: /^10:00/ }).check();
    await page.getByRole('button', { name: 'Book Slot' }).click();
    await expect(page.getByRole('heading', { name: 'Your slot is booked' })).toBeFocused();
    await expect(page).toHaveURL(/\/slots$/);

    const mine = (await (await request.get(`${BASE_URL}/api/slots/mine`, { headers: auth })).json()) as {
      petId: string;
      serviceId: string;
      date: string;
      time: string;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ petId: pet.id, serviceId: checkup.id, date, time: '10:00' });
  });
});
