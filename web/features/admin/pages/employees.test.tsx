import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts';
import type { AdminUser } from '#shared/auth';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FakeAnswer } from '../../../test/utils.tsx';
import EmployeesPage from './employees.tsx';

function adminUser(over: Partial<AdminUser>): AdminUser {
  const { _id, id, name, email, phone, role, image, hasIdentityProof, createdAt, emailVerified } = makeUser({
    role: 'employee',
    ...over,
  });
  return { _id, id, name, email, phone, role, image, hasIdentityProof, createdAt, emailVerified };
}

const noProof = { emailVerified: false, hasIdentityProof: false };
const nurse = adminUser({ id: 'e1', _id: 'e1', name: 'Day Nurse', email: 'nurse@example.com' });
const promoted = adminUser({
  id: 'e2',
  _id: 'e2',
  name: 'Promoted Owner',
  email: 'promoted@example.com',
  emailVerified: false,
  hasIdentityProof: true,
});
const invitee = adminUser({
  id: 'e3',
  _id: 'e3',
  name: 'New Groomer',
  email: 'groomer@example.com',
  ...noProof,
});

/** The employee list and the invitation endpoint; an invitation answered 201 joins the list. */
function serve(invite: (body: { name: string; email: string }) => FakeAnswer) {
  let employees = [nurse, promoted];
  return fakeServer({
    'GET /api/all-employees': () => ({ body: employees }),
    'POST /api/users/invitations': (c) => {
      const answer = invite(c.body as { name: string; email: string });
      if (answer.status === 201) employees = [answer.body as AdminUser, ...employees];
      return answer;
    },
  });
}

function open(invite: (body: { name: string; email: string }) => FakeAnswer = () => ({ status: 500 })) {
  storeSignedIn(makeUser({ role: 'admin', name: 'Site Admin' }));
  const calls = serve(invite);
  const u = userEvent.setup();
  renderApp(<EmployeesPage />, { path: '/admin/employee' });
  const form = screen.getByRole('form', { name: 'Invite employee' });
  return {
    calls,
    u,
    form,
    name: () => within(form).getByRole('textbox', { name: 'Name' }),
    email: () => within(form).getByRole('textbox', { name: 'Email' }),
    invite: async (name: string, email: string) => {
      if (name) await u.type(within(form).getByRole('textbox', { name: 'Name' }), name);
      if (email) await u.type(within(form).getByRole('textbox', { name: 'Email' }), email);
      await u.click(within(form).getByRole('button', { name: 'Send invitation' }));
    },
  };
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('/admin/employee', () => {
  it("shows each employee's e-mail status: verified, not verified, or invited and not joined yet", async () => {
    const u = userEvent.setup();
    storeSignedIn(makeUser({ role: 'admin' }));
    fakeServer({ 'GET /api/all-employees': () => ({ body: [nurse, promoted, invitee] }) });
    renderApp(<EmployeesPage />, { path: '/admin/employee' });
    await screen.findByRole('rowheader', { name: 'Day Nurse' });
    expect(screen.getByRole('columnheader', { name: 'E-mail status' })).toBeInTheDocument();
    expect(within(row('Day Nurse')).getByText('Verified')).toBeInTheDocument();
    expect(within(row('Promoted Owner')).getByText('Not verified')).toBeInTheDocument();
    expect(within(row('New Groomer')).getByText('Invited')).toBeInTheDocument();
    // The identity proof's action, in the row's menu, is named from what it shows, so speech input finds it by its text.
    await u.click(within(row('Day Nurse')).getByRole('button', { name: 'More actions for Day Nurse' }));
    expect(screen.getByRole('menuitem', { name: 'View ID of Day Nurse' })).toHaveTextContent('View ID');
    await u.keyboard('{Escape}');
    await u.click(within(row('New Groomer')).getByRole('button', { name: 'More actions for New Groomer' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Make customer', 'Delete']);
  });

  it('invites an employee by name and e-mail; the invitee joins the list as invited', async () => {
    const { calls, form, name, email, invite } = open((body) => ({
      status: 201,
      body: adminUser({ id: 'e9', _id: 'e9', name: body.name, email: body.email, ...noProof }),
    }));
    await screen.findByRole('rowheader', { name: 'Day Nurse' });
    await invite('New Groomer', 'Groomer@Example.com');

    const sent = await within(form).findByText(ACCOUNT_MSG.invitationSent('groomer@example.com'));
    expect(sent).toHaveRole('status');
    expect(sent).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'New Groomer', email: 'groomer@example.com' },
    ]);
    expect(within(await waitFor(() => row('New Groomer'))).getByText('Invited')).toBeInTheDocument();
    expect(name()).toHaveValue('');
    expect(email()).toHaveValue('');
  });

  it('says a fresh link went out when the address was already invited', async () => {
    const { form, invite } = open(() => ({ status: 200, body: invitee }));
    await invite('New Groomer', 'groomer@example.com');
    expect(await within(form).findByText(ACCOUNT_MSG.invitationResent('groomer@example.com'))).toHaveRole('status');
  });

  it("shows the server's refusal of an address that has an account on the e-mail field", async () => {
    const { email, invite } = open(() => ({
      status: 409,
      body: { error: ACCOUNT_MSG.invitationEmailTaken, code: 'EMAIL_TAKEN' },
    }));
    await invite('Pet Owner', 'owner@example.com');
    await waitFor(() => expect(email()).toHaveAccessibleDescription(ACCOUNT_MSG.invitationEmailTaken));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveFocus();
  });

  it("checks the name and e-mail with the sign-up form's rules and messages", async () => {
    const { calls, form, name, invite } = open();
    await invite('', '');
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    await invite('R2 D2', 'groomer@example');
    expect(await within(form).findByText('Please Enter valid name')).toBeInTheDocument();
    expect(within(form).getByText('Invalid email format')).toBeInTheDocument();
    expect(name()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says what went wrong when the invitation could not be sent, and keeps what was typed', async () => {
    const { form, name, invite } = open(() => ({ status: 500, body: { error: 'Internal', code: 'INTERNAL' } }));
    await invite('New Groomer', 'groomer@example.com');
    const failed = await within(form).findByText('We could not send the invitation. Please try again.');
    expect(failed).toHaveRole('alert');
    expect(failed).toHaveFocus();
    expect(name()).toHaveValue('New Groomer');
  });
});
