import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNT_MSG } from '../shared/accounts.ts';
import {
  ADMIN,
  apiLogin,
  BASE_URL,
  createUser,
  EMBEDDED,
  expect,
  loginViaUI,
  newUserDetails,
  seriousViolations,
  signIn,
  signedIn,
  test,
} from './fixtures.ts';
import { linkFromNewMail as mailLink, outboxFiles as readOutbox } from './mail.ts';

const SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

/** Axe at phone and desktop width; the page is left at desktop width. */
async function axeAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page)).toEqual([]);
  }
}

// The e2e server's mail: with SMTP_URL unset it writes every mail as an .eml file to DATA_DIR/outbox.
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** A new mail's link to `page` (e.g. '/reset-password') with its token: its path and query. */
async function linkFromNewMail(to: string, page: string, before: string[]): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${page}\\?token=[^\\s"'<>&]+`);
  return (await mailLink(OUTBOX, to, pattern, before)).link;
}
const outboxFiles = () => readOutbox(OUTBOX);

const meStatus = async (request: import('@playwright/test').APIRequestContext, token: string) =>
  (await request.get(`${BASE_URL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status();

test.describe('accounts', () => {
  // Each flow walks several pages and checks each with axe at two sizes.
  test.slow();
  test(
    'a customer who forgot the password resets it from the mail, logs in with the new one, and the old token is refused',
    EMBEDDED,
    async ({ page, request }) => {
      const customer = await createUser(request, 'user');
      const oldToken = customer.token;
      expect(await meStatus(request, oldToken)).toBe(200);

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeFocused();
      await axeAtBothSizes(page);

      const before = await outboxFiles();
      await page.getByLabel('Email').fill(customer.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MSG.forgotSent })).toBeVisible();
      await axeAtBothSizes(page);

      const link = await linkFromNewMail(customer.email, '/reset-password', before);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
      await axeAtBothSizes(page);
      const newPassword = `${customer.password}-new`;
      await page.getByLabel(/^New password/).fill(newPassword);
      await page.getByLabel(/^Confirm new password/).fill(`${newPassword}!`);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await page.getByLabel(/^Confirm new password/).fill(newPassword);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MSG.passwordReset })).toBeVisible();
      await axeAtBothSizes(page);

      // Every session from before the reset is signed out; the old password no longer works.
      expect(await meStatus(request, oldToken)).toBe(401);
      const oldLogin = await request.post(`${BASE_URL}/api/auth/login`, {
        data: { email: customer.email, password: customer.password },
      });
      expect(oldLogin.status()).toBe(401);

      await page.getByRole('link', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await loginViaUI(page, { email: customer.email, password: newPassword, role: 'user' });

      // The link worked once.
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
      await page.getByLabel(/^New password/).fill('another-secret');
      await page.getByLabel(/^Confirm new password/).fill('another-secret');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MSG.tokenInvalid })).toBeVisible();
      await axeAtBothSizes(page);
      await page.getByRole('link', { name: ACCOUNT_MSG.askNewReset }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
    },
  );

  test('a customer made an employee while their page is open moves to the employee home at once', async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    await page.goto('/homeusers');
    await expect(page.getByRole('heading', { level: 1, name: 'Reliable Pet Pickup Services' })).toBeVisible();

    const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
    const changed = await request.put(`${BASE_URL}/api/users/${customer.id}/role`, {
      data: { role: 'employee' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(changed.status()).toBe(200);

    await expect(page).toHaveURL(/\/employee\/home$/);
    await expect(page.getByText('Your account is now an employee account.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' })).toBeVisible();
  });

  test('changing the password in one browser signs a second one out, and Sign out everywhere ends this one too', async ({
    page,
    request,
    browser,
  }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    const second = await signedIn(browser, customer);
    // The second browser sits on a signed-in page, untouched, while the password changes elsewhere.
    await second.page.goto('/customer/profile');
    await expect(second.page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

    await page.goto('/customer/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await axeAtBothSizes(page);
    const form = page.getByRole('form', { name: 'Change password' });
    const newPassword = `${customer.password}-changed`;
    await form.getByLabel(/^Current password/).fill('not-my-password');
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel(/^Confirm new password/).fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText(ACCOUNT_MSG.currentPasswordWrong)).toBeVisible();
    await expect(form.getByLabel(/^Current password/)).toBeFocused();

    await form.getByLabel(/^Current password/).fill(customer.password);
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel(/^Confirm new password/).fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText(ACCOUNT_MSG.passwordChanged);
    await expect(form.getByRole('status')).toBeFocused();

    // This browser keeps going with its fresh token, across a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/profile$/);

    // The second browser is signed out as soon as the server tells it, without a click.
    await expect(second.page).toHaveURL(/\/login$/);
    await expect(second.page.getByText('Authentication failed')).toBeVisible();
    expect(second.problems).toEqual([]);
    await second.context.close();

    // Sign out everywhere: asked first, then this browser too is signed out and its token refused.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(await meStatus(request, token!)).toBe(200);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toBeVisible();
    await axeAtBothSizes(page);
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(ACCOUNT_MSG.signedOutEverywhere)).toBeVisible();
    expect(await meStatus(request, token!)).toBe(401);
    await loginViaUI(page, { email: customer.email, password: newPassword, role: 'user' });
  });

  test('a new customer sees the verification banner, resends the link and verifies from the mail', async ({
    page,
    request,
  }) => {
    const customer = await createUser(request, 'user');
    await signIn(page, customer);
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await expect(banner).toContainText(ACCOUNT_MSG.verifyBanner);
    await axeAtBothSizes(page);

    const before = await outboxFiles();
    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner.getByRole('status')).toHaveText(ACCOUNT_MSG.verificationSent);
    const link = await linkFromNewMail(customer.email, '/verify-email', before);

    await page.goto('/customer/profile');
    await expect(page.getByText('Not verified')).toBeVisible();

    await page.goto(link);
    // Opening the link verifies nothing (mail scanners open links too): the person confirms.
    const verifyButton = page.getByRole('button', { name: 'Verify my e-mail address' });
    await expect(verifyButton).toBeVisible();
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${customer.token}` } });
    expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(false);
    await verifyButton.click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MSG.emailVerified })).toBeVisible();
    await axeAtBothSizes(page);
    await page.getByRole('link', { name: 'Continue to your home page' }).click();
    await expect(page).toHaveURL(/\/homeusers$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/customer/profile');
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    // Used once: opened again, the link says so and a signed-in person can ask for another.
    await page.goto(link);
    await verifyButton.click();
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MSG.tokenInvalid })).toBeVisible();
    await expect(page.getByRole('button', { name: ACCOUNT_MSG.askNewVerification })).toBeVisible();
    await axeAtBothSizes(page);
  });

  test('an admin invites an employee, who sets a password from the mail and lands on the staff home', async ({
    page,
    browser,
    request,
  }) => {
    const invitee = newUserDetails('Invitee');
    const customer = await createUser(request, 'user');
    await signIn(page, { ...ADMIN, role: 'admin' });
    await page.goto('/admin/employee');
    const form = page.getByRole('form', { name: 'Invite employee' });
    await expect(form).toBeVisible();
    await axeAtBothSizes(page);

    // An address that already has an account is refused on the e-mail field.
    await form.getByLabel('Name').fill(invitee.name);
    await form.getByLabel('Email').fill(customer.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText(ACCOUNT_MSG.invitationEmailTaken)).toBeVisible();
    await expect(form.getByLabel('Email')).toBeFocused();

    const before = await outboxFiles();
    await form.getByLabel('Email').fill(invitee.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByRole('status')).toHaveText(ACCOUNT_MSG.invitationSent(invitee.email));
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: invitee.name }) });
    await expect(row).toContainText('Invited');
    await axeAtBothSizes(page);

    const link = await linkFromNewMail(invitee.email, '/accept-invitation', before);
    const context = await browser.newContext();
    const newcomer = await context.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole('heading', { level: 1, name: 'Join the Pawcare team' })).toBeVisible();
    await axeAtBothSizes(newcomer);
    await newcomer.getByLabel(/^Password/).fill(invitee.password);
    await newcomer.getByLabel(/^Confirm password/).fill(invitee.password);
    await newcomer.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(newcomer).toHaveURL(/\/employee\/home$/);
    await expect(newcomer.getByRole('link', { name: `Profile of ${invitee.name}` })).toBeVisible();
    await expect(newcomer.getByText(ACCOUNT_MSG.invitationAccepted)).toBeVisible();

    // The invitation worked once; the employee logs in with the chosen password from now on.
    await newcomer.goto(link);
    await newcomer.getByLabel(/^Password/).fill('someone-else');
    await newcomer.getByLabel(/^Confirm password/).fill('someone-else');
    await newcomer.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(newcomer.getByRole('alert').filter({ hasText: ACCOUNT_MSG.tokenInvalid })).toBeVisible();
    await expect(newcomer.getByText(ACCOUNT_MSG.askNewInvitation)).toBeVisible();
    await context.close();

    await page.reload();
    await expect(row).toContainText('Verified');
    const login = await request.post(`${BASE_URL}/api/auth/login`, {
      data: { email: invitee.email, password: invitee.password },
    });
    expect(login.status()).toBe(200);
  });
});
