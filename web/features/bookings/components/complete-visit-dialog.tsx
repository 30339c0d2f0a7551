import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatWhen } from '#shared/dates';
import { CompleteVisitBodySchema, BOOKING_MSG, type CompleteVisitBody, type Booking } from '#shared/bookings';
import { VACCINE_KIND_LABEL, VACCINE_MSG, VISIT_DOSES_MAX, type VisitDoseInput } from '#shared/vaccines';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { FormField, FormTextArea } from '../../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useVaccines } from '../../../lib/care.ts';
import { usePet } from '../../../lib/pets.ts';

interface VisitForm {
  findings: string;
  treatment: string;
  medicines: string;
  weightKg: string;
  nextDueDate: string;
  nextDueReason: string;
}
const FIELDS = ['findings', 'treatment', 'medicines', 'weightKg', 'nextDueDate', 'nextDueReason'] as const;
const EMPTY: VisitForm = {
  findings: '',
  treatment: '',
  medicines: '',
  weightKg: '',
  nextDueDate: '',
  nextDueReason: '',
};
const FAILED = 'Could not record the visit. Please try again.';

/** The form's text, turned into the API's body and checked by the same schema the server uses. */
const visitFormSchema = (visitDate: string) =>
  z
    .object({
      findings: z.string(),
      treatment: z.string(),
      medicines: z.string(),
      weightKg: z.string(),
      nextDueDate: z.string(),
      nextDueReason: z.string(),
    })
    .transform((v) => ({
      ...v,
      weightKg: v.weightKg.trim() === '' ? null : Number(v.weightKg.trim()),
      nextDueDate: v.nextDueDate.trim() || null,
    }))
    .transform((v, ctx): CompleteVisitBody => {
      const body = CompleteVisitBodySchema.safeParse(v);
      if (!body.success) {
        const issues = body.error.issues.map((i) => ({ path: i.path, message: i.message }));
        // The schema checks the next-due pair only once every field parses; say it now, with the other problems.
        const reason = v.nextDueReason.trim();
        if (reason && !v.nextDueDate && !issues.some((i) => i.path[0] === 'nextDueDate'))
          issues.push({ path: ['nextDueDate'], message: BOOKING_MSG.nextDueDateRequired });
        if (!reason && v.nextDueDate && !issues.some((i) => i.path[0] === 'nextDueReason'))
          issues.push({ path: ['nextDueReason'], message: BOOKING_MSG.nextDueReasonRequired });
        for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
        return z.NEVER;
      }
      if (body.data.nextDueDate && body.data.nextDueDate <= visitDate)
        ctx.addIssue({ code: 'custom', path: ['nextDueDate'], message: BOOKING_MSG.nextDueBeforeVisit });
      return body.data;
    });

/** What "Complete visit" sends: the visit record and any doses given at the visit, recorded together. */
export type CompleteVisitRequest = CompleteVisitBody & { doses?: VisitDoseInput[] };

export interface CompleteVisitDialogProps {
  booking: Booking;
  submitting: boolean;
  /** Sends the visit; `failed` gets the server's error, shown in the dialog, which stays open with what was typed. */
  onSubmit: (body: CompleteVisitRequest, failed: (err: unknown) => void) => void;
  onClose: () => void;
}

/** One dose being typed in the dialog; `key` keeps its inputs when an earlier one is removed. */
interface DoseRow {
  key: number;
  vaccineId: string;
  product: string;
  manufacturer: string;
  batch: string;
  expiresOn: string;
}
type DoseField = Exclude<keyof DoseRow, 'key'>;
type DoseErrors = Partial<Record<DoseField, string>>;
const DOSE_FIELDS: DoseField[] = ['vaccineId', 'product', 'manufacturer', 'batch', 'expiresOn'];

let nextKey = 1;
const emptyDose = (): DoseRow => ({
  key: nextKey++,
  vaccineId: '',
  product: '',
  manufacturer: '',
  batch: '',
  expiresOn: '',
});

/** What is missing from a dose before it is sent (the server checks the rest, an expired batch included). */
function doseProblems(d: DoseRow): DoseErrors {
  const out: DoseErrors = {};
  if (!d.vaccineId) out.vaccineId = 'Pick the vaccine or treatment.';
  if (!d.batch.trim()) out.batch = VACCINE_MSG.batchRequired;
  if (!d.expiresOn) out.expiresOn = 'Give the batch expiry date.';
  return out;
}

const toVisitDose = (d: DoseRow): VisitDoseInput => ({
  vaccineId: d.vaccineId,
  batch: d.batch.trim(),
  expiresOn: d.expiresOn,
  product: d.product.trim() || null,
  manufacturer: d.manufacturer.trim() || null,
});

/**
 * The vaccines and treatments given at the visit: each from the catalogue for the pet's species, with its product,
 * manufacturer, batch and expiry. They are recorded with the visit, on its day, all or nothing.
 */
