import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/utils.tsx';
import { Navbar, type NavItem } from './navbar.tsx';

const items: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About' },
  { to: '/chat', label: 'Chat', badge: 3 },
];

const renderNavbar = () => renderApp(<Navbar brandTo="/" items={items} />, { path: '*', at: '/' });

describe('Navbar', () => {
  it('opens the menu from the keyboard, Tab leads into its links, Escape closes it and returns to Menu', async () => {
    const u = userEvent.setup();
    renderNavbar();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    menu.focus();
    await u.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await u.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await u.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('says each link and count once: the copy the row is measured with has no words of its own', () => {
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const word of ['Home', 'About', 'Chat', '3']) expect(within(nav).getAllByText(word)).toHaveLength(1);
  });
});
