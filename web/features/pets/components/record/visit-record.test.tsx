import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatWhen } from '#shared/dates';
import type { ClinicalNote, PetDocument } from '#shared/pet-record';
import { axeViolations } from '../../../../test/axe.ts';
import { makeBooking, makePet } from '../../../../test/data.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../../test/utils.tsx';
import PetRecordPage from '../../pages/pet-record.tsx';

vi.mock('socket.io-client', () => import('../../../../test/fake-socket.ts'));

const visit = makeBooking({
  id: '5b2b0000-0000-4000-8000-000000000002',
  status: 'completed',
  visit: {
    findings: 'Sprained paw',
    treatment: null,
    medicines: null,
    weightKg: null,
    nextDueDate: null,
    nextDueReason: null,
    recordedByName: 'Dr. Vet',
    recordedAt: '2026-03-04T06:00:00.000Z',
  },
});
const VISIT_NAME = `Pet Health Checkup, ${formatWhen(visit.date, visit.time)}`;

const note = (over: Partial<ClinicalNote>): ClinicalNote => ({
  id: 'n1',
  petId: 'p1',
  bookingId: visit.id,
  text: 'Left fore limb sore on palpation',
  authorName: 'Dr. Vet',
  createdAt: '2026-03-04T06:10:00.000Z',
  correctsId: null,
  correctedById: null,
  ...over,
});

const doc = (over: Partial<PetDocument>): PetDocument => ({
  id: 'd1',
  petId: 'p1',
  bookingId: visit.id,
  title: 'X-ray of the left paw',
  kind: 'xray',
  mime: 'image/png',
  size: 2048,
  staffOnly: false,
  uploadedByName: 'Dr. Vet',
  uploadedAt: '2026-03-04T06:20:00.000Z',
  url: '/api/documents/d1',
  ...over,
});

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...extra,
    'GET /api/pets/p1': () => ({ body: makePet() }),
    'GET /api/pets/p1/timeline': () => ({ body: [visit] }),
    'GET /api/pets/p1/weights': () => ({ body: [] }),
    'GET /api/pets/p1/prescriptions': () => ({ body: [] }),
    'GET /api/pets/p1/alerts': () => ({ body: { alerts: [], history: [] } }),
    'GET /api/pets/p1/care-status': () => ({ body: [] }),
    'GET /api/pets/p1/vaccinations': () => ({ body: [] }),
    'GET /api/vaccines': () => ({ body: [] }),
    'GET /api/pets/p1/documents': () => ({
      body: [doc({}), doc({ id: 'd2', title: 'Lab report of the pet', bookingId: null, kind: 'lab_report' })],
    }),
  });
}

describe("a visit's record on the pet's page", () => {
  it('staff read the clinical notes of a visit, add one and correct one; the corrected note stays, marked', async () => {
    storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Dr. Vet' }));
    let notes = [
      note({ id: 'n2', text: 'Owner says he jumped off the sofa', createdAt: '2026-03-04T06:15:00.000Z' }),
      note({}),
    ];
    const calls = serve({
      'GET /api/pets/p1/clinical-notes': () => ({ body: notes }),
      'POST /api/pets/p1/clinical-notes': (call) => {
        const body = call.body as { text: string; correctsId: string | null };
        const added = note({ id: `n${notes.length + 1}`, text: body.text, correctsId: body.correctsId });
        notes = [added, ...notes.map((n) => (n.id === body.correctsId ? { ...n, correctedById: added.id } : n))];
        return { status: 201, body: added };
      },
    });
    renderApp(<PetRecordPage />, { path: '/employee/pets/:id', at: '/employee/pets/p1' });

    const article = await screen.findByRole('article', { name: VISIT_NAME });
    const list = await within(article).findByRole('list', { name: `Clinical notes of ${VISIT_NAME}` });
    // Oldest first, as they were written.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Left fore limb sore'), expect.stringContaining('jumped off the sofa')]);
    // The visit's own documents are under it; the pet's other documents are not.
    const docs = within(article).getByRole('list', { name: `Documents of ${VISIT_NAME}` });
    expect(within(docs).getByText('X-ray of the left paw')).toBeInTheDocument();
    expect(within(article).queryByText('Lab report of the pet')).not.toBeInTheDocument();

    await userEvent.click(within(article).getByRole('button', { name: `Add a clinical note to ${VISIT_NAME}` }));
    let dialog = await screen.findByRole('dialog', { name: `Clinical note on ${VISIT_NAME}` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText('Note is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Recheck in a week');
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(list).findByText('Recheck in a week')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      bookingId: visit.id,
      text: 'Recheck in a week',
      correctsId: null,
    });

    // Correcting the first note appends a new one that names it; the old one stays, marked.
    const first = within(list).getByText('Left fore limb sore on palpation').closest('li')!;
    await userEvent.click(within(first).getByRole('button', { name: /^Correct the note of / }));
    dialog = await screen.findByRole('dialog', { name: 'Correct a clinical note' });
    const field = within(dialog).getByLabelText('Corrected note');
    expect(field).toHaveValue('Left fore limb sore on palpation');
    await userEvent.clear(field);
    await userEvent.type(field, 'Right fore limb sore on palpation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const corrected = (await within(list).findByText('Right fore limb sore on palpation')).closest('li')!;
    expect(corrected).toHaveTextContent(/^Correction of the note of /);
    const old = within(list).getByText('Left fore limb sore on palpation').closest('li')!;
    expect(old).toHaveTextContent('Corrected by a later note');
    expect(within(old).queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      bookingId: visit.id,
      text: 'Right fore limb sore on palpation',
      correctsId: 'n1',
    });
  });

  it('staff attach a document to the visit: the upload names the visit', async () => {
    storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Dr. Vet' }));
    const calls = serve({
      'GET /api/pets/p1/clinical-notes': () => ({ body: [] }),
      'POST /api/pets/p1/documents': () => ({ status: 201, body: doc({ id: 'd3', title: 'Consent form' }) }),
    });
    renderApp(<PetRecordPage />, { path: '/employee/pets/:id', at: '/employee/pets/p1' });
    const article = await screen.findByRole('article', { name: VISIT_NAME });
    expect(await within(article).findByText('No clinical notes on this visit.')).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: `Attach a document to ${VISIT_NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Attach a document to ${VISIT_NAME}` });
    await userEvent.upload(
      within(dialog).getByLabelText('File'),
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'consent.pdf', { type: 'application/pdf' }),
    );
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Consent form');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(sent.get('bookingId')).toBe(visit.id);
    expect(sent.get('title')).toBe('Consent form');
  });

  it('a customer sees the documents of the visit but never asks for or shows clinical notes', async () => {
    storeSignedIn(makeUser({ id: 'u1', _id: 'u1' }));
    const calls = serve();
    renderApp(<PetRecordPage />, { path: '/customer/pets/:id', at: '/customer/pets/p1' });
    const article = await screen.findByRole('article', { name: VISIT_NAME });
    expect(await within(article).findByText('X-ray of the left paw')).toBeInTheDocument();
    expect(within(article).queryByText(/Clinical notes/)).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: /Attach a document/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('clinical-notes'))).toBe(false);
    expect(await axeViolations(article)).toEqual([]);
  });
});
