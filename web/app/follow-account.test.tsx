import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { SocketProvider } from '../lib/socket.ts';
import { lastSocket } from '../test/fake-socket.ts';
import { fakeServer, makeOwnAccount, makeUser, storeSignedIn } from '../test/utils.tsx';
import { FollowAccountChanges } from './follow-account.tsx';

vi.mock('socket.io-client', () => import('../test/fake-socket.ts'));

function Where() {
  const { pathname } = useLocation();
  const { user } = useSession();
  return <h1>{`Page ${pathname} for ${user ? user.role : 'nobody'}`}</h1>;
}

/** A customer's tab on their home page, with its socket connected, as the app arranges it. */
async function openTab() {
  const customer = makeUser({ role: 'user' });
  storeSignedIn(customer, 'the-token');
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider validateOnMount={false}>
        <SocketProvider>
          <MemoryRouter initialEntries={['/homeusers']}>
            <FollowAccountChanges />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
            <ToastContainer />
          </MemoryRouter>
        </SocketProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return customer;
}

describe('an open tab follows its account', () => {
  it('moves to the new role home when the server drops the socket after a role change', async () => {
    const customer = await openTab();
    const calls = fakeServer({
      'GET /api/auth/me': () => ({ body: makeOwnAccount({ ...customer, role: 'employee' }) }),
    });
    expect(screen.getByRole('heading', { name: 'Page /homeusers for user' })).toBeInTheDocument();

    act(() => lastSocket()!.serverSends('disconnect', 'io server disconnect'));

    expect(await screen.findByRole('heading', { name: 'Page /employee/home for employee' })).toBeInTheDocument();
    expect(await screen.findByText('Your account is now an employee account.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/auth/me']);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ role: 'employee' });
  });

  it('signs out at once when the server ended this session elsewhere', async () => {
    await openTab();
    fakeServer({
      'GET /api/auth/me': () => ({ status: 401, body: { error: 'Token expired', code: 'UNAUTHENTICATED' } }),
    });

    act(() => lastSocket()!.serverSends('disconnect', 'io server disconnect'));

    expect(await screen.findByRole('heading', { name: 'Page /homeusers for nobody' })).toBeInTheDocument();
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stays where it is when the same account comes back unchanged', async () => {
    const customer = await openTab();
    const calls = fakeServer({ 'GET /api/auth/me': () => ({ body: makeOwnAccount(customer) }) });

    act(() => lastSocket()!.serverSends('disconnect', 'io server disconnect'));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Page /homeusers for user' })).toBeInTheDocument();
    expect(screen.queryByText(/Your account is now/)).not.toBeInTheDocument();
  });
});
