import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/auth';
import { axeViolations } from '../../../test/axe.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FakeAnswer } from '../../../test/utils.tsx';
import ProfilePage from './profile.tsx';

const HINT = "E-mails 24 hours before a confirmed visit and before a pet's next-due date. In-app reminders stay on.";

/** The profile endpoint as the server answers it: the account with the change applied, and the same under `user`. */
function serveProfile(start: User, fail?: FakeAnswer) {
  let account = start;
  return fakeServer({
    'PUT /api/users/profile': (c) => {
      if (fail) return fail;
      account = { ...account, ...(c.body as Partial<User>) };
      return { body: { ...account, user: account } };
    },
  });
}

const storedUser = () => JSON.parse(localStorage.getItem('user')!) as User;

describe('the reminder e-mails switch on the profile', () => {
  it("starts from the account's setting, saves each flip on the server and keeps the session's user in step", async () => {
    const user = makeUser();
    storeSignedIn(user);
    const calls = serveProfile(user);
    const u = userEvent.setup();
    renderApp(<ProfilePage />, { path: '/customer/profile' });

    const reminders = screen.getByRole('region', { name: 'Reminders' });
    const toggle = within(reminders).getByRole('switch', { name: 'Reminder e-mails' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(HINT);

    await u.click(toggle);
    expect(await within(reminders).findByText('Reminder e-mails are off.')).toHaveRole('status');
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ reminderEmails: false }]);
    expect(storedUser()).toEqual({ ...user, reminderEmails: false });

    await u.click(toggle);
    expect(await within(reminders).findByText('Reminder e-mails are on.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { reminderEmails: false },
      { reminderEmails: true },
    ]);
    expect(storedUser().reminderEmails).toBe(true);
  });

  it('shows the switch off for an account that turned reminder e-mails off', () => {
    storeSignedIn(makeUser({ reminderEmails: false }));
    serveProfile(makeUser({ reminderEmails: false }));
    renderApp(<ProfilePage />, { path: '/customer/profile' });
    expect(screen.getByRole('switch', { name: 'Reminder e-mails' })).not.toBeChecked();
  });

  it('goes back to what is saved and says why when the server refuses', async () => {
    const user = makeUser();
    storeSignedIn(user);
    serveProfile(user, { status: 400, body: { error: 'reminderEmails must be true or false', code: 'VALIDATION' } });
    const u = userEvent.setup();
    renderApp(<ProfilePage />, { path: '/customer/profile' });

    const toggle = screen.getByRole('switch', { name: 'Reminder e-mails' });
    await u.click(toggle);
    expect(await screen.findByText('reminderEmails must be true or false')).toHaveRole('status');
    expect(toggle).toBeChecked();
    expect(storedUser().reminderEmails).toBe(true);
  });

  it('is not offered to staff, who get no reminders', () => {
    storeSignedIn(makeUser({ role: 'employee' }));
    renderApp(<ProfilePage />, { path: '/employee/profile' });
    expect(screen.getByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('editing the profile', () => {
  it('starts on the first field, and leaves the focus on the details after a save and on Edit profile after Cancel', async () => {
    const user = makeUser({ address: null });
    storeSignedIn(user);
    const calls = serveProfile(user);
    const u = userEvent.setup();
    renderApp(<ProfilePage />, { path: '/customer/profile' });

    await u.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    await u.type(screen.getByLabelText('Address'), '9 Hill Road, Shimla{Enter}');
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your details' })).toHaveFocus();
    expect(screen.getByText('9 Hill Road, Shimla')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'Pet Owner', phone: '9876543210', address: '9 Hill Road, Shimla' },
    ]);

    await u.click(screen.getByRole('button', { name: 'Edit profile' }));
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
  });
});
