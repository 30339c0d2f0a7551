import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LoginPage from '../features/auth/pages/login.tsx';
import { useSession } from '../lib/session.tsx';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../test/utils.tsx';
import { RequireRole } from './guards.tsx';

const login = { '/login': <h1>Login page</h1> };

describe('RequireRole', () => {
  it('sends an anonymous visitor to /login', () => {
    renderApp(
      <RequireRole roles={['employee']}>
        <h1>Employee dashboard</h1>
      </RequireRole>,
      { path: '/employee/home', routes: login },
    );
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.queryByText('Employee dashboard')).not.toBeInTheDocument();
  });

  it('sends a customer away from the employee dashboard', () => {
    storeSignedIn(makeUser({ role: 'user' }));
    renderApp(
      <RequireRole roles={['employee']}>
        <h1>Employee dashboard</h1>
      </RequireRole>,
      { path: '/employee/home', routes: login },
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('keeps employees out of admin screens', () => {
    storeSignedIn(makeUser({ role: 'employee' }));
    renderApp(
      <RequireRole roles={['admin']}>
        <h1>Admin home</h1>
      </RequireRole>,
      { path: '/admin/home', routes: login },
    );
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('shows the page to a signed-in user of the right role', () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    renderApp(
      <RequireRole roles={['admin']}>
        <h1>Admin home</h1>
      </RequireRole>,
      { path: '/admin/home', routes: login },
    );
    expect(screen.getByRole('heading', { name: 'Admin home' })).toBeInTheDocument();
  });

  it('ignores a stored user without a token (a half-cleared session)', () => {
    localStorage.setItem('user', JSON.stringify(makeUser({ role: 'user' })));
    renderApp(
      <RequireRole roles={['user']}>
        <h1>Your profile</h1>
      </RequireRole>,
      { path: '/customer/profile', routes: login },
    );
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});

describe('after a guard sent the visitor here', () => {
  /** A signed-out visitor opens the link of an order e-mail: the customer area's guard sends them to /login. */
  function openOrderLink() {
    const user = userEvent.setup();
    renderApp(
      <RequireRole roles={['user']}>
        <h1>Order page</h1>
      </RequireRole>,
      {
        path: '/customer/my-orders/:id',
        at: '/customer/my-orders/42?from=mail',
        routes: {
          '/login': <LoginPage />,
          '/homeusers': <h1>Customer home</h1>,
          '/employee/home': <h1>Employee home</h1>,
        },
      },
    );
    return user;
  }
  async function logIn(user: ReturnType<typeof userEvent.setup>, role: 'user' | 'employee') {
    fakeServer({
      'POST /api/auth/login': () => ({ body: { token: 'jwt-3', user: makeUser({ role, name: 'Pet Owner' }) } }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'owner@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
  }

  it('a customer lands on the page they asked for, not on their home', async () => {
    const user = openOrderLink();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await logIn(user, 'user');
    expect(await screen.findByRole('heading', { name: 'Order page' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/customer/my-orders/42');
  });

  it('someone whose role may not open that page goes to their own home', async () => {
    const user = openOrderLink();
    await logIn(user, 'employee');
    expect(await screen.findByRole('heading', { name: 'Employee home' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('someone who signs out on a page is not brought back to it by the next login', async () => {
    storeSignedIn(makeUser({ role: 'user' }));
    const user = userEvent.setup();
    function SignOut() {
      const { logout } = useSession();
      return (
        <button type="button" onClick={() => logout()}>
          Logout
        </button>
      );
    }
    renderApp(
      <RequireRole roles={['user']}>
        <h1>Your profile</h1>
        <SignOut />
      </RequireRole>,
      {
        path: '/customer/profile',
        routes: { '/login': <LoginPage />, '/homeusers': <h1>Customer home</h1> },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await logIn(user, 'user');
    expect(await screen.findByRole('heading', { name: 'Customer home' }, { timeout: 4000 })).toBeInTheDocument();
  });
});
