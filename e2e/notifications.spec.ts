import { BASE_URL, clinicDay, customerAndEmployee, expect, seriousViolations, signIn, test } from './fixtures.ts';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

test.describe('the inbox', () => {
  test('a confirmation lands in the inbox live; the customer opens it and marks everything read', async ({
    page,
    request,
  }) => {
    const [customer, employee] = await customerAndEmployee(request);
    const socketReady = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        ws.on('framereceived', (frame) => {
          if (String(frame.payload).startsWith('40')) resolve();
        });
      });
    });
    await signIn(page, customer);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('No notifications yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    // Two bookings confirmed by staff while the page is open: each arrives at the top, and the bell counts them.
    for (const time of ['10:00', '11:00']) {
      const booked = await request.post(`${BASE_URL}/api/slots/book`, {
        headers: { authorization: `Bearer ${customer.token}` },
        data: {
          schedule: `${clinicDay(3)} at ${time}`,
          petName: 'Bruno',
          ownerName: customer.name,
          phone: customer.phone,
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const { id } = (await booked.json()) as { id: string };
      await socketReady;
      const confirmed = await request.put(`${BASE_URL}/api/slots/confirm/${id}`, {
        headers: { authorization: `Bearer ${employee.token}` },
        data: {},
      });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
    }
    const inbox = page.getByRole('main').getByRole('article', { name: 'Booking confirmed' });
    await expect(inbox).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    await expect(page.getByText('2 unread.')).toBeVisible();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await seriousViolations(page)).toEqual([]);
    }

    // The same list on another device, and a read there shows here at once.
    const other = await page.context().browser()!.newPage();
    await signIn(other, customer);
    await other.goto('/notifications');
    await other
      .getByRole('button', { name: /^Mark read/ })
      .first()
      .click();
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    await other.close();

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText('Everything is read.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    // A notification opens the page of what it is about.
    await inbox.first().getByRole('link', { name: 'Booking confirmed' }).click();
    await expect(page).toHaveURL(/\/slots$/);
  });

  test('staff have the bell and the page too; a visitor is sent to log in', async ({ page, request }) => {
    const [, employee] = await customerAndEmployee(request);
    await page.goto('/notifications');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, employee);
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByText('No notifications yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
