import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts';
import type { User } from '#shared/auth';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FakeAnswer } from '../test/utils.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

afterEach(() => sessionStorage.clear());

function open(user: User | null, answer?: () => FakeAnswer) {
  if (user) storeSignedIn(user);
  const calls = fakeServer(answer ? { 'POST /api/auth/resend-verification': answer } : {});
  const u = userEvent.setup();
  const view = renderApp(
    <>
      <VerifyEmailBanner />
      <main id="main" tabIndex={-1}>
        <h1>Customer home</h1>
      </main>
    </>,
    { path: '/homeusers' },
  );
  return { calls, u, view };
}

const banner = () => screen.queryByRole('region', { name: 'E-mail verification' });

describe('the e-mail verification banner', () => {
  it('asks an unverified customer to verify, and Resend mails a new link', async () => {
    const { calls, u } = open(makeUser({ emailVerified: false }), () => ({
      body: { ok: true, message: ACCOUNT_MSG.verificationSent },
    }));
    const region = banner()!;
    expect(within(region).getByText(ACCOUNT_MSG.verifyBanner)).toBeInTheDocument();
    await u.click(within(region).getByRole('button', { name: 'Resend' }));
    expect(await within(region).findByText(ACCOUNT_MSG.verificationSent)).toHaveRole('status');
    expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/auth/resend-verification']]);
  });

  it("shows the server's message when links were asked for too often", async () => {
    const limit = 'Too many verification e-mails. Please try again later.';
    const { u } = open(makeUser({ emailVerified: false }), () => ({
      status: 429,
      body: { error: limit, code: 'RATE_LIMITED' },
    }));
    await u.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await within(banner()!).findByText(limit)).toHaveRole('status');
  });

  it('goes away when the server says the address is already verified', async () => {
    const { u } = open(makeUser({ emailVerified: false }), () => ({
      body: { ok: true, message: ACCOUNT_MSG.alreadyVerified },
    }));
    await u.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(ACCOUNT_MSG.alreadyVerified)).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
  });

  it('can be dismissed for the rest of the session, and hands the focus to the page', async () => {
    const { u, view } = open(makeUser({ emailVerified: false }));
    await u.click(screen.getByRole('button', { name: 'Dismiss the e-mail verification reminder' }));
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();

    view.unmount();
    open(makeUser({ emailVerified: false }));
    expect(screen.getByRole('heading', { name: 'Customer home' })).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows again for another account signed in on the same tab', () => {
    sessionStorage.setItem('verify-email-banner-dismissed', 'someone-else');
    open(makeUser({ emailVerified: false }));
    expect(banner()).toBeInTheDocument();
  });

  it('is not shown to verified customers, to staff or to visitors', () => {
    const { view } = open(makeUser({ emailVerified: true }));
    expect(banner()).not.toBeInTheDocument();
    view.unmount();
    localStorage.clear();
    const staff = open(makeUser({ role: 'employee', emailVerified: false }));
    expect(banner()).not.toBeInTheDocument();
    staff.view.unmount();
    localStorage.clear();
    open(null);
    expect(banner()).not.toBeInTheDocument();
  });
});
