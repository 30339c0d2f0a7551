import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Provider } from '#shared/providers';
import { axeViolations } from '../../../test/axe.ts';
import { makeOffering } from '../../../test/data.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import AdminProvidersPage from './admin-providers.tsx';

/* /admin/providers: the list, and adding a provider with their services and weekly hours. */

const CHECKUP = makeOffering({ id: 's-check' });
const TRAINING = makeOffering({ id: 's-train', name: 'Pet Training', kind: 'training', durationMinutes: 60 });
const MEHTA: Provider = {
  id: 'v-mehta',
  displayName: 'Dr. Ananya Mehta',
  photoUrl: null,
  qualifications: 'BVSc & AH',
  languages: ['English'],
  bio: '',
  serviceIds: [CHECKUP.id],
  weeklyHours: [{ weekday: 1, open: '09:00', close: '13:00' }],
  active: true,
  userId: 'e1',
};
const staff = {
  _id: 'e2',
  id: 'e2',
  name: 'Rohan Iyer',
  email: 'rohan@example.com',
  phone: '9876543210',
  role: 'employee' as const,
  image: '/api/users/e2/avatar',
  hasIdentityProof: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
};

function serve(providers: Provider[]): FetchCall[] {
  let list = [...providers];
  return fakeServer({
    'GET /api/providers': () => ({ body: list }),
    'GET /api/services': () => ({ body: [CHECKUP, TRAINING] }),
    'GET /api/all-employees': () => ({ body: [staff] }),
    'POST /api/providers': ({ body }) => {
      const b = body as Omit<Provider, 'id' | 'active'>;
      const created: Provider = { ...MEHTA, ...b, id: 'v-new', active: true, photoUrl: null };
      list = [...list, created];
      return { status: 201, body: created };
    },
  });
}

describe('/admin/providers', () => {
  it('lists the providers with their services and hours', async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    serve([MEHTA]);
    const { container } = renderApp(<AdminProvidersPage />, { path: '/admin/providers' });
    const table = await screen.findByRole('table', { name: 'Providers' });
    const row = within(table).getByRole('row', { name: /Dr\. Ananya Mehta/ });
    expect(within(row).getByText('Mon 09:00-13:00')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Pet Health Checkup')).toBeInTheDocument());
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says what a clinic without providers does', async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    serve([]);
    renderApp(<AdminProvidersPage />, { path: '/admin/providers' });
    expect(await screen.findByText('No providers yet')).toBeInTheDocument();
  });

  it('adds a provider: a staff account, the services they do and the days they work', async () => {
    const u = userEvent.setup();
    storeSignedIn(makeUser({ role: 'admin' }));
    const calls = serve([MEHTA]);
    renderApp(<AdminProvidersPage />, { path: '/admin/providers' });
    await u.click(await screen.findByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a provider' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /Rohan Iyer/ })).toBeInTheDocument());
    await u.selectOptions(within(dialog).getByLabelText(/Staff account/), 'e2');
    await u.type(within(dialog).getByLabelText(/Display name/), 'Dr. Rohan Iyer');
    await u.type(within(dialog).getByLabelText('Languages'), 'English, Tamil');
    await u.click(within(dialog).getByRole('checkbox', { name: 'Pet Training' }));
    // Works Monday to Friday only.
    await u.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await u.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    await u.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.find((c) => c.method === 'POST')!.body as Provider;
    expect(sent).toMatchObject({
      userId: 'e2',
      displayName: 'Dr. Rohan Iyer',
      languages: ['English', 'Tamil'],
      serviceIds: [TRAINING.id],
    });
    expect(sent.weeklyHours.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(await screen.findByRole('row', { name: /Dr\. Rohan Iyer/ })).toBeInTheDocument();
  });
});
