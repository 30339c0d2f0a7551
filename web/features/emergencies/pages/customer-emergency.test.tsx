import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMERGENCY_CHANGED_EVENT,
  EMERGENCY_MSG,
  type Emergency,
  type EmergencyChangedEvent,
} from '#shared/emergencies';
import { SocketProvider } from '../../../lib/socket.ts';
import { makeEmergency, makePet } from '../../../test/data.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import {
  fakeServer,
  makeUser,
  renderApp,
  storeSignedIn,
  type FakeHandler,
  type FetchCall,
} from '../../../test/utils.tsx';
import CustomerEmergencyPage from './customer-emergency.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

const CONFIG = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '1 Park Street', phone: '+91 33 4000 1234', email: 'c@p.test', hours: '' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

let mine: Emergency[];
let calls: FetchCall[];

const PET_NAMES: Record<string, string> = { p1: 'Bruno', p2: 'Misty' };

/** The server's answer to a request: stored as sent, the pet's name taken from My pets. */
const stored: FakeHandler = (c) => {
  const body = c.body as { petId?: string; petName?: string; address?: string } & Partial<Emergency>;
  return {
    status: 201,
    body: makeEmergency({
      ...body,
      petId: body.petId ?? null,
      petName: body.petId ? PET_NAMES[body.petId] : body.petName,
      address: body.address ?? null,
    }),
  };
};

function serve(post: FakeHandler = stored) {
  calls = fakeServer({
    'GET /api/emergencies': () => ({ body: mine }),
    'POST /api/emergencies': post,
    'GET /api/pets': () => ({ body: [makePet(), makePet({ id: 'p2', name: 'Misty', species: 'cat' })] }),
    'GET /api/config': () => ({ body: CONFIG }),
  });
}

beforeEach(() => {
  storeSignedIn(makeUser({ phone: '9123456780', address: '12 Lake Road, Kolkata' }));
  mine = [];
  serve();
});