function VisitDoses({
  petId,
  doses,
  errors,
  disabled,
  onChange,
}: {
  petId: string | null;
  doses: DoseRow[];
  errors: DoseErrors[];
  disabled: boolean;
  onChange: (doses: DoseRow[]) => void;
}) {
  const vaccines = useVaccines();
  const pet = usePet(petId ?? '', { enabled: petId !== null });
  const species = pet.data?.species;
  const options = (vaccines.data ?? []).filter((v) => !species || v.species.includes(species));
  const set = (key: number, field: DoseField) => (e: { target: { value: string } }) =>
    onChange(doses.map((d) => (d.key === key ? { ...d, [field]: e.target.value } : d)));
  if (!petId) return null;
  return (
    <fieldset className="space-y-3 rounded-md border border-gray-300 p-3">
      <legend className="px-1 font-medium">Vaccines and treatments given</legend>
      {doses.length === 0 && (
        <p className="text-sm text-ink-muted">None added. Doses added here are recorded with the visit, on its day.</p>
      )}
      {vaccines.isError && (
        <p role="alert" className="text-sm font-medium text-red-900">
          {errorMessage(vaccines.error, 'Could not load the vaccines.')}
        </p>
      )}
      <ol className="space-y-4">
        {doses.map((d, i) => {
          const e = errors[i] ?? {};
          return (
            <li
              key={d.key}
              aria-label={`Dose ${i + 1}`}
              className="space-y-3 border-t border-gray-200 pt-3 first:border-0 first:pt-0"
            >
              <SelectField
                label={`Dose ${i + 1}: vaccine or treatment`}
                markRequired
                value={d.vaccineId}
                onChange={set(d.key, 'vaccineId')}
                error={e.vaccineId}
                disabled={vaccines.isPending || disabled}
              >
                <option value="">{vaccines.isPending ? 'Loading…' : 'Choose one'}</option>
                {options.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name} ({VACCINE_KIND_LABEL[v.kind].toLowerCase()})
                  </option>
                ))}
              </SelectField>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label={`Dose ${i + 1}: product (brand)`}
                  value={d.product}
                  onChange={set(d.key, 'product')}
                  error={e.product}
                  hint="The catalogue's name when empty."
                  autoComplete="off"
                  disabled={disabled}
                />
                <TextField
                  label={`Dose ${i + 1}: manufacturer`}
                  value={d.manufacturer}
                  onChange={set(d.key, 'manufacturer')}
                  error={e.manufacturer}
                  autoComplete="off"
                  disabled={disabled}
                />
                <TextField
                  label={`Dose ${i + 1}: batch (lot) number`}
                  markRequired
                  value={d.batch}
                  onChange={set(d.key, 'batch')}
                  error={e.batch}
                  autoComplete="off"
                  disabled={disabled}
                />
                <TextField
                  label={`Dose ${i + 1}: batch expiry date`}
                  type="date"
                  markRequired
                  value={d.expiresOn}
                  onChange={set(d.key, 'expiresOn')}
                  error={e.expiresOn}
                  disabled={disabled}
                />
              </div>
              <Button
                size="sm"
                variant="secondary"
                disabled={disabled}
                onClick={() => onChange(doses.filter((x) => x.key !== d.key))}
              >
                Remove dose {i + 1}
              </Button>
            </li>
          );
        })}
      </ol>
      {doses.length < VISIT_DOSES_MAX && (
        <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onChange([...doses, emptyDose()])}>
          Add a dose
        </Button>
      )}
    </fieldset>
  );
}

/**
 * Staff record what happened at a visit: notes, the weight, optionally when the pet is due back and why, and the
 * vaccines and treatments given (recorded with the visit, all or nothing).
 */
export function CompleteVisitDialog({ booking, submitting, onSubmit, onClose }: CompleteVisitDialogProps) {
  const schema = useMemo(() => visitFormSchema(booking.date), [booking.date]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [doses, setDoses] = useState<DoseRow[]>([]);
  const [doseErrors, setDoseErrors] = useState<DoseErrors[]>([]);
  const form = useForm<VisitForm, unknown, CompleteVisitBody>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { handleSubmit, setError } = form;

  const failed = (err: unknown) => {
    setServerError(errorMessage(err, FAILED));
    if (err instanceof ApiError) {
      const placed: DoseErrors[] = [];
      for (const d of err.details ?? []) {
        const dose = /^doses\.(\d+)\.(\w+)$/.exec(d.path);
        if (dose) {
          const field = DOSE_FIELDS.find((f) => f === dose[2]);
          const i = Number(dose[1]);
          if (field) placed[i] = { ...placed[i], [field]: d.message };
          continue;
        }
        const field = FIELDS.find((f) => d.path === f || d.path.endsWith(`.${f}`));
        if (field) setError(field, { message: d.message });
      }
      setDoseErrors(placed);
    }
  };

  return (
    <Dialog
      open
      title="Complete visit"
      description={
        <p className="text-sm text-ink-muted">
          {booking.petName} ({booking.ownerName}), {booking.service.name}, {formatWhen(booking.date, booking.time)}.
          Every field may be left empty; the owner sees this record on the pet&apos;s page.
        </p>
      }
      onClose={onClose}
      dismissible={!submitting}
    >
      <FormProvider {...form}>
        <form
          noValidate
          className="mt-5 space-y-4"
          onSubmit={(e) =>
            void handleSubmit((body) => {
              setServerError(null);
              const problems = doses.map(doseProblems);
              setDoseErrors(problems);
              if (problems.some((p) => Object.keys(p).length)) return;
              // Without doses the body is the visit's record alone, as before doses could be added.
              onSubmit(doses.length ? { ...body, doses: doses.map(toVisitDose) } : body, failed);
            })(e)
          }
        >
          {serverError && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
              {serverError}
            </p>
          )}
          <FormTextArea name="findings" label="Findings" className="min-h-20" />
          <FormTextArea name="treatment" label="Treatment" className="min-h-20" />
          <FormTextArea name="medicines" label="Medicines" className="min-h-20" />
          <FormField name="weightKg" label="Weight (kg)" inputMode="decimal" autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="nextDueDate" type="date" label="Next due on" />
            <FormField name="nextDueReason" label="Next due for" hint='For example "Rabies booster"' />
          </div>
          <VisitDoses
            petId={booking.petId}
            doses={doses}
            errors={doseErrors}
            disabled={submitting}
            onChange={(next) => {
              setDoses(next);
              setDoseErrors([]);
            }}
          />
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button variant="secondary" onClick={onClose} disabled={submitting}>
              Close
            </Button>
            <Button type="submit" loading={submitting}>
              Record visit
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
