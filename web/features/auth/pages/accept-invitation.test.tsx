import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts';
import { fakeServer, makeUser, NETWORK_ERROR, renderApp, type FakeAnswer } from '../../../test/utils.tsx';
import AcceptInvitationPage from './accept-invitation.tsx';

const TOKEN = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const employee = makeUser({ id: 'e9', _id: 'e9', name: 'New Nurse', role: 'employee', emailVerified: true });

function setup(answer: () => FakeAnswer | typeof NETWORK_ERROR, at = `/accept-invitation?token=${TOKEN}`) {
  const calls = fakeServer({ 'POST /api/auth/accept-invitation': answer });
  const user = userEvent.setup();
  renderApp(<AcceptInvitationPage />, {
    path: '/accept-invitation',
    at,
    routes: { '/employee/home': <h1>Employee home</h1> },
  });
  const password = () => screen.getByLabelText(/^Password/);
  const confirm = () => screen.getByLabelText(/^Confirm password/);
  return {
    calls,
    user,
    password,
    confirm,
    fill: async (p: string, c = p) => {
      await user.type(password(), p);
      await user.type(confirm(), c);
      await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    },
  };
}

describe('/accept-invitation', () => {
  it('sets the password, signs the employee in as a login would and lands on the staff home', async () => {
    const { calls, password, fill } = setup(() => ({ body: { token: 'jwt-new', user: employee } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Join the Pawcare team' })).toBeInTheDocument();
    await waitFor(() => expect(password()).toHaveFocus());

    await fill('my-secret');
    expect(await screen.findByRole('heading', { name: 'Employee home' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MSG.invitationAccepted)).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/auth/accept-invitation', { token: TOKEN, password: 'my-secret' }],
    ]);
    expect(localStorage.getItem('token')).toBe('jwt-new');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 'e9', role: 'employee' });
  });

  it("checks the password with the spec's rules and the confirmation against it", async () => {
    const { calls, user, password, confirm, fill } = setup(() => ({ body: {} }));
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
    await fill('short', 'short');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(password());
    await user.clear(confirm());
    await fill('my-secret', 'my-secreT');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows a used or expired invitation as such and who can send a new one', async () => {
    const { fill } = setup(() => ({
      status: 400,
      body: { error: ACCOUNT_MSG.tokenInvalid, code: 'TOKEN_INVALID' },
    }));
    await fill('my-secret');
    const message = await screen.findByText(ACCOUNT_MSG.tokenInvalid);
    expect(message).toHaveRole('alert');
    expect(message.parentElement).toHaveFocus();
    expect(screen.getByText(ACCOUNT_MSG.askNewInvitation)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('treats a link without its token as a dead invitation, without asking the server', async () => {
    const { calls } = setup(() => ({ body: {} }), '/accept-invitation');
    expect(await screen.findByText(ACCOUNT_MSG.tokenInvalid)).toHaveRole('alert');
    expect(screen.getByText(ACCOUNT_MSG.askNewInvitation)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps the form and says what went wrong when the server cannot be reached', async () => {
    const { password, fill } = setup(() => NETWORK_ERROR);
    await fill('my-secret');
    expect(await screen.findByText('We could not set your password. Please try again.')).toHaveRole('alert');
    expect(password()).toHaveValue('my-secret');
    expect(screen.getByTestId('location')).toHaveTextContent('/accept-invitation');
  });
});
