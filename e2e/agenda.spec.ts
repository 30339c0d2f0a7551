import type { APIRequestContext, Page } from '@playwright/test';
import { BOOKING_MSG } from '#shared/bookings';
import { SEEDED_OFFERING_IDS } from '../server/offerings/seeded.ts';
import {
  BASE_URL,
  clinicDay,
  customerAndEmployee,
  expect,
  signIn,
  seriousViolations,
  test,
  type TestUser,
} from './fixtures.ts';

/**
 * The staff agenda. The e2e server's clinic runs where it is about noon (playwright.config.ts), so a booking later
 * today can be made and, once confirmed, completed on its day; a no-show waits for the booking's time, which these
 * tests never reach (the component tests cover it: web/features/bookings/pages/staff-bookings.test.tsx).
 */

async function book(
  request: APIRequestContext,
  customer: TestUser,
  o: { schedule: string; petName: string; serviceId?: string; note?: string },
): Promise<{ id: string }> {
  const res = await request.post(`${BASE_URL}/api/slots/book`, {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { ownerName: customer.name, phone: customer.phone, ...o },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function fitsTheScreen(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The latest time today with a free seat for the checkup, so it lies ahead for the whole test. */
async function latestFreeTimeToday(request: APIRequestContext, customer: TestUser): Promise<string> {
  const res = await request.get(`${BASE_URL}/api/slots/availability?date=${clinicDay(0)}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { slots } = (await res.json()) as { slots: { time: string; available: number; past: boolean }[] };
  const free = slots.filter((s) => !s.past && s.available > 0).at(-1);
  if (!free) throw new Error('No free checkup time left today in the e2e clinic');
  return free.time;
}

test.describe('staff agenda', () => {
  test('a customer books today, staff confirm it and record the visit with a next-due date', async ({
    page,
    request,
  }) => {
    const [customer, employee] = await customerAndEmployee(request);
    const today = clinicDay(0);
    const time = await latestFreeTimeToday(request, customer);
    const biscuit = await book(request, customer, {
      schedule: `${today} at ${time}`,
      petName: 'Biscuit',
      note: 'Yearly checkup',
    });

    await signIn(page, employee);
    await page.goto(`/employee/home?date=${today}`);
    await expect(page.getByRole('heading', { name: /^Today/, level: 3 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Biscuit' });
    // The dashboard's Confirm asks for the hospital info, prefilled, as the schedule's does.
    await row.getByRole('button', { name: /^Confirm booking for Biscuit/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm booking' });
    await expect(confirm.getByLabel('Hospital name')).toHaveValue('Pawcare Pet Clinic');
    await confirm.getByRole('button', { name: 'Confirm and notify' }).click();
    await expect(page.getByText('Slot confirmed and notification sent to user!')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
    // On its day the visit can be recorded (a pet seen early); a no-show only once its time has begun.
    await expect(row.getByRole('button', { name: /^Mark no-show/ })).toHaveCount(0);
    await row.getByRole('button', { name: /^Complete visit for Biscuit/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Complete visit' });
    await dialog.getByLabel('Findings').fill('Healthy, mild tartar');
    await dialog.getByLabel('Medicines').fill('Dental gel twice a day');
    await dialog.getByLabel('Weight (kg)').fill('8.4');
    await dialog.getByLabel('Next due for').fill('Rabies booster');
    await dialog.getByRole('button', { name: 'Record visit' }).click();
    await expect(dialog.getByText(BOOKING_MSG.nextDueDateRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Next due on').fill(clinicDay(30));
    await dialog.getByRole('button', { name: 'Record visit' }).click();
    await expect(page.getByText('Visit recorded.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(row.getByText('Completed', { exact: true })).toBeVisible();
    // The visit record opens in a panel of its own.
    await expect(row.getByRole('button')).toHaveCount(1);
    await row.getByRole('button', { name: /^Visit record for Biscuit/ }).click();
    const record = page.getByRole('dialog', { name: /^Biscuit, / });
    await expect(record).toContainText('Healthy, mild tartar');
    await expect(record).toContainText('8.4 kg');
    await expect(record).toContainText('Rabies booster');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(record).toBeHidden();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Completed this week' }).locator('p').nth(1),
    ).not.toHaveText('0');

    // The customer's booking carries the visit.
    const mine = await request.get(`${BASE_URL}/api/slots/mine`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    const saved = ((await mine.json()) as { id: string; status: string; visit: { findings: string } | null }[]).find(
      (b) => b.id === biscuit.id,
    );
    expect(saved).toMatchObject({ status: 'completed', visit: { findings: 'Healthy, mild tartar' } });
  });

  test('staff find a booking by day, confirm it, and cannot record its outcome before its day', async ({
    page,
    request,
  }) => {
    const [customer, employee] = await customerAndEmployee(request);
    const day = clinicDay(11);
    const rex = await book(request, customer, {
      schedule: `${day} at 10:00`,
      petName: 'Rex',
      serviceId: SEEDED_OFFERING_IDS.training,
      note: 'Pulls on the lead',
    });
    await book(request, customer, { schedule: `${day} at 09:00`, petName: 'Bella' });

    await signIn(page, employee);
    await page.goto(`/employee/slots?date=${day}`);
    await expect(page.getByLabel('Day')).toHaveValue(day);
    const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(2);
    // By appointment time, not by when they were booked.
    await expect(rows.nth(0)).toContainText('Bella');
    const rexRow = rows.nth(1);
    await expect(rexRow).toContainText('10:00 to 11:00');
    await expect(rexRow).toContainText('Pet Training');
    await expect(rexRow).toContainText('Pulls on the lead');
    await expect(rexRow).toContainText(customer.phone);

    await rexRow.getByRole('button', { name: /^Confirm booking for Rex/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm booking' });
    await dialog.getByRole('button', { name: 'Confirm and notify' }).click();
    await expect(page.getByText('Slot confirmed and notification sent to user!')).toBeVisible();
    await expect(rexRow.getByText('Confirmed', { exact: true })).toBeVisible();
    // Its day has not come: no outcome to record yet, and the server agrees.
    await expect(rexRow.getByRole('button', { name: /Complete visit|no-show/i })).toHaveCount(0);
    await expect(rexRow.getByRole('button', { name: /^Cancel booking for Rex/ })).toBeVisible();
    const early = await request.put(`${BASE_URL}/api/slots/${rex.id}/complete`, {
      headers: { authorization: `Bearer ${employee.token}` },
      data: { findings: 'Too early' },
    });
    expect(early.status()).toBe(409);
    expect(await early.text()).toContain(BOOKING_MSG.outcomeTooEarly);

    // The status filter lives in the URL: a reload keeps it.
    await page.getByLabel('Status').selectOption({ label: 'Confirmed' });
    await expect(page).toHaveURL(new RegExp(`status=confirmed.*date=${day}`));
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('confirmed');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Rex');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/employee\/slots$/);
  });

  test('both staff pages keep their actions on a 390 px phone and have no serious accessibility violations', async ({
    page,
    request,
  }) => {
    const [customer, employee] = await customerAndEmployee(request);
    const day = clinicDay(12);
    await book(request, customer, {
      schedule: `${day} at 11:00`,
      petName: 'Whiskers',
      note: 'Sneezing for three days, not eating well since the weekend, and sleeping much more than usual.',
    });
    await signIn(page, employee);

    for (const path of ['/employee/home', '/employee/slots']) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${path}?date=${day}`);
      const row = page.getByRole('row').filter({ hasText: 'Whiskers' });
      await expect(row.getByRole('button', { name: /^Confirm booking for Whiskers/ })).toBeVisible();
      expect(await seriousViolations(page), `${path} at desktop width`).toEqual([]);

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(row.getByRole('button', { name: /^Cancel booking for Whiskers/ })).toBeVisible();
      await fitsTheScreen(page);
      for (const name of [/^Confirm booking for Whiskers/, /^Cancel booking for Whiskers/]) {
        const box = await row.getByRole('button', { name }).boundingBox();
        expect(box, `${path}: ${String(name)} on screen`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      expect(await seriousViolations(page), `${path} at 390 px`).toEqual([]);
    }
  });

  test('staff see the agenda as a week beside the list, open a booking from the grid, and the week follows live', async ({
    page,
    request,
  }) => {
    const [customer, employee] = await customerAndEmployee(request);
    const day = clinicDay(13);
    await book(request, customer, { schedule: `${day} at 10:00`, petName: 'Maple' });
    await signIn(page, employee);
    await page.goto('/employee/slots');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // That day's week: the address names it, as a link to it would.
    await page.goto(`/employee/slots?view=week&week=${day}`);
    const grid = page.getByRole('table', { name: /^Bookings, Week of / });
    const maple = grid.getByRole('button', { name: /^Maple, Pet Health Checkup, Pending/ });
    await expect(maple).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // From the keyboard: the booking's panel, and back.
    await maple.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: /^Maple, / });
    await expect(panel).toContainText('Pet Health Checkup, 10:00 to 10:30');
    await expect(panel.getByRole('button', { name: /^Confirm booking for Maple/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(maple).toBeFocused();

    // A booking made meanwhile joins the week at its day and time without a reload.
    await book(request, customer, { schedule: `${day} at 11:30`, petName: 'Clover' });
    const clover = grid.getByRole('button', { name: /^Clover, / });
    await expect(clover).toBeVisible();
    const cloverRow = grid.getByRole('row').filter({ has: page.getByRole('button', { name: /^Clover, / }) });
    await expect(cloverRow.getByRole('rowheader')).toHaveText('11:30');

    // The week moves on and comes back.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(maple).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(maple).toBeVisible();

    // A phone shows the days one under the other.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(grid).toBeHidden();
    await expect(page.getByRole('button', { name: /^10:00 Maple, / })).toBeVisible();
    await fitsTheScreen(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
