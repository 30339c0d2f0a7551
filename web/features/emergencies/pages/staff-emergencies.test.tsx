import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMERGENCY_CHANGED_EVENT, EMERGENCY_MSG, type Emergency } from '#shared/emergencies';
import { RESYNC_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../../lib/socket.ts';
import { makeEmergency } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import StaffEmergenciesPage from './staff-emergencies.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

/** A request for `pet` raised `minutesAgo` minutes before now. */
const request = (id: string, pet: string, minutesAgo: number, over: Partial<Emergency> = {}) => {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return makeEmergency({ id, petName: pet, createdAt: at, updatedAt: at, ...over });
};

/** The clinic is in India (UTC+5:30), whatever zone the test machine is in. */
const CONFIG = {
  upiId: 'x@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '12 Park Street', phone: '9876543210', email: 'c@p.test', hours: '9-6' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

let queue: Emergency[];
let calls: FetchCall[];

beforeEach(() => {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Night Vet' }));
  queue = [];
  calls = fakeServer({ 'GET /api/emergencies': () => ({ body: queue }), 'GET /api/config': () => ({ body: CONFIG }) });
});

async function openQueue() {
  const view = renderApp(
    <SocketProvider>
      <StaffEmergenciesPage />
    </SocketProvider>,
    { path: '/employee/emergencies' },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return { socket: lastSocket()!, view };
}

const openList = () => screen.getByRole('region', { name: /^Open requests/ });
/** The pets of the open requests, top to bottom. */
const order = () =>
  within(openList())
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const card = (pet: string) => screen.getByRole('article', { name: pet });
// Browsers read "Acknowledge request for Bruno"; jsdom's name computation drops the space before the hidden part.
const action = (label: string, pet: string) => new RegExp(`^${label}\\s*request for ${pet}$`);
const listReads = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/emergencies').length;

describe('/employee/emergencies', () => {
  it('lists untriaged requests first, then triage 1 to 3 oldest first, with resolved ones folded away', async () => {
    queue = [
      request('a', 'Untriaged old', 30),
      request('b', 'Untriaged new', 2),
      request('c', 'Critical', 20, { triageLevel: 1, status: 'acknowledged' }),
      request('d', 'Urgent', 40, { triageLevel: 2 }),
      request('e', 'Stable', 50, { triageLevel: 3 }),
      request('f', 'Done', 90, { status: 'resolved', triageLevel: 3 }),
    ];
    await openQueue();
    await waitFor(() => expect(order()).toEqual(['Untriaged old', 'Untriaged new', 'Critical', 'Urgent', 'Stable']));
    expect(screen.getByRole('heading', { name: 'Open requests (5)' })).toBeInTheDocument();
    const resolved = screen.getByText('Resolved (1)').closest('details')!;
    expect(resolved).not.toHaveAttribute('open');
    expect(within(resolved).getByRole('article', { name: 'Done' })).not.toBeVisible();

    const first = card('Untriaged old');
    expect(within(first).getByText('30 min ago')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '9876543210' })).toHaveAttribute('href', 'tel:9876543210');
    expect(within(first).getByText('Ate chocolate an hour ago and is shaking.')).toBeInTheDocument();
    expect(within(first).getByText('Not triaged', { selector: 'span' })).toBeInTheDocument();
    expect(within(card('Critical')).getByText('Triage 1 · Critical')).toBeInTheDocument();
  });

  it("gives when a request was raised in the one date format, on the clinic's clock", async () => {
    // 19:00 UTC on 24 November is 00:30 on the 25th in India.
    queue = [makeEmergency({ petName: 'Bruno', createdAt: '2025-11-24T19:00:00.000Z' })];
    await openQueue();
    const raised = (await screen.findByRole('article', { name: 'Bruno' })).querySelector('time')!;
    await waitFor(() => expect(raised).toHaveAttribute('title', 'Tue, 25 Nov 2025 at 00:30'));
  });

  it('shows a pickup address as a map link', async () => {
    queue = [request('a', 'Bruno', 5, { needsPickup: true, address: '12 Lake Road, Kolkata' })];
    await openQueue();
    const link = await within(await screen.findByRole('article', { name: 'Bruno' })).findByRole('link', {
      name: /12 Lake Road, Kolkata/,
    });
    expect(link).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Lake%20Road%2C%20Kolkata',
    );
  });

  it('acknowledges, triages, assigns with a note and resolves, each answer taking its place in the queue', async () => {
    queue = [request('a', 'Bruno', 10), request('b', 'Misty', 5)];
    const puts: FetchCall[] = [];
    calls = fakeServer({
      'GET /api/emergencies': () => ({ body: queue }),
      'PUT /api/emergencies/a': (c) => {
        puts.push(c);
        const body = c.body as { status: Emergency['status']; triageLevel?: number; note?: string };
        const now = queue.find((e) => e.id === 'a')!;
        const next: Emergency = {
          ...now,
          status: body.status,
          triageLevel: body.triageLevel ?? now.triageLevel,
          ...(body.status === 'assigned' ? { assignedToId: 'e1', assignedToName: 'Night Vet' } : {}),
          events: body.note
            ? [...now.events, { ...now.events[0]!, note: body.note, actorName: 'Night Vet' }]
            : now.events,
        };
        queue = queue.map((e) => (e.id === 'a' ? next : e));
        return { body: next };
      },
    });
    await openQueue();
    await waitFor(() => expect(order()).toEqual(['Bruno', 'Misty']));

    await userEvent.click(within(card('Bruno')).getByRole('button', { name: action('Acknowledge', 'Bruno') }));
    await waitFor(() => expect(within(card('Bruno')).getByText('Seen by a vet')).toBeInTheDocument());

    // Triaged as stable, Bruno moves below the untriaged Misty.
    await userEvent.selectOptions(within(card('Bruno')).getByRole('combobox', { name: 'Triage level' }), '3 Stable');
    await waitFor(() => expect(order()).toEqual(['Misty', 'Bruno']));

    await userEvent.type(within(card('Bruno')).getByRole('textbox', { name: /^Note/ }), 'Owner on the way');
    await userEvent.click(within(card('Bruno')).getByRole('button', { name: action('Assign to me', 'Bruno') }));
    await waitFor(() => expect(within(card('Bruno')).getByText(/assigned to Night Vet/)).toBeInTheDocument());
    expect(within(card('Bruno')).getByText('Owner on the way')).toBeInTheDocument();
    // Already the caller's: no second "Assign to me".
    expect(within(card('Bruno')).queryByRole('button', { name: /Assign to me/ })).not.toBeInTheDocument();

    await userEvent.click(within(card('Bruno')).getByRole('button', { name: action('Resolve', 'Bruno') }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve the request for Bruno?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(order()).toEqual(['Misty']));
    expect(screen.getByText('Resolved (1)')).toBeInTheDocument();

    expect(puts.map((c) => c.body)).toEqual([
      { status: 'acknowledged' },
      { status: 'acknowledged', triageLevel: 3 },
      { status: 'assigned', note: 'Owner on the way' },
      { status: 'resolved' },
    ]);
    expect(listReads()).toBe(1);
  });

  it("shows the server's refusal in its own words on the request", async () => {
    queue = [request('a', 'Bruno', 10)];
    fakeServer({
      'GET /api/emergencies': () => ({ body: queue }),
      'PUT /api/emergencies/a': () => ({
        status: 409,
        body: { error: EMERGENCY_MSG.backwards('assigned'), code: 'CONFLICT' },
      }),
    });
    await openQueue();
    await userEvent.click(await screen.findByRole('button', { name: action('Acknowledge', 'Bruno') }));
    expect(await within(card('Bruno')).findByRole('alert')).toHaveTextContent(
      'This request is already "Assigned"; it can only move forward',
    );
  });

  it('puts a raised request in its place and follows changes from the events alone; refetches on resync', async () => {
    queue = [request('a', 'Critical', 20, { triageLevel: 1 }), request('b', 'Stable', 30, { triageLevel: 3 })];
    const { socket } = await openQueue();
    await waitFor(() => expect(order()).toEqual(['Critical', 'Stable']));

    const raised = request('c', 'Newcomer', 0);
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, { action: 'raised', emergency: raised, open: 3 }));
    await waitFor(() => expect(order()).toEqual(['Newcomer', 'Critical', 'Stable']));
    // Delivered twice: still once.
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, { action: 'raised', emergency: raised, open: 3 }));

    // A colleague triages it as urgent: it moves between the critical and the stable one.
    act(() =>
      socket.serverSends(EMERGENCY_CHANGED_EVENT, {
        action: 'updated',
        emergency: { ...raised, status: 'acknowledged', triageLevel: 2 },
        open: 3,
      }),
    );
    await waitFor(() => expect(order()).toEqual(['Critical', 'Newcomer', 'Stable']));
    act(() =>
      socket.serverSends(EMERGENCY_CHANGED_EVENT, {
        action: 'updated',
        emergency: { ...queue[0]!, status: 'resolved' },
        open: 2,
      }),
    );
    await waitFor(() => expect(order()).toEqual(['Newcomer', 'Stable']));
    expect(screen.getByText('Resolved (1)')).toBeInTheDocument();
    expect(listReads()).toBe(1);

    queue = [...queue, request('d', 'Missed meanwhile', 1)];
    act(() => socket.serverSends(RESYNC_EVENT));
    await waitFor(() => expect(order()).toContain('Missed meanwhile'));
    expect(listReads()).toBe(2);
  });

  it('keeps the sound switch off until turned on, and remembers it on the next visit', async () => {
    const { view } = await openQueue();
    const sound = await screen.findByRole('switch', { name: 'Sound for new requests' });
    expect(sound).not.toBeChecked();
    await userEvent.click(sound);
    expect(sound).toBeChecked();
    view.unmount();

    renderApp(<StaffEmergenciesPage />, { path: '/employee/emergencies' });
    expect(await screen.findByRole('switch', { name: 'Sound for new requests' })).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Sound for new requests' }));
    expect(screen.getByRole('switch', { name: 'Sound for new requests' })).not.toBeChecked();
  });
});
