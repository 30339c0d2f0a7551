import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { z } from 'zod';
import type { User } from '#shared/auth';
import { ADDRESS_MAX } from '#shared/account-rules';
import { EMERGENCY_DESCRIPTION_MAX, EMERGENCY_MSG, EmergencyBodySchema, type Emergency } from '#shared/emergencies';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePets } from '../../../lib/pets.ts';
import { useRaiseEmergency } from '../api/raise-emergency.ts';

/** The pet select's choice for a pet that is not on My pets. */
const OTHER_PET = 'other';

const SEND_FAILED = 'We could not send your request. Please try again, or phone the clinic.';

const FormSchema = z
  .object({
    petChoice: z.string(),
    petName: z.string().trim().max(60, 'Pet name must be at most 60 characters'),
    description: z
      .string()
      .trim()
      .min(1, EMERGENCY_MSG.describe)
      .max(EMERGENCY_DESCRIPTION_MAX, `The description must be at most ${EMERGENCY_DESCRIPTION_MAX} characters`),
    phone: EmergencyBodySchema.shape.phone,
    needsPickup: z.enum(['no', 'yes']),
    address: z.string().trim().max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`),
  })
  .superRefine((v, ctx) => {
    if (!v.petChoice) ctx.addIssue({ code: 'custom', path: ['petChoice'], message: EMERGENCY_MSG.petRequired });
    if (v.petChoice === OTHER_PET && !v.petName)
      ctx.addIssue({ code: 'custom', path: ['petName'], message: EMERGENCY_MSG.petRequired });
    if (v.needsPickup === 'yes' && !v.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: EMERGENCY_MSG.addressRequired });
  });
type Values = z.infer<typeof FormSchema>;

/** Where each of the server's field messages goes in the form. */
const SERVER_FIELDS: Record<string, Path<Values>> = {
  petId: 'petChoice',
  petName: 'petName',
  description: 'description',
  phone: 'phone',
  needsPickup: 'needsPickup',
  address: 'address',
};

export interface EmergencyFormProps {
  user: User;
  onRaised: (e: Emergency) => void;
  /** The customer already has an unresolved request (409 EMERGENCY_OPEN): the server's message. */
  onAlreadyOpen: (message: string) => void;
}

/**
 * The emergency request: which pet, what happened, a phone to call back and whether the pet comes in or needs
 * collecting. No opening hours apply. The server's messages go next to the field they are about, anything else
 * above the button.
 */
export function EmergencyForm({ user, onRaised, onAlreadyOpen }: EmergencyFormProps) {
  const petsQuery = usePets();
  const pets = petsQuery.data;
  const raise = useRaiseEmergency();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      petChoice: '',
      petName: '',
      description: '',
      phone: user.phone ?? '',
      needsPickup: 'no',
      address: user.address ?? '',
    },
  });
  const petChoice = watch('petChoice');
  const needsPickup = watch('needsPickup') === 'yes';
  const description = watch('description');
  // Without pets on My pets (or when they cannot be loaded) the name is typed in.
  const noPets = !petsQuery.isPending && !pets?.length;
  useEffect(() => {
    if (noPets) setValue('petChoice', OTHER_PET);
  }, [noPets, setValue]);
  const other = petChoice === OTHER_PET;

  const onInvalid = (errs: FieldErrors<Values>) => {
    const first = (['petChoice', 'petName', 'description', 'phone', 'address'] as const).find((k) => errs[k]);
    if (first) setFocus(first);
  };

  const onSubmit = async (v: Values) => {
    setFormError(null);
    const pet = !other ? pets?.find((p) => p.id === v.petChoice) : undefined;
    let raised: Emergency;
    try {
      // Awaited rather than mutate's callbacks: the new request joins the customer's list at once, which unmounts
      // this form, and the page must still hear about it.
      raised = await raise.mutateAsync({
        ...(pet ? { petId: pet.id } : { petName: v.petName }),
        description: v.description,
        phone: v.phone,
        needsPickup: v.needsPickup === 'yes',
        ...(v.needsPickup === 'yes' ? { address: v.address } : {}),
      });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
        setFormError(SEND_FAILED);
        return;
      }
      if (err.code === 'EMERGENCY_OPEN') {
        onAlreadyOpen(err.message);
        return;
      }
      let placed = false;
      for (const d of err.details ?? []) {
        const field = SERVER_FIELDS[d.path];
        if (!field) continue;
        setError(field === 'petName' && !other ? 'petChoice' : field, { message: d.message }, { shouldFocus: !placed });
        placed = true;
      }
      // A pet that is no longer on My pets.
      if (!placed && err.status === 404 && pet) {
        setError('petChoice', { message: err.message }, { shouldFocus: true });
        placed = true;
      }
      if (!placed) setFormError(err.message || SEND_FAILED);
      return;
    }
    onRaised(raised);
  };

  return (
    <section aria-labelledby="emergency-form-title">
      <Card className="space-y-6">
        <h2 id="emergency-form-title" className="text-xl font-semibold">
          Ask for emergency care
        </h2>
        <form
          noValidate
          onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)}
          className="space-y-5"
          aria-busy={raise.isPending || undefined}
        >
          {!noPets && (
            <SelectField
              label="Pet"
              markRequired
              error={errors.petChoice?.message}
              disabled={petsQuery.isPending}
              hint={petsQuery.isPending ? 'Loading your pets…' : undefined}
              {...register('petChoice')}
            >
              <option value="">Choose a pet</option>
              {pets?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
              <option value={OTHER_PET}>Another pet</option>
            </SelectField>
          )}
          {other && (
            <TextField
              label="Pet's name"
              markRequired
              autoComplete="off"
              maxLength={60}
              hint={petsQuery.isError ? 'We could not load your pets; type the name.' : undefined}
              error={errors.petName?.message}
              {...register('petName')}
            />
          )}
          <TextAreaField
            label="What happened"
            markRequired
            rows={5}
            maxLength={EMERGENCY_DESCRIPTION_MAX}
            hint={`Symptoms, what your pet may have eaten, when it started. ${description.length}/${EMERGENCY_DESCRIPTION_MAX} characters`}
            error={errors.description?.message}
            {...register('description')}
          />
          <TextField
            type="tel"
            inputMode="numeric"
            label="Phone"
            markRequired
            autoComplete="tel"
            maxLength={10}
            hint="10 digits: a vet calls you back on it"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <fieldset className="space-y-2" aria-describedby={errors.needsPickup ? 'emergency-pickup-error' : undefined}>
            <legend className="text-sm font-medium text-ink">How does your pet get to us?</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['no', 'I am bringing my pet in'],
                  ['yes', 'Please collect my pet'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink"
                >
                  <input type="radio" value={value} className="h-4 w-4 accent-brand-700" {...register('needsPickup')} />
                  <span>{label}</span>
                </label>
              ))}
            </div>
            {errors.needsPickup?.message && (
              <p id="emergency-pickup-error" className="text-sm font-medium text-red-700">
                {errors.needsPickup.message}
              </p>
            )}
          </fieldset>
          {needsPickup && (
            <TextField
              label="Pickup address"
              markRequired
              autoComplete="street-address"
              maxLength={ADDRESS_MAX}
              hint="Where our van collects your pet. Prefilled from your profile; change it if needed."
              error={errors.address?.message}
              {...register('address')}
            />
          )}
          {formError && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
              {formError}
            </p>
          )}
          <Button type="submit" size="lg" variant="danger" loading={raise.isPending} className="w-full sm:w-auto">
            Send emergency request
          </Button>
        </form>
      </Card>
    </section>
  );
}
