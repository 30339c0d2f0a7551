import { FormProvider, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ADDRESS_MAX } from '#shared/account-rules';
import { EMERGENCY_DESCRIPTION_MAX } from '#shared/emergencies';
import { Button } from '../../../components/button.tsx';
import { FormField, FormSelect, FormTextArea } from '../../../components/form-field.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { OTHER_PET, useEmergencyForm, type EmergencyFormProps } from '../hooks/use-emergency-form.ts';

/** What happened, with how much of the description is left. */
function DescriptionField() {
  const description = useWatch({ name: 'description' }) as string;
  return (
    <FormTextArea
      name="description"
      label="What happened"
      markRequired
      rows={5}
      maxLength={EMERGENCY_DESCRIPTION_MAX}
      hint={`Symptoms, what your pet may have eaten, when it started. ${description.length}/${EMERGENCY_DESCRIPTION_MAX} characters`}
    />
  );
}

const PICKUP_CHOICES = [
  ['no', 'I am bringing my pet in'],
  ['yes', 'Please collect my pet'],
] as const;

/** Whether the customer brings the pet in or the clinic's van collects it. */
function PickupChoice() {
  const { register, control } = useFormContext();
  const { errors } = useFormState({ control, name: 'needsPickup' });
  const error = errors.needsPickup?.message as string | undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={errors.needsPickup ? 'emergency-pickup-error' : undefined}>
      <legend className="text-sm font-medium text-ink">How does your pet get to us?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PICKUP_CHOICES.map(([value, label]) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink"
          >
            <input type="radio" value={value} className="h-4 w-4 accent-brand-700" {...register('needsPickup')} />
            <span>{label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="emergency-pickup-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The emergency request: which pet, what happened, a phone to call back and whether the pet comes in or needs
 * collecting. No opening hours apply.
 */
export function EmergencyForm(props: EmergencyFormProps) {
  const model = useEmergencyForm(props);
  const { petsQuery, formError } = model;
  return (
    <section aria-labelledby="emergency-form-title">
      <Card className="space-y-6">
        <h2 id="emergency-form-title" className="text-xl font-semibold">
          Ask for emergency care
        </h2>
        <FormProvider {...model.form}>
          <form noValidate onSubmit={model.submit} className="space-y-5" aria-busy={model.sending || undefined}>
            {!model.noPets && (
              <FormSelect
                name="petChoice"
                label="Pet"
                markRequired
                disabled={petsQuery.isPending}
                hint={petsQuery.isPending ? 'Loading your pets…' : undefined}
              >
                <option value="">Choose a pet</option>
                {petsQuery.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
                <option value={OTHER_PET}>Another pet</option>
              </FormSelect>
            )}
            {model.other && (
              <FormField
                name="petName"
                label="Pet's name"
                markRequired
                autoComplete="off"
                maxLength={60}
                hint={petsQuery.isError ? 'We could not load your pets; type the name.' : undefined}
              />
            )}
            <DescriptionField />
            <FormField
              name="phone"
              type="tel"
              inputMode="numeric"
              label="Phone"
              markRequired
              autoComplete="tel"
              maxLength={10}
              hint="10 digits: a vet calls you back on it"
            />
            <PickupChoice />
            {model.needsPickup && (
              <FormField
                name="address"
                label="Pickup address"
                markRequired
                autoComplete="street-address"
                maxLength={ADDRESS_MAX}
                hint="Where our van collects your pet. Prefilled from your profile; change it if needed."
              />
            )}
            {formError && (
              <p
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900"
              >
                {formError}
              </p>
            )}
            <Button type="submit" size="lg" variant="danger" loading={model.sending} className="w-full sm:w-auto">
              Send emergency request
            </Button>
          </form>
        </FormProvider>
      </Card>
    </section>
  );
}
