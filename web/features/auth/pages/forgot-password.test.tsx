import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts';
import { fakeServer, NETWORK_ERROR, renderApp, type FakeAnswer } from '../../../test/utils.tsx';
import ForgotPasswordPage from './forgot-password.tsx';

function setup(answer: () => FakeAnswer | typeof NETWORK_ERROR = () => ({ body: { ok: true, message: 'x' } })) {
  const calls = fakeServer({ 'POST /api/auth/forgot-password': answer });
  const user = userEvent.setup();
  renderApp(<ForgotPasswordPage />, { path: '/forgot-password', routes: { '/login': <h1>Login page</h1> } });
  return {
    calls,
    user,
    email: () => screen.getByRole('textbox', { name: 'Email' }),
    submit: () => user.click(screen.getByRole('button', { name: 'Send reset link' })),
  };
}

describe('/forgot-password', () => {
  it("starts on the e-mail field and checks it with the spec's messages", async () => {
    const { calls, user, email, submit } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    await waitFor(() => expect(email()).toHaveFocus());

    await submit();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(email(), 'owner@example');
    await submit();
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('Invalid email format');
    expect(calls).toEqual([]);
  });

  it('sends the address and says the same thing whatever the answer, with the focus on it', async () => {
    const { calls, user, email, submit } = setup();
    await user.type(email(), 'Owner@Example.com');
    await submit();

    const sent = await screen.findByText(ACCOUNT_MSG.forgotSent);
    expect(sent).toHaveRole('status');
    expect(sent.parentElement).toHaveFocus();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/auth/forgot-password', { email: 'owner@example.com' }],
    ]);
    expect(screen.getByText(/The link works for 30 minutes/)).toBeInTheDocument();

    // "try again" brings the form back with the address still in it.
    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(email()).toHaveValue('Owner@Example.com');
    expect(email()).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it("shows the server's message when this network asked too often, and keeps the form", async () => {
    const limit = 'Too many reset requests. Please try again in 15 minutes.';
    const { user, email, submit } = setup(() => ({ status: 429, body: { error: limit, code: 'RATE_LIMITED' } }));
    await user.type(email(), 'owner@example.com');
    await submit();

    const refused = await screen.findByText(limit);
    expect(refused).toHaveRole('alert');
    expect(refused.parentElement).toHaveFocus();
    expect(screen.queryByText(ACCOUNT_MSG.forgotSent)).not.toBeInTheDocument();
    expect(email()).toHaveValue('owner@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled());
  });

  it('says so when the server cannot be reached', async () => {
    const { user, email, submit } = setup(() => NETWORK_ERROR);
    await user.type(email(), 'owner@example.com');
    await submit();
    expect(await screen.findByText('We could not send the reset link. Please try again.')).toHaveRole('alert');
  });
});