async function openPage() {
  renderApp(
    <SocketProvider>
      <CustomerEmergencyPage />
    </SocketProvider>,
    { path: '/customer/emergency' },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return lastSocket()!;
}

const listReads = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/emergencies').length;
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send emergency request' }));

describe('/customer/emergency form', () => {
  it('says what is missing at each field, and asks for the address only for a pickup, prefilled', async () => {
    await openPage();
    const pet = await screen.findByRole('combobox', { name: /^Pet/ });
    await waitFor(() => expect(pet).toBeEnabled());
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('9123456780');
    expect(screen.queryByRole('textbox', { name: /Pickup address/ })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByRole('textbox', { name: /^Phone/ }));
    await send();
    expect(pet).toHaveAccessibleDescription(EMERGENCY_MSG.petRequired);
    expect(pet).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /What happened/ })).toHaveAccessibleDescription(EMERGENCY_MSG.describe);
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(pet, 'Another pet');
    await send();
    expect(screen.getByRole('textbox', { name: /Pet's name/ })).toHaveAccessibleDescription(EMERGENCY_MSG.petRequired);

    await userEvent.click(screen.getByRole('radio', { name: 'Please collect my pet' }));
    const address = screen.getByRole('textbox', { name: /Pickup address/ });
    expect(address).toHaveValue('12 Lake Road, Kolkata');
    await userEvent.clear(address);
    await send();
    expect(address).toHaveAccessibleDescription(EMERGENCY_MSG.addressRequired);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the chosen pet, then shows the live status with focus on it and the clinic phone to call', async () => {
    const socket = await openPage();
    const pet = await screen.findByRole('combobox', { name: /^Pet/ });
    await waitFor(() => expect(pet).toBeEnabled());
    await userEvent.selectOptions(pet, 'Misty');
    await userEvent.type(screen.getByRole('textbox', { name: /What happened/ }), 'Fell from the balcony');
    await userEvent.click(screen.getByRole('radio', { name: 'Please collect my pet' }));
    await send();

    const heading = await screen.findByRole('heading', { name: 'Your emergency request for Misty' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      petId: 'p2',
      description: 'Fell from the balcony',
      phone: '9123456780',
      needsPickup: true,
      address: '12 Lake Road, Kolkata',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for a vet');
    expect(screen.queryByRole('button', { name: 'Send emergency request' })).not.toBeInTheDocument();
    const call = screen.getAllByRole('link', { name: '+91 33 4000 1234' });
    expect(call[0]).toHaveAttribute('href', 'tel:+913340001234');

    // Staff acknowledge it, then a vet takes it: the page follows the events alone.
    const reads = listReads();
    const raised = makeEmergency({ petId: 'p2', petName: 'Misty', needsPickup: true, address: '12 Lake Road' });
    const event = (over: Partial<Emergency>): EmergencyChangedEvent => ({
      action: 'updated',
      emergency: { ...raised, ...over },
    });
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, event({ status: 'acknowledged' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('A vet has seen your request'));
    act(() =>
      socket.serverSends(
        EMERGENCY_CHANGED_EVENT,
        event({ status: 'assigned', assignedToId: 'e1', assignedToName: 'Night Vet' }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Assigned to Night Vet'));
    act(() => socket.serverSends(EMERGENCY_CHANGED_EVENT, event({ status: 'resolved' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Resolved'));
    expect(listReads()).toBe(reads);

    // Resolved, it stays on screen until the customer asks for help again.
    await userEvent.click(screen.getByRole('button', { name: 'Ask for help again' }));
    expect(screen.getByRole('button', { name: 'Send emergency request' })).toBeInTheDocument();
  });

  it("puts the server's field message at its field, and a refusal of anything else above the button", async () => {
    serve(() => ({
      status: 400,
      body: {
        error: 'Phone number must be 10 digits',
        code: 'VALIDATION',
        details: [{ path: 'phone', message: 'Phone number must be 10 digits' }],
      },
    }));
    await openPage();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Pet/ })).toBeEnabled());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Pet/ }), 'Bruno');
    await userEvent.type(screen.getByRole('textbox', { name: /What happened/ }), 'Limping');
    await send();
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Phone number must be 10 digits'));
    expect(phone).toHaveFocus();

    serve(() => ({ status: 403, body: { error: EMERGENCY_MSG.staffOnly, code: 'FORBIDDEN' } }));
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(EMERGENCY_MSG.staffOnly);
  });

  it("shows the open request with the server's words when one is already open (409)", async () => {
    await openPage();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Pet/ })).toBeEnabled());
    // Raised meanwhile in another tab.
    const open = makeEmergency({ status: 'acknowledged' });
    serve(() => {
      mine = [open];
      return { status: 409, body: { error: EMERGENCY_MSG.oneOpen, code: 'EMERGENCY_OPEN' } };
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Pet/ }), 'Bruno');
    await userEvent.type(screen.getByRole('textbox', { name: /What happened/ }), 'Vomiting');
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(EMERGENCY_MSG.oneOpen);
    const heading = await screen.findByRole('heading', { name: 'Your emergency request for Bruno' });
    expect(screen.getByRole('status')).toHaveTextContent('A vet has seen your request');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('opens on the status of an unresolved request, whatever the hour, without the form', async () => {
    mine = [makeEmergency({ status: 'assigned', assignedToId: 'e1', assignedToName: 'Night Vet' })];
    await openPage();
    const status = await screen.findByRole('heading', { name: 'Your emergency request for Bruno' });
    const section = status.closest('section')!;
    expect(within(section).getByRole('status')).toHaveTextContent('Assigned to Night Vet');
    expect(within(section).getByText('Assigned to Night Vet', { selector: 'li' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.queryByRole('button', { name: 'Send emergency request' })).not.toBeInTheDocument();
  });

  it("shows the staff's notes to the customer as they come", async () => {
    const at = new Date().toISOString();
    mine = [
      makeEmergency({
        status: 'acknowledged',
        events: [
          { status: 'open', triageLevel: null, note: null, actorName: 'Pet Owner', at },
          {
            status: 'acknowledged',
            triageLevel: 1,
            note: 'Keep him warm; we call in 5 minutes.',
            actorName: 'Dr. Rao',
            at,
          },
        ],
      }),
    ];
    await openPage();
    const notes = await screen.findByRole('region', { name: 'Notes from the clinic' });
    expect(notes).toHaveTextContent('Keep him warm; we call in 5 minutes.');
    expect(notes).toHaveTextContent('Dr. Rao');
  });

  it('a request resolved today opens on its outcome, not on an empty form, until the customer asks again', async () => {
    const at = new Date().toISOString();
    mine = [
      makeEmergency({
        status: 'resolved',
        createdAt: at,
        updatedAt: at,
        events: [
          { status: 'open', triageLevel: null, note: null, actorName: 'Pet Owner', at },
          {
            status: 'resolved',
            triageLevel: 2,
            note: 'Treated for poisoning; home tonight.',
            actorName: 'Dr. Rao',
            at,
          },
        ],
      }),
    ];
    await openPage();
    const heading = await screen.findByRole('heading', { name: 'Your emergency request for Bruno' });
    const section = heading.closest('section')!;
    expect(within(section).getByRole('status')).toHaveTextContent('Resolved');
    expect(within(section).getByText('Treated for poisoning; home tonight.')).toBeInTheDocument();
    expect(within(section).getByText(/Resolved by Dr. Rao on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send emergency request' })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Ask for help again' }));
    expect(await screen.findByRole('button', { name: 'Send emergency request' })).toBeInTheDocument();
  });

  it('a request resolved days ago leaves the page on the form', async () => {
    const old = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    mine = [makeEmergency({ status: 'resolved', createdAt: old, updatedAt: old })];
    await openPage();
    expect(await screen.findByRole('button', { name: 'Send emergency request' })).toBeInTheDocument();
  });

  it('asks for the name when the customer has no pets on file', async () => {
    calls = fakeServer({
      'GET /api/emergencies': () => ({ body: [] }),
      'POST /api/emergencies': stored,
      'GET /api/pets': () => ({ body: [] }),
      'GET /api/config': () => ({ body: CONFIG }),
    });
    await openPage();
    const name = await screen.findByRole('textbox', { name: /Pet's name/ });
    expect(screen.queryByRole('combobox', { name: /^Pet/ })).not.toBeInTheDocument();
    await userEvent.type(name, 'Stray');
    await userEvent.type(screen.getByRole('textbox', { name: /What happened/ }), 'Hit by a scooter');
    await send();
    expect(await screen.findByRole('heading', { name: 'Your emergency request for Stray' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ petName: 'Stray', needsPickup: false });
  });
});
