import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/auth';
import { UNSUBSCRIBE_MSG } from '#shared/reminders';
import {
  fakeServer,
  makeOwnAccount,
  makeUser,
  NETWORK_ERROR,
  renderApp,
  storeSignedIn,
  type FakeAnswer,
} from '../../../test/utils.tsx';
import UnsubscribePage from './unsubscribe.tsx';

const TOKEN = '0b5c3f6e-8f4d-4a55-9d6e-2f1b8a7c9e01.c2lnbmF0dXJl';
const DONE = UNSUBSCRIBE_MSG.done('o***@example.com');

function serve(answer: () => FakeAnswer | typeof NETWORK_ERROR) {
  return fakeServer({
    'POST /api/reminders/unsubscribe': answer,
    'GET /api/auth/me': () => ({ body: makeOwnAccount({ reminderEmails: false }) }),
  });
}

const open = (at: string) =>
  renderApp(<UnsubscribePage />, {
    path: '/unsubscribe',
    at,
    routes: { '/login': <h1>Login page</h1>, '/customer/profile': <h1>Profile page</h1> },
  });

describe('/unsubscribe', () => {
  it('asks first, turns reminder e-mails off only on the button, and shows what the server turned off', async () => {
    const calls = serve(() => ({ body: { email: 'o***@example.com', message: DONE } }));
    const u = userEvent.setup();
    open(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);

    expect(screen.getByRole('heading', { level: 1, name: 'Turn off reminder e-mails?' })).toBeInTheDocument();
    expect(calls).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Turn off reminder e-mails' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DONE);
    // The button is gone: the answer has the focus.
    expect(screen.getByRole('status').parentElement).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Reminder e-mails are off' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off reminder e-mails' })).not.toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/reminders/unsubscribe', { token: TOKEN }],
    ]);

    await u.click(screen.getByRole('link', { name: 'Log in to your profile' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it("shows the server's message for a link it does not accept, and the way to the profile", async () => {
    serve(() => ({ status: 400, body: { error: UNSUBSCRIBE_MSG.invalid, code: 'BAD_REQUEST' } }));
    storeSignedIn(makeUser());
    const u = userEvent.setup();
    open('/unsubscribe?token=forged');

    await u.click(screen.getByRole('button', { name: 'Turn off reminder e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_MSG.invalid);
    expect(screen.queryByRole('button', { name: 'Turn off reminder e-mails' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: 'Go to your profile' }));
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
  });

  it('says the link is incomplete when it has no token, and asks the server nothing', () => {
    const calls = serve(() => ({ body: {} }));
    open('/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent(/This unsubscribe link is incomplete/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to your profile' })).toHaveAttribute('href', '/login');
    expect(calls).toEqual([]);
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    let answer: FakeAnswer | typeof NETWORK_ERROR = NETWORK_ERROR;
    serve(() => answer);
    const u = userEvent.setup();
    open(`/unsubscribe?token=${TOKEN}`);

    await u.click(screen.getByRole('button', { name: 'Turn off reminder e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not turn reminder e-mails off. Please try again.',
    );
    answer = { body: { email: 'o***@example.com', message: DONE } };
    await u.click(screen.getByRole('button', { name: 'Turn off reminder e-mails' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DONE);
  });

  it("brings a signed-in customer's own setting up to date", async () => {
    storeSignedIn(makeUser());
    serve(() => ({ body: { email: 'o***@example.com', message: DONE } }));
    const u = userEvent.setup();
    open(`/unsubscribe?token=${TOKEN}`);

    await u.click(screen.getByRole('button', { name: 'Turn off reminder e-mails' }));
    await screen.findByRole('status');
    await expect.poll(() => (JSON.parse(localStorage.getItem('user')!) as User).reminderEmails).toBe(false);
  });
});
