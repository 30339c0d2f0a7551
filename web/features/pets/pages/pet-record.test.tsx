import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_CHANGED_EVENT, type Booking } from '#shared/bookings';
import { SocketProvider } from '../../../lib/socket.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import { makeBooking, makePet } from '../../../test/data.ts';
import PetRecordPage from './pet-record.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const completed = makeBooking({
  id: 'b2',
  status: 'completed',
  note: 'Limping on the left leg',
  visit: {
    findings: 'Sprained paw',
    treatment: 'Bandage and rest',
    medicines: 'Meloxicam 0.5 mg daily',
    weightKg: 29.1,
    nextDueDate: '2026-09-01',
    nextDueReason: 'Rabies booster',
    recordedByName: 'Dr. Vet',
    recordedAt: '2026-03-04T06:00:00.000Z',
  },
});
const upcoming = makeBooking({
  id: 'b3',
  date: '2026-05-10',
  time: '11:30',
  status: 'confirmed',
  service: { id: 's2', name: 'Pet Training', kind: 'training', durationMinutes: 60 },
});
const older = makeBooking({ id: 'b1', date: '2025-12-01', time: '09:00', status: 'no_show' });

function serveRecord() {
  return fakeServer({
    'GET /api/pets/p1': () => ({ body: makePet({ notes: 'Friendly\nLoves walks' }) }),
    'GET /api/pets/p1/timeline': (call) =>
      call.url.includes('cursor=')
        ? { body: [older] }
        : { body: [upcoming, completed], headers: { 'x-next-cursor': 'next-page' } },
  });
}

describe('the pet record', () => {
  it("shows the pet's details and its timeline, with the visit summary of a completed visit", async () => {
    storeSignedIn(makeUser({ id: 'u1', _id: 'u1' }));
    serveRecord();
    renderApp(<PetRecordPage />, { path: '/customer/pets/:id', at: '/customer/pets/p1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno' })).toBeInTheDocument();
    expect(screen.getByText('Labrador')).toBeInTheDocument();
    expect(screen.getByText('3 years')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a visit' })).toHaveAttribute('href', '/slots?petId=p1');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    const visit = await screen.findByRole('article', { name: /Pet Health Checkup/ });
    expect(within(visit).getByText('Completed')).toBeInTheDocument();
    expect(within(visit).getByText('Limping on the left leg')).toBeInTheDocument();
    expect(within(visit).getByText('Sprained paw')).toBeInTheDocument();
    expect(within(visit).getByText('Bandage and rest')).toBeInTheDocument();
    expect(within(visit).getByText('Meloxicam 0.5 mg daily')).toBeInTheDocument();
    expect(within(visit).getByText('29.1 kg')).toBeInTheDocument();
    expect(within(visit).getByText(/1 Sept?,? 2026: Rabies booster/)).toBeInTheDocument();

    // Newest first, then the next page on request.
    const items = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(items[0]).toMatch(/^Pet Training/);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const noShow = await screen.findByRole('article', { name: /Dec,? 2025/ });
    expect(within(noShow).getByText('No-show')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows staff the record without edit or booking controls', async () => {
    storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Staff Member' }));
    serveRecord();
    renderApp(<PetRecordPage />, { path: '/employee/pets/:id', at: '/employee/pets/p1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /Pet Health Checkup/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a visit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the schedule' })).toHaveAttribute('href', '/employee/slots');
  });

  it('says so when the pet is not found, and when it has no visits yet', async () => {
    storeSignedIn(makeUser({ id: 'u1', _id: 'u1' }));
    fakeServer({
      'GET /api/pets/p9': () => ({ status: 404, body: { error: 'Pet not found', code: 'NOT_FOUND' } }),
      'GET /api/pets/p1': () => ({ body: makePet() }),
      'GET /api/pets/p1/timeline': () => ({ body: [] }),
    });
    const { unmount } = renderApp(<PetRecordPage />, { path: '/customer/pets/:id', at: '/customer/pets/p9' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Pet not found');
    unmount();
    renderApp(<PetRecordPage />, { path: '/customer/pets/:id', at: '/customer/pets/p1' });
    expect(await screen.findByText('No visits yet')).toBeInTheDocument();
  });

  it("shows a pickup ride's progress in the timeline and follows its steps from the events alone", async () => {
    storeSignedIn(makeUser({ id: 'u1', _id: 'u1' }));
    const pickup = (status: 'confirmed' | 'canceled', ride: NonNullable<Booking['ride']>) =>
      makeBooking({
        id: 'b4',
        date: '2026-05-12',
        time: '09:00',
        startsAt: '2026-05-12T03:30:00.000Z',
        status,
        service: { id: 's3', name: 'Pet Pickup Ride', kind: 'pickup', durationMinutes: 30 },
        serviceId: 's3',
        pickupAddress: '12 Lake Road',
        ride,
      });
    const calls = fakeServer({
      'GET /api/pets/p1': () => ({ body: makePet() }),
      'GET /api/pets/p1/timeline': () => ({
        body: [pickup('confirmed', { status: 'picked_up', steps: [] }), upcoming, completed],
      }),
    });
    renderApp(
      <SocketProvider>
        <PetRecordPage />
      </SocketProvider>,
      { path: '/customer/pets/:id', at: '/customer/pets/p1' },
    );
    const ride = await screen.findByRole('article', { name: /Pet Pickup Ride/ });
    const steps = within(ride).getByRole('list', { name: 'Pickup ride' });
    expect(within(steps).getByText('Picked up').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getAllByRole('list', { name: 'Pickup ride' })).toHaveLength(1);
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket()!.serverSends('connect'));
    const reads = () => calls.filter((c) => c.url.startsWith('/api/pets/p1/timeline')).length;

    act(() =>
      lastSocket()!.serverSends(BOOKING_CHANGED_EVENT, {
        id: 'b4',
        action: 'canceled',
        status: 'canceled',
        date: '2026-05-12',
        time: '09:00',
        booking: pickup('canceled', { status: 'canceled', steps: [] }),
      }),
    );
    await waitFor(() =>
      expect(within(steps).getByText('Canceled').closest('li')).toHaveAttribute('aria-current', 'step'),
    );
    // The booking's badge says so too.
    expect(within(ride).getAllByText('Canceled')).toHaveLength(2);
    expect(reads()).toBe(1);
  });
});
