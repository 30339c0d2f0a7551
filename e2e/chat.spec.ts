import {
  createUser,
  customerAndEmployee,
  EMBEDDED,
  expect,
  signIn,
  openCustomerChat,
  signedIn,
  test,
} from './fixtures.ts';

test('a customer and an employee chat both ways from two browsers', EMBEDDED, async ({ page, browser, request }) => {
  // Two browsers and two logins on a small machine.
  test.slow();
  const [customer, employee] = await customerAndEmployee(request);

  await signIn(page, customer);
  const box = await openCustomerChat(page);
  await expect(box.getByText(/Ask us anything/)).toBeVisible();

  const staff = await signedIn(browser, employee);
  await staff.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
  await expect(staff.page).toHaveURL(/\/employee\/chat$/);
  await expect(staff.page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
  await expect(staff.page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();

  // Customer -> employee.
  const question = 'Hello, is the checkup for Bruno at 10?';
  await box.getByRole('textbox', { name: 'Message' }).fill(question);
  await box.getByRole('textbox', { name: 'Message' }).press('Enter');
  const customerLog = box.getByRole('log', { name: 'Messages with support' });
  await expect(customerLog.getByText(question)).toBeVisible();
  await expect(customerLog.getByText('Sending…')).toHaveCount(0);
  await expect(box.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  const staffLog = staff.page.getByRole('log');
  await expect(staffLog.getByText(question)).toBeVisible();
  const conversations = staff.page.getByRole('navigation', { name: 'Conversations' });
  await expect(conversations.getByRole('button', { name: new RegExp(customer.name) })).toContainText('1');

  // Clicking the received message picks its sender as the reply target.
  await staffLog.getByRole('button', { name: new RegExp(`Reply to ${customer.name}`) }).click();
  await expect(staff.page.getByLabel('Send to')).toHaveValue(customer.id);
  const answer = 'Yes, 10:00 works. See you and Bruno then!';
  await staff.page.getByRole('textbox', { name: 'Message' }).fill(answer);
  await staff.page.getByRole('button', { name: 'Send' }).click();
  await expect(staff.page.getByRole('log').getByText(answer)).toBeVisible();

  // Employee -> customer, live.
  await expect(customerLog.getByText(answer)).toBeVisible();

  // A broadcast reaches the customer too.
  await staff.page.getByLabel('Send to').selectOption({ label: 'All customers' });
  await staff.page.getByRole('textbox', { name: 'Message' }).fill('The clinic is open this Sunday.');
  await staff.page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(customerLog.getByText('The clinic is open this Sunday.')).toBeVisible();

  // The conversation is stored: after a reload the customer sees it again, once.
  await page.reload();
  const again = await openCustomerChat(page);
  const log = again.getByRole('log', { name: 'Messages with support' });
  await expect(log.getByText(question)).toHaveCount(1);
  await expect(log.getByText(answer)).toHaveCount(1);

  expect(staff.problems, 'the employee page logged unexpected errors').toEqual([]);
  await staff.context.close();
});

test('sending is refused with the spec text while the chat is not connected', async ({
  page,
  request,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed/);
  const customer = await createUser(request, 'user');
  await signIn(page, customer);
  const box = await openCustomerChat(page);
  // The network goes away: the socket drops and every reconnect attempt fails.
  await context.setOffline(true);
  await expect(box.getByRole('status')).not.toHaveText('Online');
  await expect(box.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.getByRole('textbox', { name: 'Message' }).fill('Are you there?');
  await box.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByText('Not connected to chat server. Please try again.')).toBeVisible();
});
