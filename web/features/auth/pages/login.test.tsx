import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import LoginPage from './login.tsx';

const homes = {
  '/forgot-password': <h1>Forgot page</h1>,
  '/homeusers': <h1>Customer home</h1>,
  '/employee/home': <h1>Employee home</h1>,
  '/admin/home': <h1>Admin home</h1>,
};

function setup() {
  const user = userEvent.setup();
  renderApp(<LoginPage />, { path: '/login', routes: homes });
  return {
    user,
    email: () => screen.getByRole('textbox', { name: 'Email' }),
    password: () => screen.getByLabelText(/^Password/),
    submit: () => user.click(screen.getByRole('button', { name: 'Login' })),
  };
}

describe('login form', () => {
  it('asks for email and password', async () => {
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('rejects a malformed email and a short password, and marks the fields invalid', async () => {
    const { user, email, password, submit } = setup();
    await user.type(email(), 'owner@example');
    await user.type(password(), '12345');
    await submit();
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Invalid email format');
  });

  it('welcomes a customer, stores the session and goes to /homeusers', async () => {
    const account = makeUser({ name: 'Pet Owner', role: 'user' });
    const calls = fakeServer({ 'POST /api/auth/login': () => ({ body: { token: 'jwt-1', user: account } }) });
    const { user, email, password, submit } = setup();
    await user.type(email(), 'Owner@Example.com');
    await user.type(password(), 'secret1');
    await submit();
    expect(await screen.findByText('Welcome, Pet Owner!')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ email: 'owner@example.com', password: 'secret1' });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ role: 'user' });
    expect(await screen.findByRole('heading', { name: 'Customer home' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('sends employees and admins to their own homes', async () => {
    fakeServer({
      'POST /api/auth/login': () => ({
        body: { token: 'jwt-2', user: makeUser({ role: 'admin', name: 'Site Admin' }) },
      }),
    });
    const { user, email, password, submit } = setup();
    await user.type(email(), 'admin@example.com');
    await user.type(password(), 'secret1');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Admin home' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('refuses a role the app does not know with "Invalid role detected!"', async () => {
    fakeServer({
      'POST /api/auth/login': () => ({
        body: { token: 'jwt-3', user: { ...makeUser(), role: 'superuser' } },
        unlikeTheApi: 'a role this page does not know, as a newer server could answer',
      }),
    });
    const { user, email, password, submit } = setup();
    await user.type(email(), 'odd@example.com');
    await user.type(password(), 'secret1');
    await submit();
    expect(await screen.findByText('Invalid role detected!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows the server message of a refused login', async () => {
    fakeServer({
      'POST /api/auth/login': () => ({ status: 401, body: { error: 'Invalid credentials', code: 'UNAUTHENTICATED' } }),
    });
    const { user, email, password, submit } = setup();
    await user.type(email(), 'owner@example.com');
    await user.type(password(), 'wrong-pass');
    await submit();
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the server message when failed logins have reached the limit', async () => {
    fakeServer({
      'POST /api/auth/login': () => ({
        status: 429,
        body: {
          error: 'Too many failed logins for this account. Please try again in 15 minutes.',
          code: 'RATE_LIMITED',
        },
      }),
    });
    const { user, email, password, submit } = setup();
    await user.type(email(), 'owner@example.com');
    await user.type(password(), 'secret1');
    await submit();
    expect(
      await screen.findByText('Too many failed logins for this account. Please try again in 15 minutes.'),
    ).toBeInTheDocument();
  });

  it('leads to the forgot-password page', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot page' })).toBeInTheDocument();
  });
});

describe('login page for someone already signed in', () => {
  it('says who is signed in and offers their home, with the form only for someone else', async () => {
    storeSignedIn(makeUser({ name: 'New Owner', role: 'user' }));
    const user = userEvent.setup();
    renderApp(<LoginPage />, { path: '/login', routes: homes });
    expect(screen.getByText('You are signed in as New Owner.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log in as someone else' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Log in as someone else' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Continue to your home page' }));
    expect(await screen.findByRole('heading', { name: 'Customer home' })).toBeInTheDocument();
  });
});
