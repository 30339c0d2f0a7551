import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { makeUser, renderApp, storeSignedIn } from '../../test/utils.tsx';
import { PublicLayout } from './public-layout.tsx';

/** A page of the customer's own area, saying where it was opened. */
function CustomerPage() {
  const { pathname, search } = useLocation();
  return <h1>Customer page {pathname + search}</h1>;
}

const customerPages = Object.fromEntries(
  ['/homeusers', '/customer/product', '/customer/product/:id', '/servicescustomers', '/aboutcustomers'].map((p) => [
    p,
    <CustomerPage key={p} />,
  ]),
);

/** The public layout at `at`, as the router mounts it for every public page. */
const renderPublic = (at: string) => renderApp(<PublicLayout />, { path: '*', at, routes: customerPages });

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('the public pages for someone signed in', () => {
  it('a visitor sees Login and Sign Up', async () => {
    renderPublic('/products');
    expect(within(nav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav()).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(within(nav()).queryByRole('link', { name: /^Profile/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  for (const [from, to] of [
    ['/', '/homeusers'],
    ['/products?category=Toys&page=2', '/customer/product?category=Toys&page=2'],
    ['/products/12', '/customer/product/12'],
    ['/services', '/servicescustomers'],
    ['/about', '/aboutcustomers'],
  ] as const) {
    it(`a customer who opens ${from} gets their own page, ${to}`, () => {
      storeSignedIn(makeUser({ name: 'Dog Owner' }));
      renderPublic(from);
      expect(screen.getByRole('heading', { name: `Customer page ${to}` })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    });
  }

  it('a customer on a page of no customer area sees their profile and Logout, not Login and Sign Up', async () => {
    storeSignedIn(makeUser({ name: 'Dog Owner' }));
    const u = userEvent.setup();
    renderPublic('/verify-email?token=abc');
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Profile of Dog Owner' })).toHaveAttribute(
      'href',
      '/customer/profile',
    );
    expect(within(nav()).getByRole('link', { name: 'Pawcare' })).toHaveAttribute('href', '/homeusers');
    expect(await axeViolations()).toEqual([]);

    await u.click(within(nav()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('staff browsing the shop keep the page, with their own profile and Logout', () => {
    storeSignedIn(makeUser({ role: 'employee', name: 'Front Desk' }));
    renderPublic('/products');
    expect(screen.queryByRole('heading', { name: /^Customer page/ })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Product' })).toHaveAttribute('href', '/products');
    expect(within(nav()).getByRole('link', { name: 'Profile of Front Desk' })).toHaveAttribute(
      'href',
      '/employee/profile',
    );
    expect(within(nav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
