import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast.ts';
import { todayIn } from '#shared/dates';
import type { PetSpecies } from '#shared/pets';
import { VACCINE_KIND_LABEL, type Dose, type DoseCreateInput } from '#shared/vaccines';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { useRecordDose, useVaccines } from '../lib/care.ts';
import { useClinicTimeZone } from '../lib/clinic-time.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { SelectField, TextField } from './field.tsx';
import { FormError } from './form-error.tsx';

export interface RecordDoseDialogProps {
  open: boolean;
  pet: { id: string; name: string; species?: PetSpecies };
  /** The visit it is given at, when recorded from the agenda. */
  bookingId?: string | null;
  /** The entry this one corrects. */
  correcting?: Dose | null;
  onClose: () => void;
}

/**
 * Staff record a dose (or correct an entry): the protocol, the product and its batch and expiry, the day given and
 * where; the next due date comes from the protocol unless staff set another with a reason. The signed-in staff
 * member is recorded as the one who gave it.
 */
export function RecordDoseDialog({ open, pet, bookingId, correcting, onClose }: RecordDoseDialogProps) {
  return (
    <Dialog
      open={open}
      title={correcting ? `Correct ${correcting.vaccineName} for ${pet.name}` : `Record a dose for ${pet.name}`}
      description={
        correcting
          ? 'The correction replaces the entry in the record; both stay, and the log says who changed what.'
          : 'The next due date follows the protocol unless you set another.'
      }
      onClose={onClose}
    >
      {open && <DoseForm pet={pet} bookingId={bookingId ?? null} correcting={correcting ?? null} onClose={onClose} />}
    </Dialog>
  );
}

type Errors = Partial<Record<keyof DoseCreateInput, string>>;

function DoseForm({
  pet,
  bookingId,
  correcting,
  onClose,
}: {
  pet: RecordDoseDialogProps['pet'];
  bookingId: string | null;
  correcting: Dose | null;
  onClose: () => void;
}) {
  const tz = useClinicTimeZone();
  const vaccines = useVaccines();
  const record = useRecordDose(pet.id);
  const [values, setValues] = useState({
    vaccineId: correcting?.vaccineId ?? '',
    product: correcting?.product ?? '',
    manufacturer: correcting?.manufacturer ?? '',
    batch: correcting?.batch ?? '',
    expiresOn: correcting?.expiresOn ?? '',
    givenOn: correcting?.givenOn ?? todayIn(tz),
    site: correcting?.site ?? '',
    nextDueOn: '',
    nextDueReason: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const options = (vaccines.data ?? []).filter(
    (v) => !pet.species || v.species.includes(pet.species) || v.id === values.vaccineId,
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Errors = {};
    if (!values.vaccineId) missing.vaccineId = 'Pick the vaccine or treatment.';
    if (!values.batch.trim()) missing.batch = 'Batch (lot) number is required';
    if (!values.expiresOn) missing.expiresOn = 'Give the batch expiry date.';
    if (!values.givenOn) missing.givenOn = 'Give the date it was given.';
    if (values.nextDueOn && !values.nextDueReason.trim()) missing.nextDueReason = 'Say why the next due date differs.';
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length) return;
    const body: DoseCreateInput = {
      vaccineId: values.vaccineId,
      givenOn: values.givenOn,
      batch: values.batch,
      expiresOn: values.expiresOn,
      product: values.product || null,
      manufacturer: values.manufacturer || null,
      site: values.site || null,
      bookingId,
      nextDueOn: values.nextDueOn || null,
      nextDueReason: values.nextDueOn ? values.nextDueReason : null,
      correctsId: correcting?.id ?? null,
    };
    try {
      const dose = await record.mutateAsync(body);
      toast.success(`${dose.vaccineName} recorded for ${pet.name}`);
      onClose();
    } catch (err) {
      // The server's answer goes next to the field it names; anything else above the buttons.
      const details = err instanceof ApiError ? err.details : undefined;
      const placed: Errors = {};
      for (const d of details ?? [])
        if (d.path in values || d.path === 'correctsId') placed[d.path as keyof Errors] = d.message;
      setErrors(placed);
      if (!Object.keys(placed).length || placed.correctsId) {
        setFormError(errorMessage(err, 'Could not record the dose. Please try again.'));
      }
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Dose" className="mt-4 space-y-4">
      <SelectField
        label="Vaccine or treatment"
        markRequired
        value={values.vaccineId}
        onChange={set('vaccineId')}
        error={errors.vaccineId}
        disabled={vaccines.isPending}
      >
        <option value="">{vaccines.isPending ? 'Loading…' : 'Choose one'}</option>
        {options.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name} ({VACCINE_KIND_LABEL[v.kind].toLowerCase()})
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Product (brand)"
          value={values.product}
          onChange={set('product')}
          error={errors.product}
          hint="The catalogue's name when empty."
          autoComplete="off"
        />
        <TextField
          label="Manufacturer"
          value={values.manufacturer}
          onChange={set('manufacturer')}
          error={errors.manufacturer}
          autoComplete="off"
        />
        <TextField
          label="Batch (lot) number"
          markRequired
          value={values.batch}
          onChange={set('batch')}
          error={errors.batch}
          autoComplete="off"
        />
        <TextField
          label="Batch expiry date"
          type="date"
          markRequired
          value={values.expiresOn}
          onChange={set('expiresOn')}
          error={errors.expiresOn}
        />
        <TextField
          label="Date given"
          type="date"
          markRequired
          value={values.givenOn}
          onChange={set('givenOn')}
          error={errors.givenOn}
        />
        <TextField
          label="Site"
          value={values.site}
          onChange={set('site')}
          error={errors.site}
          hint="Left shoulder, oral…"
          autoComplete="off"
        />
        <TextField
          label="Next due date"
          type="date"
          value={values.nextDueOn}
          onChange={set('nextDueOn')}
          error={errors.nextDueOn}
          hint="Leave empty to follow the protocol."
        />
        {values.nextDueOn && (
          <TextField
            label="Why another due date"
            markRequired
            value={values.nextDueReason}
            onChange={set('nextDueReason')}
            error={errors.nextDueReason}
            autoComplete="off"
          />
        )}
      </div>
      <FormError message={formError} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={record.isPending}>
          {correcting ? 'Save correction' : 'Record dose'}
        </Button>
      </div>
    </form>
  );
}
