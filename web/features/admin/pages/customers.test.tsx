import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../../test/axe.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import CustomersPage from './customers.tsx';

const CONFIG = {
  upiId: 'x@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '12 Park Street', phone: '9876543210', email: 'c@p.test', hours: '9-6' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

describe('/admin/customer', () => {
  it("shows whether each customer's e-mail address is verified", async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    const pick = (over: Parameters<typeof makeUser>[0]) => {
      const { _id, id, name, email, phone, role, image, hasIdentityProof, createdAt, emailVerified } = makeUser(over);
      return { _id, id, name, email, phone, role, image, hasIdentityProof, createdAt, emailVerified };
    };
    fakeServer({
      'GET /api/all-customers': () => ({
        body: [
          pick({ id: 'c1', _id: 'c1', name: 'Proven Owner', emailVerified: true }),
          pick({ id: 'c2', _id: 'c2', name: 'New Owner', emailVerified: false }),
        ],
      }),
    });
    renderApp(<CustomersPage />, { path: '/admin/customer' });
    const row = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;
    expect(within(await row('Proven Owner')).getByText('Verified')).toBeInTheDocument();
    expect(within(await row('New Owner')).getByText('Not verified')).toBeInTheDocument();
    expect(screen.queryByText('Invited')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite employee' })).not.toBeInTheDocument();
  });

  it("shows when each customer joined as a day in the one date format, on the clinic's calendar", async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    const { _id, id, name, email, phone, role, image, hasIdentityProof, emailVerified } = makeUser({
      name: 'Late Joiner',
    });
    fakeServer({
      // The clinic is in India: 19:00 UTC on 24 November is already the 25th there.
      'GET /api/config': () => ({ body: CONFIG }),
      'GET /api/all-customers': () => ({
        body: [
          {
            _id,
            id,
            name,
            email,
            phone,
            role,
            image,
            hasIdentityProof,
            emailVerified,
            createdAt: '2026-11-24T19:00:00.000Z',
          },
        ],
      }),
    });
    renderApp(<CustomersPage />, { path: '/admin/customer' });
    const row = (await screen.findByRole('rowheader', { name: 'Late Joiner' })).closest('tr')!;
    expect(await within(row).findByText('Wed, 25 Nov 2026')).toBeInTheDocument();
  });
});

describe('/admin/customer e-mail addresses', () => {
  it('wrap only before the @ or a dot, never inside a name, and keep the whole address readable', async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    const email = 'meera.longname-household@clinic.example.com';
    const { _id, id, name, phone, role, image, hasIdentityProof, createdAt, emailVerified } = makeUser({
      name: 'Meera Long',
    });
    fakeServer({
      'GET /api/all-customers': () => ({
        body: [{ _id, id, name, email, phone, role, image, hasIdentityProof, createdAt, emailVerified }],
      }),
    });
    renderApp(<CustomersPage />, { path: '/admin/customer' });
    const row = (await screen.findByRole('rowheader', { name: 'Meera Long' })).closest('tr')!;
    const cell = within(row).getByText((_, el) => el?.getAttribute('title') === email);
    expect(cell).toHaveTextContent(email);
    expect(cell.className).not.toMatch(/wrap-anywhere|break-all|break-words/);
    // One unbreakable piece per name, with a place to break before each '@' and '.'.
    const parts = [...cell.querySelectorAll('span')];
    expect(parts.map((p) => p.textContent)).toEqual(['meera', '.longname-household', '@clinic', '.example', '.com']);
    for (const p of parts) expect(p).toHaveClass('whitespace-nowrap');
    expect(cell.querySelectorAll('wbr')).toHaveLength(4);
    // The phone card shows it the same way.
    const card = within(screen.getByRole('list', { name: 'Customers' })).getByText(
      (_, el) => el?.getAttribute('title') === email,
    );
    expect(card.querySelectorAll('wbr')).toHaveLength(4);
  });
});

describe('/admin/customer row actions', () => {
  const doomed = () => {
    const { _id, id, name, email, phone, role, image, hasIdentityProof, createdAt, emailVerified } = makeUser({
      id: 'c9',
      _id: 'c9',
      name: 'Doomed Owner',
    });
    return { _id, id, name, email, phone, role, image, hasIdentityProof, createdAt, emailVerified };
  };

  it("keeps a row's actions in one menu: View ID, Make employee and Delete", async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    fakeServer({ 'GET /api/all-customers': () => ({ body: [doomed()] }) });
    const u = userEvent.setup();
    renderApp(<CustomersPage />, { path: '/admin/customer' });
    // The list renders both its table and its phone cards (CSS shows one): use the table's row.
    const row = (await screen.findByRole('rowheader', { name: 'Doomed Owner' })).closest('tr')!;
    const more = within(row).getByRole('button', { name: 'More actions for Doomed Owner' });
    expect(within(row).getAllByRole('button')).toEqual([more]);
    expect(more).toHaveAttribute('aria-haspopup', 'menu');

    await u.click(more);
    const menu = screen.getByRole('menu', { name: 'More actions for Doomed Owner' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['View ID', 'Make employee', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'View ID of Doomed Owner' })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    await u.keyboard('{Escape}');
    expect(more).toHaveFocus();
  });

  it('asks again when Delete is chosen right after a Cancel, and gives the focus back to the menu button', async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    const calls = fakeServer({
      'GET /api/all-customers': () => ({ body: [doomed()] }),
      'DELETE /api/users/c9': () => ({ body: { ok: true, id: 'c9' } }),
    });
    const u = userEvent.setup();
    renderApp(<CustomersPage />, { path: '/admin/customer' });
    const row = (await screen.findByRole('rowheader', { name: 'Doomed Owner' })).closest('tr')!;
    const more = within(row).getByRole('button', { name: 'More actions for Doomed Owner' });
    await u.click(more);
    await u.click(screen.getByRole('menuitem', { name: 'Delete Doomed Owner' }));
    const question = () => screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(question()).toHaveAccessibleDescription(/^Delete Doomed Owner\?/);
    expect(within(question()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await u.click(within(question()).getByRole('button', { name: 'Cancel' }));
    expect(more).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // The canceled question is still sliding out (jsdom never ends the animation, so it stays): Delete asks anew.
    await u.keyboard('{Enter}{End}{Enter}');
    const cancel = document.activeElement as HTMLElement;
    expect(cancel).toHaveAccessibleName('Cancel');
    const again = cancel.closest<HTMLElement>('[role="alertdialog"]')!;
    expect(again).toHaveAccessibleDescription(/^Delete Doomed Owner\?/);
    expect(await axeViolations(again)).toEqual([]);
    await u.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/users/c9']);
  });
});
