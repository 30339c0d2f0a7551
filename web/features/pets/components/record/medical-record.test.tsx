import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PET_RECORD_CHANGED_EVENT, type WeightEntry } from '#shared/pet-record';
import { SocketProvider } from '../../../../lib/socket.ts';
import { lastSocket } from '../../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../../test/utils.tsx';
import { makePet } from '../../../../test/data.ts';
import PetRecordPage from '../../pages/pet-record.tsx';

vi.mock('socket.io-client', () => import('../../../../test/fake-socket.ts'));

const weight = (over: Partial<WeightEntry>): WeightEntry => ({
  id: 'w1',
  source: 'measured',
  weightKg: 28,
  measuredOn: '2026-02-01',
  bodyCondition: null,
  bookingId: null,
  recordedByName: 'Dr. Vet',
  recordedAt: '2026-02-01T06:00:00.000Z',
  correctsId: null,
  correctedById: null,
  ...over,
});

const WEIGHTS = [
  weight({ id: 'w3', weightKg: 29.5, measuredOn: '2026-03-01', bodyCondition: 5, correctsId: 'w2' }),
  weight({ id: 'w2', weightKg: 2.95, measuredOn: '2026-03-01', correctedById: 'w3' }),
  weight({ id: 'b1', source: 'visit', bookingId: 'b1', weightKg: 28.1, measuredOn: '2026-01-10' }),
];

const staffUser = () => makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Dr. Vet' });
const owner = () => makeUser({ id: 'u1', _id: 'u1' });

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...extra,
    'GET /api/pets/p1': () => ({ body: makePet() }),
    'GET /api/pets/p1/timeline': () => ({ body: [] }),
    'GET /api/pets/p1/weights': () => ({ body: WEIGHTS }),
    'GET /api/pets/p1/alerts': () => ({
      body: {
        alerts: [{ kind: 'behaviour', text: 'Bites at the vet' }],
        history: [
          {
            id: 'a2',
            alerts: [{ kind: 'behaviour', text: 'Bites at the vet' }],
            setByName: 'Dr. Vet',
            setAt: '2026-03-01T06:00:00.000Z',
          },
          { id: 'a1', alerts: [], setByName: 'Front Desk', setAt: '2026-02-01T06:00:00.000Z' },
        ],
      },
    }),
  });
}

describe("the pet's medical record on its page", () => {
  it('shows staff the alerts and lets them change the whole list', async () => {
    storeSignedIn(staffUser());
    const calls = serve({
      'PUT /api/pets/p1/alerts': (call) => ({
        body: { alerts: (call.body as { alerts: unknown[] }).alerts, history: [] },
      }),
    });
    renderApp(<PetRecordPage />, { path: '/employee/pets/:id', at: '/employee/pets/p1' });

    const alerts = await screen.findByRole('note', { name: 'Alerts for Bruno' });
    expect(within(alerts).getByText('Bites at the vet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change alerts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts for Bruno' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an alert' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Alert 2 kind'), 'allergy');
    await userEvent.type(within(dialog).getByLabelText('Alert 2 text'), 'Penicillin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alerts' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      alerts: [
        { kind: 'behaviour', text: 'Bites at the vet' },
        { kind: 'allergy', text: 'Penicillin' },
      ],
    });
  });

  it('says what is wrong with an alert before sending it', async () => {
    storeSignedIn(staffUser());
    const calls = serve();
    renderApp(<PetRecordPage />, { path: '/employee/pets/:id', at: '/employee/pets/p1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Change alerts' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an alert' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alerts' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Write what staff must know');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the owner the weights as a chart with its table, but no alerts and no staff controls', async () => {
    storeSignedIn(owner());
    const calls = serve();
    renderApp(<PetRecordPage />, { path: '/customer/pets/:id', at: '/customer/pets/p1' });

    const chart = await screen.findByRole('img', { name: /Weight of Bruno: 2 measurements/ });
    expect(chart).toHaveAccessibleName(/10 Jan 2026 \(28\.1 kg\) to \w+, 1 Mar 2026 \(29\.5 kg\)/);
    const table = screen.getByRole('table', { name: 'Weights of Bruno' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('(corrected)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record a weight' })).not.toBeInTheDocument();
    expect(screen.queryByRole('note', { name: /Alerts/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/alerts'))).toBe(false);
  });

  it('staff record a weight; the page reads the weights again when the server says they changed', async () => {
    storeSignedIn(staffUser());
    const calls = serve({
      'POST /api/pets/p1/weights': () => ({ status: 201, body: weight({ id: 'w9', weightKg: 30 }) }),
    });
    renderApp(
      <SocketProvider>
        <PetRecordPage />
      </SocketProvider>,
      { path: '/employee/pets/:id', at: '/employee/pets/p1' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Record a weight' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a weight for Bruno' });
    await userEvent.type(within(dialog).getByLabelText('Weight (kg)'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record weight' }));
    expect(await within(dialog).findByText(/Weight must be a number of kilograms above 0/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Weight (kg)'));
    await userEvent.type(within(dialog).getByLabelText('Weight (kg)'), '30');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Body condition score/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record weight' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ weightKg: 30, bodyCondition: 5 });

    const reads = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/pets/p1/weights')).length;
    const before = reads();
    act(() => lastSocket()!.serverSends(PET_RECORD_CHANGED_EVENT, { petId: 'p1', part: 'weights' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
    act(() => lastSocket()!.serverSends(PET_RECORD_CHANGED_EVENT, { petId: 'other', part: 'weights' }));
    expect(reads()).toBe(before + 1);
  });
});
