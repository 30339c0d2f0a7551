import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeOwnAccount, makeUser, NETWORK_ERROR, renderApp, storeSignedIn } from '../test/utils.tsx';
import { useSession } from './session.tsx';

function WhoAmI() {
  const { user, status, logout } = useSession();
  return (
    <>
      <p>{user ? `${user.name} (${status})` : 'Nobody'}</p>
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
    </>
  );
}

describe('session', () => {
  it('re-validates a stored token on load and refreshes the stored user', async () => {
    storeSignedIn(makeUser({ name: 'Old Name' }), 'good-token');
    const calls = fakeServer({ 'GET /api/auth/me': () => ({ body: makeOwnAccount({ name: 'New Name' }) }) });
    renderApp(<WhoAmI />, { validateSession: true });
    expect(await screen.findByText('New Name (authenticated)')).toBeInTheDocument();
    expect(calls[0]!.headers.authorization).toBe('Bearer good-token');
    // The account as stored is the account alone: its copy under `user` (the spec's shape) is not kept twice.
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(makeUser({ name: 'New Name' }));
  });

  it('clears a token the server rejects and says "Authentication failed"', async () => {
    storeSignedIn(makeUser(), 'expired-token');
    fakeServer({
      'GET /api/auth/me': () => ({ status: 401, body: { error: 'Token expired', code: 'UNAUTHENTICATED' } }),
    });
    renderApp(<WhoAmI />, { validateSession: true });
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    expect(screen.getByText('Nobody')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logging out ends the session on the server with the token it had', async () => {
    storeSignedIn(makeUser({ name: 'Leaving Person' }), 'leaving-token');
    const calls = fakeServer({
      // The session was already ended elsewhere (sign out everywhere on another device).
      'POST /api/auth/logout': () => ({ status: 401, body: { error: 'Token expired', code: 'UNAUTHENTICATED' } }),
    });
    renderApp(<WhoAmI />);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByText('Nobody')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout']));
    expect(calls[0]!.headers.authorization).toBe('Bearer leaving-token');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session when the server cannot be reached', async () => {
    storeSignedIn(makeUser({ name: 'Offline Person' }), 'good-token');
    fakeServer({ '*': () => NETWORK_ERROR });
    renderApp(<WhoAmI />, { validateSession: true });
    expect(await screen.findByText('Offline Person (authenticated)')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('good-token');
  });
});
