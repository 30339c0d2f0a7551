import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PET_MSG, type Pet } from '#shared/pets';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import { makePet } from '../../../test/data.ts';
import MyPetsPage from './my-pets.tsx';

const owner = makeUser({ id: 'u1', _id: 'u1' });

/** A fake server holding the customer's pets: list, add, change and archive them. */
function servePets(initial: Pet[]) {
  let pets = [...initial];
  const calls: FetchCall[] = fakeServer({
    'GET /api/pets': (call) => ({ body: pets.filter((p) => p.archived === call.url.includes('archived=true')) }),
    'GET /api/users/me/storage': () => ({
      body: { usedBytes: pets.filter((p) => p.photoUrl).length * 300 * 1024, quotaBytes: 20 * 1024 * 1024 },
    }),
    'POST /api/pets': (call) => {
      const body = call.body as Partial<Pet> & { name: string };
      const pet = makePet({ ...body, id: `p${pets.length + 1}`, ageYears: body.ageYears ?? null });
      pets.push(pet);
      return { status: 201, body: pet };
    },
    '*': (call) => {
      const photo = /^\/api\/pets\/([^/?]+)\/photo$/.exec(call.url);
      if (photo && call.method === 'PUT') return { body: pets.find((p) => p.id === photo[1]) };
      if (photo && call.method === 'DELETE') {
        pets = pets.map((p) => (p.id === photo[1] ? { ...p, photoUrl: null } : p));
        return { body: pets.find((p) => p.id === photo[1]) };
      }
      const m = /^\/api\/pets\/([^/?]+)$/.exec(call.url);
      const pet = m && pets.find((p) => p.id === m[1]);
      if (!pet) return undefined;
      if (call.method === 'PUT') {
        const changed = { ...pet, ...(call.body as Partial<Pet>) };
        pets = pets.map((p) => (p.id === pet.id ? changed : p));
        return { body: changed };
      }
      if (call.method === 'DELETE') {
        pets = pets.map((p) => (p.id === pet.id ? { ...p, archived: true } : p));
        return { body: { ...pet, archived: true } };
      }
      return undefined;
    },
  });
  return calls;
}

function renderPage() {
  storeSignedIn(owner);
  return renderApp(<MyPetsPage />, { path: '/customer/pets' });
}

