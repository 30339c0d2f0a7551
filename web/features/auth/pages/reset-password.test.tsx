import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts';
import {
  fakeServer,
  makeUser,
  NETWORK_ERROR,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
} from '../../../test/utils.tsx';
import ResetPasswordPage from './reset-password.tsx';

const TOKEN = 'b3c1f0a2d9e84c7fa1d2e3f4a5b6c7d8';
const INVALID: FakeAnswer = { status: 400, body: { error: ACCOUNT_MSG.tokenInvalid, code: 'TOKEN_INVALID' } };

function setup(answer: () => FakeAnswer | typeof NETWORK_ERROR, at = `/reset-password?token=${TOKEN}`) {
  const calls = fakeServer({ 'POST /api/auth/reset-password': answer });
  const user = userEvent.setup();
  renderApp(<ResetPasswordPage />, {
    path: '/reset-password',
    at,
    routes: { '/login': <h1>Login page</h1>, '/forgot-password': <h1>Forgot page</h1> },
  });
  const password = () => screen.getByLabelText(/^New password/);
  const confirm = () => screen.getByLabelText(/^Confirm new password/);
  return {
    calls,
    user,
    password,
    confirm,
    fill: async (p: string, c = p) => {
      await user.type(password(), p);
      await user.type(confirm(), c);
      await user.click(screen.getByRole('button', { name: 'Reset password' }));
    },
  };
}

async function expectInvalidLink(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
  const message = screen.getByText(ACCOUNT_MSG.tokenInvalid);
  expect(message).toHaveRole('alert');
  expect(message.parentElement).toHaveFocus();
  await user.click(screen.getByRole('link', { name: ACCOUNT_MSG.askNewReset }));
  expect(screen.getByRole('heading', { name: 'Forgot page' })).toBeInTheDocument();
}

describe('/reset-password', () => {
  it('sets the new password, signs this browser out and leads to the login page', async () => {
    storeSignedIn(makeUser(), 'old-token');
    const { calls, user, password, fill } = setup(() => ({ body: { ok: true, message: ACCOUNT_MSG.passwordReset } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await waitFor(() => expect(password()).toHaveFocus());

    await fill('new-secret');
    const done = await screen.findByText(ACCOUNT_MSG.passwordReset);
    expect(done).toHaveRole('status');
    expect(done.parentElement).toHaveFocus();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/auth/reset-password', { token: TOKEN, password: 'new-secret' }],
    ]);
    expect(localStorage.getItem('token')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it("checks the new password with the spec's rules and the confirmation against it", async () => {
    const { calls, user, password, confirm, fill } = setup(() => ({ body: { ok: true, message: 'x' } }));
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();

    await fill('12345');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password());
    await user.clear(confirm());
    await fill('new-secret', 'new-secrets');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(confirm()).toHaveAccessibleDescription('Passwords do not match');
    expect(calls).toEqual([]);
  });

  it('shows a used or expired link as such, with the way to a new one', async () => {
    const { user, fill } = setup(() => INVALID);
    await fill('new-secret');
    await expectInvalidLink(user);
  });

  it('treats a link without its token as a dead link, without asking the server', async () => {
    const calls = fakeServer({});
    const user = userEvent.setup();
    renderApp(<ResetPasswordPage />, {
      path: '/reset-password',
      routes: { '/forgot-password': <h1>Forgot page</h1> },
    });
    await expectInvalidLink(user);
    expect(calls).toEqual([]);
  });

  it("shows the server's word on the password on that field", async () => {
    const { password, fill } = setup(() => ({
      status: 400,
      body: {
        error: 'Password must be at most 128 characters',
        code: 'VALIDATION',
        details: [{ path: 'password', message: 'Password must be at most 128 characters' }],
      },
    }));
    await fill('new-secret');
    await waitFor(() => expect(password()).toHaveAccessibleDescription('Password must be at most 128 characters'));
    expect(password()).toHaveFocus();
  });

  it('keeps the form and says what went wrong when the server refuses otherwise', async () => {
    const { password, fill } = setup(() => NETWORK_ERROR);
    await fill('new-secret');
    expect(await screen.findByText('We could not reset your password. Please try again.')).toHaveRole('alert');
    expect(password()).toHaveValue('new-secret');
  });
});
