import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { PET_SEXES, PET_SPECIES, PET_YEARS_MAX, PetCreateSchema, type Pet, type PetCreateInput } from '#shared/pets';
import { PET_WEIGHT_MAX } from '#shared/bookings';
import { Button } from '../../../components/button.tsx';
import { FormField, FormSelect, FormTextArea } from '../../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreatePet } from '../../../lib/pets.ts';
import { useDeletePetPhoto } from '../api/delete-pet-photo.ts';
import { useSetPetPhoto } from '../api/set-pet-photo.ts';
import { useUpdatePet } from '../api/update-pet.ts';
import { SEX_LABEL, SPECIES_LABEL } from '../lib/format.ts';
import { PetPhotoField, usePhotoChoice } from './pet-photo-field.tsx';

/** What the form holds: text as typed, turned into the API's body by the shared PetCreateSchema on submit. */
const PetFormFields = z.object({
  name: z.string(),
  species: z.string(),
  breed: z.string(),
  sex: z.string(),
  ageKnown: z.enum(['birthDate', 'ageYears']),
  birthDate: z.string(),
  ageYears: z.string(),
  weightKg: z.string(),
  markings: z.string(),
  microchip: z.string(),
  allergies: z.string(),
  notes: z.string(),
});
const PetFormSchema = PetFormFields.transform((v): PetCreateInput => ({
  name: v.name,
  // Checked by PetCreateSchema next; a value outside the lists gets its message there.
  species: v.species as PetCreateInput['species'],
  breed: v.breed.trim() || null,
  sex: (v.sex || null) as PetCreateInput['sex'],
  birthDate: v.ageKnown === 'birthDate' ? v.birthDate.trim() || null : null,
  ageYears: v.ageKnown === 'ageYears' && v.ageYears.trim() ? Number(v.ageYears) : null,
  weightKg: v.weightKg.trim() ? Number(v.weightKg.replace(',', '.')) : null,
  markings: v.markings.trim() || null,
  microchip: v.microchip.trim() || null,
  allergies: v.allergies.trim() || null,
  notes: v.notes.trim() || null,
})).pipe(PetCreateSchema);
type PetFormValues = z.input<typeof PetFormSchema>;
type PetBody = z.output<typeof PetFormSchema>;
const FIELDS = new Set<string>(Object.keys(PetFormFields.shape));

function valuesOf(pet: Pet | undefined): PetFormValues {
  return {
    name: pet?.name ?? '',
    species: pet?.species ?? 'dog',
    breed: pet?.breed ?? '',
    sex: pet?.sex ?? '',
    ageKnown: pet && !pet.birthDate && pet.ageYears !== null ? 'ageYears' : 'birthDate',
    birthDate: pet?.birthDate ?? '',
    ageYears: pet && !pet.birthDate && pet.ageYears !== null ? String(pet.ageYears) : '',
    weightKg: pet?.weightKg === null || pet?.weightKg === undefined ? '' : String(pet.weightKg),
    markings: pet?.markings ?? '',
    microchip: pet?.microchip ?? '',
    allergies: pet?.allergies ?? '',
    notes: pet?.notes ?? '',
  };
}

/** Today on this device, for the birth date's upper bound (the server checks against the clinic's today). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Whether the birth date or the age in years is known, and that one field. */
function PetAgeFields() {
  const { register } = useFormContext<PetFormValues>();
  const ageKnown = useWatch<PetFormValues, 'ageKnown'>({ name: 'ageKnown' });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">Age</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="radio" value="birthDate" {...register('ageKnown')} />I know the birth date
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" value="ageYears" {...register('ageKnown')} />I know the age in years
        </label>
      </div>
      {ageKnown === 'birthDate' ? (
        <FormField name="birthDate" label="Birth date" type="date" min="2000-01-01" max={localToday()} />
      ) : (
        <FormField
          name="ageYears"
          label="Age in years"
          type="number"
          inputMode="numeric"
          min={0}
          max={PET_YEARS_MAX}
          step={1}
        />
      )}
    </fieldset>
  );
}

/**
 * Adds a pet (no `pet`) or edits one: every field, the birth date or the age when the date is unknown, and a photo
 * with a preview. The server's messages are shown by their fields; the photo is sent once the pet is saved.
 */
export function PetForm({ pet, onDone, onCancel }: { pet?: Pet; onDone: (pet: Pet) => void; onCancel: () => void }) {
  const create = useCreatePet();
  const update = useUpdatePet();
  const setPhoto = useSetPetPhoto();
  const deletePhoto = useDeletePetPhoto();
  const photo = usePhotoChoice();
  const form = useForm<PetFormValues, unknown, PetBody>({
    resolver: zodResolver(PetFormSchema),
    defaultValues: valuesOf(pet),
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting: busy },
  } = form;

  const onSubmit = handleSubmit(async (body) => {
    let saved: Pet;
    try {
      saved = pet ? await update.mutateAsync({ id: pet.id, body }) : await create.mutateAsync(body);
    } catch (err) {
      const message = errorMessage(err, 'Could not save the pet. Please try again.');
      const fieldErrors = err instanceof ApiError ? (err.details ?? []).filter((d) => FIELDS.has(d.path)) : [];
      for (const d of fieldErrors) setError(d.path as keyof PetFormValues, { message: d.message });
      if (fieldErrors.length === 0) toast.error(message);
      return;
    }
    try {
      if (photo.file) saved = await setPhoto.mutateAsync({ id: saved.id, file: photo.file });
      else if (photo.remove && saved.photoUrl) saved = await deletePhoto.mutateAsync(saved.id);
    } catch (err) {
      // The pet itself is saved: say so, and keep the form open on the photo.
      const message = errorMessage(err, 'Could not save the photo. Please try again.');
      photo.setError(message);
      toast.error(`${saved.name} is saved, but the photo is not: ${message}`);
      if (!pet) onDone(saved);
      return;
    }
    toast.success(pet ? `${saved.name} is updated` : `${saved.name} is added`);
    onDone(saved);
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="mt-4 space-y-4"
        aria-label={pet ? 'Edit pet' : 'Add a pet'}
      >
        <FormField name="name" label="Name" markRequired autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelect name="species" label="Species">
            {PET_SPECIES.map((s) => (
              <option key={s} value={s}>
                {SPECIES_LABEL[s]}
              </option>
            ))}
          </FormSelect>
          <FormSelect name="sex" label="Sex">
            <option value="">Not given</option>
            {PET_SEXES.map((s) => (
              <option key={s} value={s}>
                {SEX_LABEL[s]}
              </option>
            ))}
          </FormSelect>
        </div>
        <FormField name="breed" label="Breed" autoComplete="off" />
        <PetAgeFields />
        <FormField
          name="weightKg"
          label="Weight (kg)"
          type="number"
          inputMode="decimal"
          min={0}
          max={PET_WEIGHT_MAX}
          step="0.01"
        />
        <FormField name="markings" label="Markings" autoComplete="off" />
        <FormField name="microchip" label="Microchip number" autoComplete="off" inputMode="text" />
        <FormField name="allergies" label="Allergies" autoComplete="off" />
        <FormTextArea name="notes" label="Notes" />
        <PetPhotoField pet={pet} choice={photo} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {pet ? 'Save changes' : 'Add pet'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
