import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts';
import type { User } from '#shared/auth';
import {
  fakeServer,
  makeOwnAccount,
  makeUser,
  NETWORK_ERROR,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
  type FakeHandler,
} from '../../../test/utils.tsx';
import VerifyEmailPage from './verify-email.tsx';

const TOKEN = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const INVALID: FakeAnswer = { status: 400, body: { error: ACCOUNT_MSG.tokenInvalid, code: 'TOKEN_INVALID' } };
const VERIFIED: FakeAnswer = { body: { ok: true, message: ACCOUNT_MSG.emailVerified } };

function open(handlers: Record<string, FakeHandler>, at = `/verify-email?token=${TOKEN}`) {
  const calls = fakeServer(handlers);
  const user = userEvent.setup();
  renderApp(<VerifyEmailPage />, {
    path: '/verify-email',
    at,
    routes: { '/login': <h1>Login page</h1>, '/homeusers': <h1>Customer home</h1> },
    strict: true,
  });
  return { calls, user, posts: () => calls.filter((c) => c.url === '/api/auth/verify-email') };
}

const storedUser = () => JSON.parse(localStorage.getItem('user')!) as User;

describe('/verify-email', () => {
  it('asks first, then verifies the link once, and the signed-in session learns it', async () => {
    storeSignedIn(makeUser({ emailVerified: false }));
    const { calls, user, posts } = open({
      'POST /api/auth/verify-email': () => VERIFIED,
      'GET /api/auth/me': () => ({ body: makeOwnAccount({ emailVerified: true }) }),
    });
    // Nothing is sent until the person confirms: mail scanners open links too.
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your e-mail address' })).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Verify my e-mail address' }));

    const done = await screen.findByText(ACCOUNT_MSG.emailVerified);
    expect(done).toHaveRole('status');
    expect(done.parentElement).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeInTheDocument();
    await waitFor(() => expect(storedUser().emailVerified).toBe(true));
    expect(posts().map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Continue to your home page' }));
    expect(screen.getByRole('heading', { name: 'Customer home' })).toBeInTheDocument();
  });

  it('verifies for a visitor who is not signed in and offers the login page', async () => {
    const { calls, user } = open({ 'POST /api/auth/verify-email': () => VERIFIED });
    await user.click(screen.getByRole('button', { name: 'Verify my e-mail address' }));
    await screen.findByText(ACCOUNT_MSG.emailVerified);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/verify-email']);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('shows a used or expired link as such; a visitor is sent to log in for a new one', async () => {
    const { user } = open({ 'POST /api/auth/verify-email': () => INVALID });
    await user.click(screen.getByRole('button', { name: 'Verify my e-mail address' }));
    const message = await screen.findByText(ACCOUNT_MSG.tokenInvalid);
    expect(message).toHaveRole('alert');
    expect(message.parentElement).toHaveFocus();
    expect(screen.queryByRole('button', { name: ACCOUNT_MSG.askNewVerification })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('lets a signed-in person whose link is dead send a new one, and shows what the server says', async () => {
    storeSignedIn(makeUser({ emailVerified: false }));
    let resends = 0;
    const limit = 'Too many verification e-mails. Please try again later.';
    const { calls, user } = open({
      'POST /api/auth/verify-email': () => INVALID,
      'POST /api/auth/resend-verification': () =>
        ++resends === 1
          ? { status: 429, body: { error: limit, code: 'RATE_LIMITED' } }
          : { body: { ok: true, message: ACCOUNT_MSG.verificationSent } },
    });
    await user.click(screen.getByRole('button', { name: 'Verify my e-mail address' }));
    const again = await screen.findByRole('button', { name: ACCOUNT_MSG.askNewVerification });
    await user.click(again);
    expect(await screen.findByText(limit)).toHaveRole('alert');
    await user.click(again);
    const sent = await screen.findByText(ACCOUNT_MSG.verificationSent);
    expect(sent).toHaveRole('status');
    expect(sent.parentElement).toHaveFocus();
    expect(calls.filter((c) => c.url === '/api/auth/resend-verification')).toHaveLength(2);
  });

  it('treats a link without its token as a dead link, without asking the server', async () => {
    const { calls } = open({}, '/verify-email');
    expect(await screen.findByText(ACCOUNT_MSG.tokenInvalid)).toHaveRole('alert');
    expect(calls).toEqual([]);
  });

  it('offers another try when the server cannot be reached', async () => {
    let tries = 0;
    const { user, posts } = open({
      'POST /api/auth/verify-email': () => (++tries === 1 ? NETWORK_ERROR : VERIFIED),
    });
    await user.click(screen.getByRole('button', { name: 'Verify my e-mail address' }));
    expect(await screen.findByText('We could not check your link. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ACCOUNT_MSG.emailVerified)).toBeInTheDocument();
    expect(posts()).toHaveLength(2);
  });

  it('a link opened by a mail scanner (no click) verifies nothing', async () => {
    const { posts } = open({ 'POST /api/auth/verify-email': () => VERIFIED });
    expect(await screen.findByRole('button', { name: 'Verify my e-mail address' })).toBeEnabled();
    expect(posts()).toEqual([]);
    expect(screen.queryByText(ACCOUNT_MSG.emailVerified)).not.toBeInTheDocument();
  });
});
