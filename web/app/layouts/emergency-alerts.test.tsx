import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { EMERGENCY_CHANGED_EVENT } from '#shared/emergencies';
import { RESYNC_EVENT } from '#shared/realtime';
import { SocketProvider } from '../../lib/socket.ts';
import { makeEmergency } from '../../test/data.ts';
import { lastSocket } from '../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../test/utils.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { EmployeeLayout } from './employee-layout.tsx';

vi.mock('socket.io-client', () => import('../../test/fake-socket.ts'));

// Browsers read "Emergencies, 2 open"; jsdom's name computation drops the spaces between inline pieces.
const emergenciesLink = (count: number) =>
  screen.findByRole('link', { name: new RegExp(`^Emergencies,\\s*${count}\\s*open$`) });

let open: number;
beforeEach(() => {
  open = 2;
});

async function openStaffPage(layout: 'employee' | 'admin' = 'employee') {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: layout, name: 'Clinic Staff' }));
  const calls = fakeServer({
    'GET /api/emergencies/count': () => ({ body: { open } }),
    'GET /api/chat/unread-count': () => ({ body: { count: 0 } }),
  });
  const Layout = layout === 'employee' ? EmployeeLayout : AdminLayout;
  const path = layout === 'employee' ? '/employee/home' : '/admin/home';
  renderApp(
    <SocketProvider>
      <Layout />
    </SocketProvider>,
    { path, routes: { '/employee/emergencies': <p>Queue</p>, '/admin/emergencies': <p>Queue</p> } },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  const countReads = () => calls.filter((c) => c.url === '/api/emergencies/count').length;
  return { socket: lastSocket()!, countReads };
}

const raised = (id: string, petName: string, openNow: number) => ({
  action: 'raised' as const,
  emergency: makeEmergency({ id, petName }),
  open: openNow,
});

/** Stands in for the browser's Web Audio (jsdom has none): counts the tones started. */
function fakeAudio() {
  const tones: number[] = [];
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain = () => ({
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: (to: unknown) => to,
    });
    createOscillator = () => ({
      type: 'sine',
      frequency: { value: 0 },
      connect: (to: unknown) => to,
      start: (at: number) => tones.push(at),
      stop: () => undefined,
    });
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return tones;
}

describe('staff emergency count and alert', () => {
  it("counts open requests on the navbar link, then takes each event's number without asking again", async () => {
    const { socket, countReads } = await openStaffPage();
    expect(await emergenciesLink(2)).toHaveAttribute('href', '/employee/emergencies');
    expect(screen.getByRole('navigation', { name: 'Main' })).toContainElement(
      screen.getByRole('link', { name: 'Rides' }),
    );
    expect(screen.getByRole('link', { name: 'Rides' })).toHaveAttribute('href', '/employee/rides');

    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em9', 'Kitty', 3)));
    expect(await emergenciesLink(3)).toBeInTheDocument();
    act(() =>
      socket.serverSends(EMERGENCY_CHANGED_EVENT, {
        action: 'updated',
        emergency: makeEmergency({ id: 'em9', petName: 'Kitty', status: 'resolved' }),
        open: 1,
      }),
    );
    expect(await emergenciesLink(1)).toBeInTheDocument();
    expect(countReads()).toBe(1);

    open = 5;
    act(() => socket.serverSends(RESYNC_EVENT));
    expect(await emergenciesLink(5)).toBeInTheDocument();
  });

  it('raises a banner naming the pet when a request is raised, until dismissed or opened', async () => {
    const { socket } = await openStaffPage();
    await emergenciesLink(2);
    const alert = screen.getByRole('alert');
    expect(alert).toBeEmptyDOMElement();

    // Changes to a request are not new requests.
    act(() =>
      socket.serverSends(EMERGENCY_CHANGED_EVENT, {
        action: 'updated',
        emergency: makeEmergency({ status: 'acknowledged' }),
        open: 2,
      }),
    );
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em9', 'Kitty', 3)));
    await waitFor(() => expect(alert).toHaveTextContent('New emergency request: Kitty'));
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(alert).toBeEmptyDOMElement();

    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em10', 'Rex', 4)));
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em11', 'Coco', 5)));
    await waitFor(() => expect(alert).toHaveTextContent('2 new emergency requests: Rex, Coco'));
    await userEvent.click(within(alert).getByRole('link', { name: 'Open the emergency queue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/employee/emergencies');
    expect(alert).toBeEmptyDOMElement();
  });

  it('shows the count and the banner to admins, with their own queue', async () => {
    const { socket } = await openStaffPage('admin');
    expect(await emergenciesLink(2)).toHaveAttribute('href', '/admin/emergencies');
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em9', 'Kitty', 3)));
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('New emergency request: Kitty'));
    expect(within(alert).getByRole('link', { name: 'Open the emergency queue' })).toHaveAttribute(
      'href',
      '/admin/emergencies',
    );
  });

  it('plays no sound unless turned on, and only once the staff member has used the page', async () => {
    const tones = fakeAudio();
    const { socket } = await openStaffPage();
    await emergenciesLink(2);
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em9', 'Kitty', 3)));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Kitty'));
    expect(tones).toHaveLength(0);

    // Turned on in an earlier visit; this page has not been touched yet.
    act(() => {
      localStorage.setItem('emergencySound', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'emergencySound' }));
    });
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em10', 'Rex', 4)));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Rex'));
    expect(tones).toHaveLength(0);

    await userEvent.click(screen.getByRole('main'));
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, raised('em11', 'Coco', 5)));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Coco'));
    expect(tones.length).toBeGreaterThan(0);
  });
});
