import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLINIC_SETTINGS_EVENT } from '#shared/realtime';
import { ClinicConfigSync } from '../../lib/public-config.ts';
import { SocketProvider } from '../../lib/socket.ts';
import { makeClinicSettings, makePublicConfig } from '../../test/data.ts';
import { lastSocket } from '../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../test/utils.tsx';
import { SiteFrame } from './site-frame.tsx';

vi.mock('socket.io-client', () => import('../../test/fake-socket.ts'));

const footer = () => screen.getByRole('contentinfo');

describe("the footer's opening hours", () => {
  it("says the clinic's own hours, and follows an admin's change live", async () => {
    storeSignedIn(makeUser({ name: 'Dog Owner' }));
    let hours = 'Mon-Sat 09:00-18:00';
    fakeServer({ 'GET /api/config': () => ({ body: makePublicConfig({ hours }) }) });
    renderApp(
      <SocketProvider>
        <ClinicConfigSync />
        <SiteFrame header={<header>Pawcare</header>} />
      </SocketProvider>,
    );
    expect(
      await within(footer()).findByText('Open Mon-Sat 09:00-18:00. Emergencies around the clock.'),
    ).toBeInTheDocument();

    hours = 'Mon-Fri 09:00-18:00, Sat 10:00-14:00';
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    act(() => lastSocket()!.serverSends(CLINIC_SETTINGS_EVENT, makeClinicSettings()));
    expect(
      await within(footer()).findByText('Open Mon-Fri 09:00-18:00, Sat 10:00-14:00. Emergencies around the clock.'),
    ).toBeInTheDocument();
  });

  it('says nothing of hours it could not read, and that visits are paused when every day is closed', async () => {
    fakeServer({
      'GET /api/config': () => ({ status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } }),
    });
    const { unmount } = renderApp(<SiteFrame header={<header>Pawcare</header>} />);
    expect(within(footer()).getByText('Emergencies around the clock.')).toBeInTheDocument();
    expect(within(footer()).queryByText(/Open/)).not.toBeInTheDocument();
    unmount();

    fakeServer({ 'GET /api/config': () => ({ body: makePublicConfig({ hours: 'Closed' }) }) });
    renderApp(<SiteFrame header={<header>Pawcare</header>} />);
    expect(
      await within(footer()).findByText('Visits are paused for now. Emergencies around the clock.'),
    ).toBeInTheDocument();
  });
});
