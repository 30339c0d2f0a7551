import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VACCINE_MSG, type Vaccine } from '#shared/vaccines';
import { ApiError } from '../../../lib/api-client.ts';
import { axeViolations } from '../../../test/axe.ts';
import { makeBooking, makePet } from '../../../test/data.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import { CompleteVisitDialog, type CompleteVisitRequest } from './complete-visit-dialog.tsx';

const vaccine = (over: Partial<Vaccine>): Vaccine => ({
  id: 'v-dhppi',
  name: 'DHPPi',
  species: ['dog'],
  kind: 'vaccine',
  seriesDoses: 3,
  seriesIntervalDays: 21,
  boosterIntervalDays: 365,
  active: true,
  ...over,
});

function setUp() {
  storeSignedIn(makeUser({ id: 'e1', _id: 'e1', role: 'employee', name: 'Dr. Vet' }));
  fakeServer({
    'GET /api/pets/p1': () => ({ body: makePet() }),
    'GET /api/vaccines': () => ({
      body: [vaccine({}), vaccine({ id: 'v-fvrcp', name: 'FVRCP', species: ['cat'] })],
    }),
  });
  const sent: { body: CompleteVisitRequest; failed: (err: unknown) => void }[] = [];
  const onSubmit = vi.fn((body: CompleteVisitRequest, failed: (err: unknown) => void) => sent.push({ body, failed }));
  renderApp(
    <CompleteVisitDialog
      booking={makeBooking({ status: 'confirmed' })}
      submitting={false}
      onSubmit={onSubmit}
      onClose={() => {}}
    />,
  );
  return { sent, onSubmit };
}

describe('Complete visit with the doses given', () => {
  it("offers the catalogue for the pet's species and sends the doses with the visit", async () => {
    const { sent } = setUp();
    const dialog = await screen.findByRole('dialog', { name: 'Complete visit' });
    await userEvent.type(within(dialog).getByLabelText('Findings'), 'Healthy puppy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a dose' }));
    const select = within(dialog).getByLabelText(/Dose 1: vaccine or treatment/);
    await waitFor(() => expect(within(select).getByRole('option', { name: 'DHPPi (vaccine)' })).toBeInTheDocument());
    // A cat's vaccine is not offered for a dog.
    expect(within(select).queryByRole('option', { name: /FVRCP/ })).not.toBeInTheDocument();

    // What a dose needs is asked for before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record visit' }));
    expect(await within(dialog).findByText('Pick the vaccine or treatment.')).toBeInTheDocument();
    expect(within(dialog).getByText(VACCINE_MSG.batchRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.selectOptions(select, 'v-dhppi');
    await userEvent.type(within(dialog).getByLabelText('Dose 1: manufacturer'), 'MSD Animal Health');
    await userEvent.type(within(dialog).getByLabelText(/Dose 1: batch \(lot\) number/), 'A123B');
    await userEvent.type(within(dialog).getByLabelText(/Dose 1: batch expiry date/), '2027-01-31');
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record visit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      findings: 'Healthy puppy',
      doses: [
        {
          vaccineId: 'v-dhppi',
          batch: 'A123B',
          expiresOn: '2027-01-31',
          manufacturer: 'MSD Animal Health',
          product: null,
        },
      ],
    });
  });

  it("shows the server's reason for an expired batch beside that dose and keeps what was typed", async () => {
    const { sent } = setUp();
    const dialog = await screen.findByRole('dialog', { name: 'Complete visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a dose' }));
    const select = within(dialog).getByLabelText(/Dose 1: vaccine or treatment/);
    await waitFor(() => expect(within(select).getByRole('option', { name: 'DHPPi (vaccine)' })).toBeInTheDocument());
    await userEvent.selectOptions(select, 'v-dhppi');
    await userEvent.type(within(dialog).getByLabelText(/Dose 1: batch \(lot\) number/), 'OLD1');
    await userEvent.type(within(dialog).getByLabelText(/Dose 1: batch expiry date/), '2026-03-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record visit' }));
    await waitFor(() => expect(sent).toHaveLength(1));

    const message = VACCINE_MSG.batchExpired('OLD1', '2026-03-01', '2026-03-04');
    sent[0]!.failed(new ApiError(400, 'VALIDATION', message, [{ path: 'doses.0.expiresOn', message }]));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    const expiry = within(dialog).getByLabelText(/Dose 1: batch expiry date/);
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(expiry).toHaveAccessibleDescription(message);
    expect(within(dialog).getByLabelText(/Dose 1: batch \(lot\) number/)).toHaveValue('OLD1');

    // Removing the dose sends the visit alone.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove dose 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record visit' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).not.toHaveProperty('doses');
  });
});
