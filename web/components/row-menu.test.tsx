import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test/axe.ts';
import { RowMenu } from './row-menu.tsx';

function renderMenu() {
  const chosen = vi.fn<(what: string) => void>();
  render(
    <>
      <RowMenu
        label="More actions for Meera"
        items={[
          { label: 'View ID', ariaLabel: 'View ID of Meera', onSelect: () => chosen('id') },
          { label: 'Make employee', ariaLabel: 'Make employee: Meera', onSelect: () => chosen('role') },
          { label: 'Delete', ariaLabel: 'Delete Meera', danger: true, onSelect: () => chosen('delete') },
        ]}
      />
      <button type="button">Next control</button>
    </>,
  );
  return { chosen, button: screen.getByRole('button', { name: 'More actions for Meera' }) };
}

const items = () => screen.getAllByRole('menuitem');

describe('RowMenu', () => {
  it('is a menu button whose menu opens on the first action and moves with the arrow keys, Home and End', async () => {
    const u = userEvent.setup();
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    button.focus();
    await u.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'More actions for Meera' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(items().map((i) => i.getAttribute('aria-label'))).toEqual([
      'View ID of Meera',
      'Make employee: Meera',
      'Delete Meera',
    ]);
    expect(items()[0]).toHaveFocus();
    await u.keyboard('{ArrowDown}');
    expect(items()[1]).toHaveFocus();
    await u.keyboard('{ArrowDown}{ArrowDown}');
    expect(items()[0]).toHaveFocus();
    await u.keyboard('{ArrowUp}');
    expect(items()[2]).toHaveFocus();
    await u.keyboard('{Home}');
    expect(items()[0]).toHaveFocus();
    await u.keyboard('{End}');
    expect(items()[2]).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
  });

  it('closes on Escape and gives the focus back to its button, without choosing', async () => {
    const u = userEvent.setup();
    const { button, chosen } = renderMenu();
    await u.click(button);
    expect(items()[0]).toHaveFocus();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(chosen).not.toHaveBeenCalled();
  });

  it('opens on the last action with ArrowUp, and runs the chosen one with the focus back on the button', async () => {
    const u = userEvent.setup();
    const { button, chosen } = renderMenu();
    button.focus();
    await u.keyboard('{ArrowUp}');
    expect(items()[2]).toHaveFocus();
    await u.keyboard('{Enter}');
    expect(chosen).toHaveBeenCalledWith('delete');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes when the focus or a click goes elsewhere', async () => {
    const u = userEvent.setup();
    const { button, chosen } = renderMenu();
    await u.click(button);
    await u.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await u.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Next control' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chosen).not.toHaveBeenCalled();
  });
});
