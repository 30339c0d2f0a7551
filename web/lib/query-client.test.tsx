import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fakeServer, makeUser, NETWORK_ERROR, renderApp, storeSignedIn } from '../test/utils.tsx';
import { makePet } from '../test/data.ts';
import { answer, client } from './api-client.ts';
import { createQueryClient, recoverFailedQueries } from './query-client.ts';
import { useSession } from './session.tsx';

const UNAVAILABLE = {
  error: 'The service is temporarily unavailable. Retrying...',
  message: 'The service is temporarily unavailable. Retrying...',
  code: 'UNAVAILABLE',
};

function Pets() {
  const pets = useQuery({ queryKey: ['pets'], queryFn: () => answer(client.GET('/api/pets')) });
  if (pets.isPending) return <p>Loading…</p>;
  if (pets.isError) return <p role="alert">Could not load the pets.</p>;
  return (
    <ul>
      {pets.data.map((p) => (
        <li key={p.id}>{p.name}</li>
      ))}
    </ul>
  );
}

/** The app's query client with recovery on, and no retries of its own (the recovery loop is what is tested). */
function renderWithRecovery() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  function Recovery() {
    useEffect(() => recoverFailedQueries(client), []);
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Recovery />
      <Pets />
    </QueryClientProvider>,
  );
  onTestFinished(() => client.clear());
}

describe('lists after an outage', () => {
  it('load again by themselves once the server answers again, without "Try again"', async () => {
    let down = true;
    const calls = fakeServer({
      'GET /api/pets': () =>
        down
          ? { status: 503, body: UNAVAILABLE }
          : { body: [makePet(), makePet({ id: 'p2', name: 'Mitzi', species: 'cat' })] },
    });
    renderWithRecovery();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the pets.');
    down = false;
    expect(await screen.findByText('Bruno', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/pets').length).toBeGreaterThanOrEqual(2);
  });

  it('also when the server could not be reached at all (a network error)', async () => {
    let down = true;
    fakeServer({ '*': () => (down ? NETWORK_ERROR : undefined), 'GET /api/pets': () => ({ body: [makePet()] }) });
    renderWithRecovery();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    down = false;
    expect(await screen.findByText('Bruno', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

function WhoAmI() {
  const { user, status } = useSession();
  const orders = useQuery({
    queryKey: ['orders'],
    queryFn: () => answer(client.GET('/api/orders/mine')),
    retry: false,
  });
  return (
    <p>
      {user ? `${user.name} (${status})` : 'Nobody'} {orders.isError ? 'orders failed' : ''}
    </p>
  );
}

describe('the session during an outage', () => {
  it('is kept when the server answers 503, on load and on any later request', async () => {
    storeSignedIn(makeUser({ name: 'Patient Person' }), 'good-token');
    fakeServer({
      'GET /api/auth/me': () => ({ status: 503, body: UNAVAILABLE }),
      'GET /api/orders/mine': () => ({ status: 503, body: UNAVAILABLE }),
    });
    renderApp(<WhoAmI />, { validateSession: true });
    expect(await screen.findByText(/orders failed/)).toBeInTheDocument();
    expect(screen.getByText(/Patient Person \(authenticated\)/)).toBeInTheDocument();
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('good-token');
  });
});
