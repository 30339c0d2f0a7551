import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http';
import {
  BASE_URL,
  createUser,
  expect,
  signIn,
  seriousViolations,
  staffOrder,
  test,
  type TestUser,
} from './fixtures.ts';

/** The customer's UPI order of one unit of product 2, placed through the API: its id and number. */
async function placeUpiOrder(request: APIRequestContext, customer: TestUser) {
  const placed = await request.post(`${BASE_URL}/api/orders`, {
    headers: { authorization: `Bearer ${customer.token}`, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    data: {
      items: [{ productId: 2, quantity: 1 }],
      address: {
        name: customer.name,
        pin: '700019',
        city: 'Kolkata',
        house: '12B',
        landmark: 'Near Lake Mall',
        state: 'West Bengal',
        country: 'India',
      },
      paymentMethod: 'upi',
    },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as { id: string; number: string };
}

test.describe('staff payments', () => {
  test('staff see the UTR a customer enters, mark the order paid, cancel it and record the refund', async ({
    page,
    request,
  }) => {
    const [customer, employee] = await Promise.all([createUser(request, 'user'), createUser(request, 'employee')]);
    const order = await placeUpiOrder(request, customer);

    await signIn(page, employee);
    await page.goto('/employee/orders?paymentStatus=unpaid');
    const shown = staffOrder(page, order.number);
    await expect(shown.row.getByText('Unpaid')).toBeVisible();
    let card = await shown.open();
    await expect(card.getByText('No reference yet')).toBeVisible();

    const utr = String(Date.now()).slice(-12).padStart(12, '7');
    const entered = await request.put(`${BASE_URL}/api/orders/${order.id}/payment`, {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { reference: utr },
    });
    expect(entered.status()).toBe(200);
    await expect(card.getByText(`UTR ${utr}`)).toBeVisible();

    await card.getByRole('button', { name: /^Mark paid/ }).click();
    const confirm = page.getByRole('dialog', { name: `Mark order ${order.number} paid?` });
    await expect(confirm.getByText(`UTR ${utr}`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    // Paid, it leaves the list of unpaid orders.
    await expect(shown.row).toHaveCount(0);

    await page.getByLabel('Payment').selectOption('Paid');
    card = await shown.open();
    await card.getByRole('button', { name: /^Cancel order/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect(shown.row).toHaveCount(0);

    await page.getByLabel('Payment').selectOption('Refund due');
    card = await shown.open();
    await expect(card.getByText('This order was canceled by the shop.')).toBeVisible();
    await expect(card.getByText(/^Refund ₹[\d,.]+ to the customer\.$/)).toBeVisible();
    await card.getByRole('button', { name: /^Refund given/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund given' }).click();
    await expect(shown.row).toHaveCount(0);
    await page.getByLabel('Payment').selectOption('Refunded');
    await expect(shown.row.getByText('Refunded')).toBeVisible();
  });

  test('the orders page with an order to settle, its details open, has no serious or critical axe violations', async ({
    page,
    request,
  }) => {
    const [customer, employee] = await Promise.all([createUser(request, 'user'), createUser(request, 'employee')]);
    const order = await placeUpiOrder(request, customer);
    await signIn(page, employee);
    await page.goto('/employee/orders?paymentStatus=unpaid');
    const shown = staffOrder(page, order.number);
    await expect(shown.row).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const card = await shown.open();
    await expect(card.getByText('No reference yet')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: /^Mark paid/ }).click();
    await expect(page.getByRole('dialog', { name: `Mark order ${order.number} paid?` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
