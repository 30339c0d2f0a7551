import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { z } from 'zod';
import type { User } from '#shared/auth';
import { ADDRESS_MAX } from '#shared/account-rules';
import { EMERGENCY_DESCRIPTION_MAX, EMERGENCY_MSG, EmergencyBodySchema, type Emergency } from '#shared/emergencies';
import { ApiError } from '../../../lib/api-client.ts';
import { usePets } from '../../../lib/pets.ts';
import { useRaiseEmergency } from '../api/raise-emergency.ts';

/** The pet select's choice for a pet that is not on My pets. */
export const OTHER_PET = 'other';

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
 * The emergency request's state: the pet (picked from My pets, or typed in when there are none), the form's rules,
 * and sending it. The server's messages go next to the field they are about, anything else above the button.
 */
export function useEmergencyForm({ user, onRaised, onAlreadyOpen }: EmergencyFormProps) {
  const petsQuery = usePets();
  const pets = petsQuery.data;
  const raise = useRaiseEmergency();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
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
  const { handleSubmit, watch, setError, setFocus, setValue } = form;
  const petChoice = watch('petChoice');
  const needsPickup = watch('needsPickup') === 'yes';
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

  return {
    form,
    submit: (e: FormEvent<HTMLFormElement>) => void handleSubmit(onSubmit, onInvalid)(e),
    sending: raise.isPending,
    formError,
    petsQuery,
    noPets,
    other,
    needsPickup,
  };
}
