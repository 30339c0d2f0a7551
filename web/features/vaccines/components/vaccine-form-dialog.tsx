import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { PET_SPECIES } from '#shared/pets';
import {
  VACCINE_KINDS,
  VACCINE_KIND_LABEL,
  VACCINE_MSG,
  type Vaccine,
  type VaccineCreateInput,
  type VaccineUpdate,
} from '#shared/vaccines';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { ApiError, answer, client, errorMessage } from '../../../lib/api-client.ts';
import { careKeys } from '../../../lib/care.ts';

/** POST /api/vaccines or PUT /api/vaccines/{id} (admin); the catalogue's lists refetch. */
export function useSaveVaccine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { id?: string; body: VaccineCreateInput | VaccineUpdate }): Promise<Vaccine> =>
      a.id
        ? answer(client.PUT('/api/vaccines/{id}', { params: { path: { id: a.id } }, body: a.body }))
        : answer(client.POST('/api/vaccines', { body: a.body as VaccineCreateInput })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
}

const SPECIES_LABEL: Record<string, string> = {
  dog: 'Dogs',
  cat: 'Cats',
  bird: 'Birds',
  rabbit: 'Rabbits',
  fish: 'Fish',
  other: 'Other pets',
};

type Values = {
  name: string;
  kind: string;
  species: string[];
  seriesDoses: string;
  seriesIntervalDays: string;
  boosterIntervalDays: string;
};
type Errors = Partial<Record<keyof Values, string>>;

/** "Add a vaccine" and "Edit": name, kind, species and protocol, checked by the server, its answers by the fields. */
export function VaccineFormDialog({ vaccine, onClose }: { vaccine: Vaccine | null | undefined; onClose: () => void }) {
  return (
    <Dialog
      open={vaccine !== undefined}
      title={vaccine ? `Edit ${vaccine.name}` : 'Add a vaccine or treatment'}
      description="The protocol decides when each next dose is due. Doses already given keep their due dates."
      onClose={onClose}
    >
      {vaccine !== undefined && <VaccineForm vaccine={vaccine} onClose={onClose} />}
    </Dialog>
  );
}

function VaccineForm({ vaccine, onClose }: { vaccine: Vaccine | null; onClose: () => void }) {
  const save = useSaveVaccine();
  const [values, setValues] = useState<Values>({
    name: vaccine?.name ?? '',
    kind: vaccine?.kind ?? 'vaccine',
    species: vaccine?.species ?? ['dog'],
    seriesDoses: String(vaccine?.seriesDoses ?? 1),
    seriesIntervalDays: String(vaccine?.seriesIntervalDays ?? 0),
    boosterIntervalDays: String(vaccine?.boosterIntervalDays ?? 365),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const toggle = (s: string) =>
    setValues((v) => ({ ...v, species: v.species.includes(s) ? v.species.filter((x) => x !== s) : [...v.species, s] }));
  const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const body = {
      name: values.name,
      kind: values.kind as Vaccine['kind'],
      species: values.species as Vaccine['species'],
      seriesDoses: num(values.seriesDoses),
      seriesIntervalDays: num(values.seriesIntervalDays),
      boosterIntervalDays: num(values.boosterIntervalDays),
    };
    try {
      const saved = await save.mutateAsync({ id: vaccine?.id, body });
      toast.success(`${saved.name} saved`);
      onClose();
    } catch (err) {
      const placed: Errors = {};
      for (const d of err instanceof ApiError ? (err.details ?? []) : []) {
        const key = d.path.split('.')[0] as keyof Values;
        if (key in values) placed[key] ??= d.message;
      }
      if (err instanceof ApiError && err.message === VACCINE_MSG.nameTaken) placed.name = err.message;
      setErrors(placed);
      if (!Object.keys(placed).length) setFormError(errorMessage(err, 'Could not save. Please try again.'));
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={vaccine ? `Edit ${vaccine.name}` : 'New vaccine'}
      className="mt-4 space-y-4"
    >
      <TextField
        label="Name"
        markRequired
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        autoComplete="off"
      />
      <SelectField label="Kind" markRequired value={values.kind} onChange={set('kind')} error={errors.kind}>
        {VACCINE_KINDS.map((k) => (
          <option key={k} value={k}>
            {VACCINE_KIND_LABEL[k]}
          </option>
        ))}
      </SelectField>
      <fieldset aria-describedby={errors.species ? 'vaccine-species-error' : undefined}>
        <legend className="text-sm font-medium">Given to</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {PET_SPECIES.map((s) => (
            <label key={s} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={values.species.includes(s)}
                onChange={() => toggle(s)}
                className="h-4 w-4"
              />
              {SPECIES_LABEL[s]}
            </label>
          ))}
        </div>
        {errors.species && (
          <p id="vaccine-species-error" className="mt-1 text-sm text-red-700">
            {errors.species}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Doses in the primary series"
          inputMode="numeric"
          markRequired
          value={values.seriesDoses}
          onChange={set('seriesDoses')}
          error={errors.seriesDoses}
        />
        <TextField
          label="Days between series doses"
          inputMode="numeric"
          value={values.seriesIntervalDays}
          onChange={set('seriesIntervalDays')}
          error={errors.seriesIntervalDays}
        />
        <TextField
          label="Days between boosters"
          inputMode="numeric"
          markRequired
          value={values.boosterIntervalDays}
          onChange={set('boosterIntervalDays')}
          error={errors.boosterIntervalDays}
        />
      </div>
      <FormError message={formError} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {vaccine ? 'Save changes' : 'Add'}
        </Button>
      </div>
    </form>
  );
}
