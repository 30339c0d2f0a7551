import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp, storeSignedIn } from '../test/utils.tsx';
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
