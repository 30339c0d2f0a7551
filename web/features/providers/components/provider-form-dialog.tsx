import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { PROVIDER_MSG, type Provider } from '#shared/providers';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { FormField, FormSelect, FormTextArea } from '../../../components/form-field.tsx';
import { placeRefusal } from '../../../lib/form-refusal.ts';
import { useOfferings } from '../../../lib/offerings.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateProvider, useStaffAccounts, useUpdateProvider } from '../api/providers.ts';
import {
  changesOf,
  createBody,
  DAYS,
  formValuesOf,
  ProviderFormSchema,
  type ProviderFormValues,
} from '../lib/provider-form.ts';

const FIELDS = new Set<string>(['userId', 'displayName', 'qualifications', 'languages', 'bio', 'photoUrl']);
const SAVE_FAILED = 'Could not save the provider. Please try again.';
const inputClass = 'rounded-md border border-gray-300 bg-white px-2 py-1 text-ink shadow-sm';

export interface ProviderFormDialogProps {
  /** Open for a new provider (`null`) or to edit one; closed when undefined. */
  provider: Provider | null | undefined;
  onClose: () => void;
}

/** "Add provider" and "Edit": the profile, the services they do and their week, checked by the server. */
export function ProviderFormDialog({ provider, onClose }: ProviderFormDialogProps) {
  const editing = provider !== null && provider !== undefined;
  return (
    <Dialog
      open={provider !== undefined}
      title={editing ? `Edit ${provider.displayName}` : 'Add a provider'}
      description="Customers see the name, photo, qualifications, languages and bio. Hours lie inside the clinic's."
      onClose={onClose}
    >
      {provider !== undefined && <ProviderForm provider={provider} onClose={onClose} />}
    </Dialog>
  );
}

function ProviderForm({ provider, onClose }: { provider: Provider | null; onClose: () => void }) {
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const services = useOfferings();
  const staff = useStaffAccounts(!provider);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProviderFormValues>({
    resolver: zodResolver(ProviderFormSchema),
    defaultValues: formValuesOf(provider),
  });
  const { handleSubmit, setError, register, formState } = form;
  const pending = create.isPending || update.isPending;
  const bookable = (services.data ?? []).filter((s) => s.bookable);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (provider) {
        const changes = changesOf(provider, values);
        if (Object.keys(changes).length === 0) {
          setFormError(PROVIDER_MSG.nothingToChange);
          return;
        }
        await update.mutateAsync({ id: provider.id, changes });
        toast.success(`${values.displayName} saved`);
      } else {
        await create.mutateAsync(createBody(values));
        toast.success(`${values.displayName} added`);
      }
      onClose();
    } catch (err) {
      setFormError(
        placeRefusal(
          err,
          FIELDS,
          setError,
          { [PROVIDER_MSG.nameTaken]: 'displayName', [PROVIDER_MSG.userTaken]: 'userId' },
          SAVE_FAILED,
        ),
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={provider ? `Edit ${provider.displayName}` : 'New provider'}
        className="mt-4 space-y-4"
      >
        {!provider && (
          <FormSelect name="userId" label="Staff account" markRequired hint="The employee who works as this provider.">
            <option value="">{staff.isPending ? 'Loading…' : 'Pick an account'}</option>
            {(staff.data ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </FormSelect>
        )}
        <FormField
          name="displayName"
          label="Display name"
          markRequired
          autoComplete="off"
          hint="As customers see it, e.g. Dr. Ananya Mehta."
        />
        <FormField name="qualifications" label="Qualifications" autoComplete="off" />
        <FormField name="languages" label="Languages" autoComplete="off" hint="Separated by commas." />
        <FormTextArea name="bio" label="Short bio" rows={3} />
        <FormField
          name="photoUrl"
          label="Photo address"
          autoComplete="off"
          hint="An https:// address, or leave empty."
        />
        <fieldset>
          <legend className="text-sm font-medium text-ink">Services they do</legend>
          {services.isPending ? (
            <p className="text-sm text-ink-muted">Loading services…</p>
          ) : (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {bookable.map((s) => (
                <label key={s.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={s.id} {...register('serviceIds')} />
                  {s.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-ink">Weekly hours</legend>
          <div className="mt-2 space-y-2">
            {DAYS.map((d, i) => (
              <div key={d.weekday} className="flex flex-wrap items-center gap-2 text-sm">
                <label className="flex w-32 items-center gap-2">
                  <input type="checkbox" {...register(`days.${i}.works`)} />
                  {d.name}
                </label>
                <label className="flex items-center gap-1">
                  <span className="sr-only">{d.name} from</span>
                  <input type="time" step={300} className={inputClass} {...register(`days.${i}.open`)} />
                </label>
                <span aria-hidden="true">to</span>
                <label className="flex items-center gap-1">
                  <span className="sr-only">{d.name} until</span>
                  <input type="time" step={300} className={inputClass} {...register(`days.${i}.close`)} />
                </label>
                {formState.errors.days?.[i]?.close && (
                  <span className="font-medium text-red-700">{formState.errors.days[i].close.message}</span>
                )}
              </div>
            ))}
          </div>
        </fieldset>
        <FormError message={formError} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {provider ? 'Save changes' : 'Add provider'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