describe('My pets', () => {
  it('shows the empty state with Add a pet, and adds one through the form', async () => {
    const calls = servePets([]);
    renderPage();
    expect(await screen.findByText('No pets yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a pet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a pet' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Mittens');
    await userEvent.selectOptions(within(dialog).getByLabelText('Species'), 'cat');
    await userEvent.type(within(dialog).getByLabelText('Breed'), 'Siamese');
    await userEvent.selectOptions(within(dialog).getByLabelText('Sex'), 'female');
    await userEvent.click(within(dialog).getByLabelText('I know the age in years'));
    await userEvent.type(within(dialog).getByLabelText('Age in years'), '2');
    await userEvent.type(within(dialog).getByLabelText('Weight (kg)'), '4.2');
    await userEvent.type(within(dialog).getByLabelText('Allergies'), 'Chicken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Mittens',
      species: 'cat',
      breed: 'Siamese',
      sex: 'female',
      birthDate: null,
      ageYears: 2,
      weightKg: 4.2,
      markings: null,
      microchip: null,
      allergies: 'Chicken',
      notes: null,
    });
    const card = await screen.findByRole('article', { name: 'Mittens' });
    expect(within(card).getByText(/Cat · Siamese · 2 years · 4.2 kg/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Mittens' })).toHaveAttribute('href', '/customer/pets/p1');
    expect(await screen.findByText('Mittens is added')).toBeInTheDocument();
  });

  it('says what is wrong before sending: a missing name, a weight of 0', async () => {
    const calls = servePets([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a pet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a pet' });
    await userEvent.type(within(dialog).getByLabelText('Weight (kg)'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));

    const name = within(dialog).getByLabelText(/^Name/);
    expect(await within(dialog).findByText(PET_MSG.nameRequired)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(PET_MSG.weightInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's message by its field (a birth date in the clinic's future)", async () => {
    fakeServer({
      'GET /api/pets': () => ({ body: [] }),
      'POST /api/pets': () => ({
        status: 400,
        body: {
          error: PET_MSG.birthDateFuture,
          message: PET_MSG.birthDateFuture,
          code: 'VALIDATION',
          details: [{ path: 'birthDate', message: PET_MSG.birthDateFuture }],
        },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a pet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a pet' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Rex');
    await userEvent.type(within(dialog).getByLabelText('Birth date'), '2026-01-02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
    expect(await within(dialog).findByText(PET_MSG.birthDateFuture)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Birth date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a pet: the form starts with its details and sends the change', async () => {
    const calls = servePets([makePet({ allergies: 'Pollen' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Bruno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bruno' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Bruno');
    expect(within(dialog).getByLabelText('Age in years')).toHaveValue(3);
    const weight = within(dialog).getByLabelText('Weight (kg)');
    await userEvent.clear(weight);
    await userEvent.type(weight, '30');
    await userEvent.clear(within(dialog).getByLabelText('Allergies'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/pets/p1');
    expect(put?.body).toMatchObject({ name: 'Bruno', weightKg: 30, allergies: null, ageYears: 3 });
    const card = await screen.findByRole('article', { name: 'Bruno' });
    expect(within(card).getByText(/30 kg/)).toBeInTheDocument();
  });

  it('asks before archiving, and archives only on confirmation', async () => {
    const calls = servePets([makePet(), makePet({ id: 'p2', name: 'Kitty', species: 'cat' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Bruno' }));
    const ask = await screen.findByRole('dialog', { name: 'Archive Bruno?' });
    expect(within(ask).getByText(/Past bookings and visit records are kept/)).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('article', { name: 'Bruno' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Archive Bruno' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Archive Bruno?' })).getByRole('button', { name: 'Archive' }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bruno' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/pets/p1']);
    expect(screen.getByRole('article', { name: 'Kitty' })).toBeInTheDocument();
  });

  it('sends the chosen photo once the pet is saved, and refuses a file that is not an image', async () => {
    const calls = servePets([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a pet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a pet' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Snap');
    const input = within(dialog).getByLabelText('Photo');
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await within(dialog).findByText(PET_MSG.photoType)).toBeInTheDocument();
    await userEvent.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'snap.png', { type: 'image/png' }),
    );
    expect(within(dialog).queryByText(PET_MSG.photoType)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const upload = calls.find((c) => c.method === 'PUT' && c.url === '/api/pets/p1/photo');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('photo') as File).name).toBe('snap.png');
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    fakeServer({
      'GET /api/pets': () =>
        fail ? { status: 503, body: { error: 'Unavailable', code: 'UNAVAILABLE' } } : { body: [makePet()] },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your pets.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Bruno' })).toBeInTheDocument();
  });

  it("says how much photo space is used, and removes an archived pet's photo after asking", async () => {
    const calls = servePets([
      makePet({ id: 'p1', name: 'Bruno' }),
      makePet({ id: 'p2', name: 'Old Tom', species: 'cat', archived: true, photoUrl: '/api/pets/p2/photo?v=1' }),
    ]);
    renderPage();
    expect(await screen.findByText('Photos take up 300 kB of your 20.0 MB.')).toBeInTheDocument();
    const archived = await screen.findByRole('region', { name: 'Archived pets' });
    expect(within(archived).getByRole('link', { name: 'Old Tom' })).toHaveAttribute('href', '/customer/pets/p2');

    await userEvent.click(within(archived).getByRole('button', { name: 'Remove photo of Old Tom' }));
    const dialog = await screen.findByRole('dialog', { name: "Remove Old Tom's photo?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));

    expect(await screen.findByText("Old Tom's photo is removed")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/pets/p2/photo']);
    expect(await screen.findByText('Photos take up 0 kB of your 20.0 MB.')).toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: /Remove photo/ })).not.toBeInTheDocument();
  });
});
