import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts';
import type { User } from '#shared/auth';
import {
  fakeServer,
  makeUser,
  NETWORK_ERROR,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
  type FakeHandler,
} from '../../../test/utils.tsx';
import ProfilePage from './profile.tsx';

const storedUser = () => JSON.parse(localStorage.getItem('user')!) as User;

function open(handlers: Record<string, FakeHandler>, user = makeUser(), path = '/customer/profile') {
  storeSignedIn(user, 'old-token');
  const calls = fakeServer(handlers);
  const u = userEvent.setup();
  renderApp(<ProfilePage />, { path, routes: { '/login': <h1>Login page</h1> } });
  return { calls, u };
}

function passwordForm() {
  const form = screen.getByRole('form', { name: 'Change password' });
  return {
    form,
    current: () => within(form).getByLabelText(/^Current password/),
    next: () => within(form).getByLabelText(/^New password/),
    confirm: () => within(form).getByLabelText(/^Confirm new password/),
    submit: () => within(form).getByRole('button', { name: 'Change password' }),
  };
}

async function changePassword(u: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  const f = passwordForm();
  if (current) await u.type(f.current(), current);
  if (next) await u.type(f.next(), next);
  if (confirm) await u.type(f.confirm(), confirm);
  await u.click(f.submit());
  return f;
}

describe('Change password on the profile', () => {
  it('changes it, keeps this browser signed in with the fresh token and says the others are signed out', async () => {
    const fresh = makeUser({ name: 'Pet Owner' });
    const { calls, u } = open({ 'PUT /api/users/password': () => ({ body: { token: 'fresh-token', user: fresh } }) });
    const f = await changePassword(u, 'old-secret', 'new-secret');

    const done = await within(f.form).findByText(ACCOUNT_MSG.passwordChanged);
    expect(done).toHaveRole('status');
    expect(done).toHaveFocus();
    expect(calls.map((c) => [c.method, c.url, c.body, c.headers.authorization])).toEqual([
      ['PUT', '/api/users/password', { currentPassword: 'old-secret', newPassword: 'new-secret' }, 'Bearer old-token'],
    ]);
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(storedUser().id).toBe(fresh.id);
    // The passwords do not stay on the screen.
    expect(f.current()).toHaveValue('');
    expect(f.next()).toHaveValue('');
    expect(f.confirm()).toHaveValue('');
    expect(screen.getByTestId('location')).toHaveTextContent('/customer/profile');
  });

  it('shows a wrong current password on that field, from the server', async () => {
    const { u } = open({
      'PUT /api/users/password': () => ({
        status: 400,
        body: {
          error: ACCOUNT_MSG.currentPasswordWrong,
          code: 'VALIDATION',
          details: [{ path: 'currentPassword', message: ACCOUNT_MSG.currentPasswordWrong }],
        },
      }),
    });
    const f = await changePassword(u, 'not-my-password', 'new-secret');
    await waitFor(() => expect(f.current()).toHaveAccessibleDescription(ACCOUNT_MSG.currentPasswordWrong));
    expect(f.current()).toHaveAttribute('aria-invalid', 'true');
    expect(f.current()).toHaveFocus();
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('checks the three fields before asking the server', async () => {
    const { calls, u } = open({});
    let f = await changePassword(u, '', '', '');
    expect(await within(f.form).findByText(ACCOUNT_MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(within(f.form).getByText('Password is required')).toBeInTheDocument();
    expect(within(f.form).getByText('Please confirm your new password')).toBeInTheDocument();

    await u.clear(f.current());
    f = await changePassword(u, 'old-secret', '12345');
    expect(await within(f.form).findByText('Password must be at least 6 characters')).toBeInTheDocument();

    for (const field of [f.current(), f.next(), f.confirm()]) await u.clear(field);
    f = await changePassword(u, 'same-secret', 'same-secret');
    expect(await within(f.form).findByText(ACCOUNT_MSG.newPasswordSame)).toBeInTheDocument();

    for (const field of [f.current(), f.next(), f.confirm()]) await u.clear(field);
    f = await changePassword(u, 'old-secret', 'new-secret', 'new-secrets');
    expect(await within(f.form).findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message when it refuses for another reason, with the focus on it", async () => {
    const limit = 'Too many wrong passwords. Please try again in 15 minutes.';
    const { u } = open({
      'PUT /api/users/password': () => ({ status: 429, body: { error: limit, code: 'RATE_LIMITED' } }),
    });
    const f = await changePassword(u, 'old-secret', 'new-secret');
    const refused = await within(f.form).findByText(limit);
    expect(refused).toHaveRole('alert');
    expect(refused).toHaveFocus();
  });

  it('is on the staff profiles too', () => {
    open({}, makeUser({ role: 'admin' }), '/admin/profile');
    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
  });
});

describe('Sign out everywhere on the profile', () => {
  it('asks first, then signs every session out, this one too, and goes to the login page', async () => {
    const { calls, u } = open({
      'POST /api/auth/logout-all': () => ({ body: { ok: true, message: ACCOUNT_MSG.signedOutEverywhere } }),
    });
    await u.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await u.click(
      within(screen.getByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MSG.signedOutEverywhere)).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url, c.headers.authorization])).toEqual([
      ['POST', '/api/auth/logout-all', 'Bearer old-token'],
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('stays signed in and says so when the server cannot be reached', async () => {
    const { u } = open({ 'POST /api/auth/logout-all': () => NETWORK_ERROR });
    await u.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await u.click(
      within(screen.getByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    expect(await screen.findByText('We could not sign you out everywhere. Please try again.')).toHaveRole('alert');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('old-token');
    expect(screen.getByTestId('location')).toHaveTextContent('/customer/profile');
  });
});

describe('E-mail verification on the profile', () => {
  const resend = (answer: () => FakeAnswer) => ({ 'POST /api/auth/resend-verification': answer });

  it('says a verified address is verified and offers nothing to do', () => {
    open({});
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('Not verified')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification link' })).not.toBeInTheDocument();
  });

  it('offers a new link for an address that is not verified, and shows what the server says', async () => {
    let n = 0;
    const limit = 'Too many verification e-mails. Please try again later.';
    const { calls, u } = open(
      resend(() =>
        ++n === 1
          ? { body: { ok: true, message: ACCOUNT_MSG.verificationSent } }
          : { status: 429, body: { error: limit, code: 'RATE_LIMITED' } },
      ),
      makeUser({ emailVerified: false }),
    );
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Resend verification link' });
    await u.click(button);
    expect(await screen.findByText(ACCOUNT_MSG.verificationSent)).toHaveRole('status');
    await u.click(button);
    expect(await screen.findByText(limit)).toHaveRole('status');
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/auth/resend-verification'],
      ['POST', '/api/auth/resend-verification'],
    ]);
  });

  it('shows the address as verified when the server says it already is', async () => {
    const { u } = open(
      resend(() => ({ body: { ok: true, message: ACCOUNT_MSG.alreadyVerified } })),
      makeUser({ emailVerified: false }),
    );
    await u.click(screen.getByRole('button', { name: 'Resend verification link' }));
    expect(await screen.findByText(ACCOUNT_MSG.alreadyVerified)).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(storedUser().emailVerified).toBe(true);
  });
});
