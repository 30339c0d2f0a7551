import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '#shared/settings';
import { OFFERING_MSG, type Service } from '#shared/offerings';
import { makeOffering } from '../../../test/data.ts';
import {
  chooseRowAction,
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeHandler,
} from '../../../test/utils.tsx';
import AdminOfferingsPage from './admin-offerings.tsx';

const config: PublicConfig = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: 'Park Street', phone: '9876543210', email: 'hi@example.com', hours: '9-6' },
  slot: { open: '09:00', close: '17:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

const service = (over: Partial<Service>) =>
  makeOffering({ id: 'svc-1', description: 'Head-to-tail examinations.', ...over });

const checkup = service({});
const training = service({ id: 'svc-2', name: 'Pet Training', kind: 'training', durationMinutes: 60, price: 800 });
const spa = service({ id: 'svc-3', name: 'Spa Day', active: false, sortOrder: 60 });

/** A fake API holding `list`: GET ?all=true lists it, POST adds to it, PUT changes the fields sent. */
function fakeOfferings(list: Service[], over: Record<string, FakeHandler> = {}) {
  let services = [...list];
  const base: Record<string, FakeHandler> = {
    'GET /api/config': () => ({ body: config }),
    'GET /api/services': (call) => {
      expect(call.url).toContain('all=true');
      return { body: services };
    },
    'POST /api/services': ({ body }) => {
      const created = service({ ...(body as Partial<Service>), id: 'svc-new' });
      services = [...services, created];
      return { status: 201, body: created };
    },
    '*': (call) => {
      const m = /^\/api\/services\/([^/?]+)$/.exec(call.url);
      if (call.method !== 'PUT' || !m) return undefined;
      services = services.map((s) => (s.id === m[1] ? { ...s, ...(call.body as Partial<Service>) } : s));
      return { body: services.find((s) => s.id === m[1]) };
    },
  };
  // A handler of `over` answers first; when it returns nothing, the fake list answers.
  const handlers: Record<string, FakeHandler> = { ...over };
  for (const [key, handler] of Object.entries(base)) {
    const first = over[key];
    handlers[key] = first ? (call) => first(call) ?? handler(call) : handler;
  }
  return fakeServer(handlers);
}

function renderPage() {
  storeSignedIn(makeUser({ role: 'admin', name: 'Clinic Admin' }));
  return renderApp(<AdminOfferingsPage />, { path: '/admin/services' });
}

const table = () => screen.getByRole('table', { name: 'Services' });
const rowOf = (name: string) => within(table()).getByRole('rowheader', { name }).closest('tr')!;

describe('admin services page', () => {
  it('lists every service with kind, duration, price, capacity and status, inactive ones too', async () => {
    fakeOfferings([checkup, training, spa]);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading services…');
    expect(await screen.findByRole('table', { name: 'Services' })).toBeInTheDocument();
    expect(
      within(rowOf('Pet Training'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Training', '1 hr', 'from ₹800.00', '2', 'Active', 'Actions▾']);
    expect(within(rowOf('Pet Health Checkup')).getByText('No price shown')).toBeInTheDocument();
    expect(within(rowOf('Spa Day')).getByText('Inactive')).toBeInTheDocument();
    await userEvent.click(within(rowOf('Spa Day')).getByRole('button', { name: 'More actions for Spa Day' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.getAttribute('aria-label'))).toEqual([
      'Edit Spa Day',
      'Activate Spa Day',
    ]);
    await userEvent.keyboard('{Escape}');
    // The phone layout shows the same services as cards.
    const cards = screen.getByRole('list', { name: 'Services' });
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Pet Health Checkup', 'Pet Training', 'Spa Day']);
  });

  it('says so when there are no services', async () => {
    fakeOfferings([]);
    renderPage();
    expect(await screen.findByText('No services yet')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    let fail = true;
    fakeOfferings([checkup], {
      'GET /api/services': () => (fail ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } } : undefined),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the services.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Services' })).toBeInTheDocument();
  });

  it('adds a service, checking the fields as the server does first', async () => {
    const user = userEvent.setup();
    const calls = fakeOfferings([checkup]);
    renderPage();
    await screen.findByRole('table', { name: 'Services' });
    await user.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a service' });

    // Nothing typed yet: the shared schema's messages, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(OFFERING_MSG.nameRequired);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Dental Cleaning');
    await user.selectOptions(within(dialog).getByLabelText(/^Kind/), 'Pickup ride');
    expect(within(dialog).getByText(/the customer gives a pickup address/)).toBeInTheDocument();
    const duration = within(dialog).getByLabelText(/^Duration/);
    await user.clear(duration);
    await user.type(duration, '45');
    await user.type(within(dialog).getByLabelText(/^Price/), '1.001');
    const capacity = within(dialog).getByLabelText(/^Bookings per time/);
    await user.clear(capacity);
    await user.type(capacity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(duration).toHaveAccessibleDescription(OFFERING_MSG.durationStep(30));
    expect(within(dialog).getByLabelText(/^Price/)).toHaveAccessibleDescription(OFFERING_MSG.priceInvalid);
    expect(capacity).toHaveAccessibleDescription(OFFERING_MSG.capacityInvalid);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(duration);
    await user.type(duration, '60');
    await user.clear(within(dialog).getByLabelText(/^Price/));
    await user.type(within(dialog).getByLabelText(/^Price/), '1250.50');
    await user.clear(capacity);
    await user.type(capacity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Dental Cleaning',
      kind: 'pickup',
      description: '',
      durationMinutes: 60,
      price: 1250.5,
      capacity: 3,
      // After the clinic's own services (the last is at 10).
      sortOrder: 20,
      active: true,
    });
    expect(await screen.findByText('Dental Cleaning added')).toBeInTheDocument();
    expect(within(rowOf('Dental Cleaning')).getByText('from ₹1,250.50')).toBeInTheDocument();
  });

  it("edits a service, sending only what changed, and shows the server's refusal by its field", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeOfferings([checkup, training], {
      'PUT /api/services/svc-2': () =>
        refuse ? { status: 409, body: { error: OFFERING_MSG.nameTaken, code: 'CONFLICT' } } : undefined,
    });
    renderPage();
    await screen.findByRole('table', { name: 'Services' });
    await chooseRowAction(user, rowOf('Pet Training'), 'Pet Training', 'Edit Pet Training');
    const dialog = screen.getByRole('dialog', { name: 'Edit Pet Training' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Pet Training');
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue('800');

    // Unchanged: nothing to send.
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(OFFERING_MSG.nothingToChange);

    await user.clear(name);
    await user.type(name, 'pet health checkup');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(OFFERING_MSG.nameTaken));

    refuse = false;
    await user.clear(name);
    await user.type(name, 'Puppy Training');
    const price = within(dialog).getByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '950');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'pet health checkup' },
      { name: 'Puppy Training', price: 950 },
    ]);
    expect(within(rowOf('Puppy Training')).getByText('from ₹950.00')).toBeInTheDocument();
  });

  it('deactivates a service only after confirming, and activates it again', async () => {
    const user = userEvent.setup();
    const calls = fakeOfferings([checkup, training]);
    renderPage();
    await screen.findByRole('table', { name: 'Services' });
    await chooseRowAction(user, rowOf('Pet Training'), 'Pet Training', 'Deactivate Pet Training');
    let confirm = screen.getByRole('dialog', { name: 'Deactivate Pet Training?' });
    expect(confirm).toHaveAccessibleDescription(/can no longer book it/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await chooseRowAction(user, rowOf('Pet Training'), 'Pet Training', 'Deactivate Pet Training');
    confirm = screen.getByRole('dialog', { name: 'Deactivate Pet Training?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(rowOf('Pet Training')).findByText('Inactive')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/services/svc-2', { active: false }],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await chooseRowAction(user, rowOf('Pet Training'), 'Pet Training', 'Activate Pet Training');
    expect(await within(rowOf('Pet Training')).findByText('Active')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ active: true });
  });
});
