import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { RegisterFieldsSchema } from '#shared/auth';
import { BLOOD_GROUPS, IDENTITY_PROOF_MAX_BYTES, IDENTITY_PROOF_MIMES } from '#shared/account-rules';
import { REDIRECT_DELAY_MS } from '#shared/ui-timings';
import { MSG } from '#shared/messages';
import { Button } from '../../../components/button.tsx';
import { EmailField, NewPasswordField } from '../../../components/account-fields.tsx';
import { FormField, FormSelect } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useRegisterMutation } from '../api/register.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';

/** The shared registration rules plus the identity-proof file the browser holds. */
export const RegisterFormSchema = RegisterFieldsSchema.omit({ role: true }).extend({
  identityProof: z
    .custom<FileList | null | undefined>()
    .refine((files) => !!files && files.length > 0, MSG.identityProofRequired)
    .refine((files) => !files?.[0] || files[0].size <= IDENTITY_PROOF_MAX_BYTES, 'Identity proof must be at most 5 MB')
    .refine(
      (files) => !files?.[0] || (IDENTITY_PROOF_MIMES as readonly string[]).includes(files[0].type),
      'Identity proof must be an image (PNG, JPEG, WebP) or a PDF',
    ),
});
type RegisterFormInput = z.input<typeof RegisterFormSchema>;

const FORM_FIELDS = new Set(['name', 'email', 'password', 'phone', 'address', 'bloodGroup', 'identityProof']);

/** /register: creates a customer account; a toast, then /login after 2 s. */
export default function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const mutation = useRegisterMutation();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm<RegisterFormInput, unknown, z.output<typeof RegisterFormSchema>>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '', password: '', phone: '', address: '', bloodGroup: '' },
  });
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit(async ({ identityProof, ...fields }) => {
    try {
      const { token, user } = await mutation.mutateAsync({ ...fields, identityProof: identityProof![0]! });
      session.login(token, user);
      toast.success(`Registration successful! You are signed in as ${user.name}.`);
      setRedirecting(true);
      timer.current = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    } catch (err) {
      const serverSide = err instanceof ApiError && err.status >= 400 && err.status < 500;
      toast.error(serverSide && err.message ? err.message : MSG.registrationFailed);
      if (serverSide) {
        for (const d of err.details ?? []) {
          if (FORM_FIELDS.has(d.path)) setError(d.path as Path<RegisterFormInput>, { message: d.message });
        }
        if (err.code === 'EMAIL_TAKEN') setError('email', { message: err.message });
      }
    }
  });

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your Pawcare account to book visits, order supplies and chat with our team."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
            Log in
          </Link>
        </>
      }
    >
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <ReadyFieldset className="space-y-4">
            <FormField name="name" label="Name" autoComplete="name" markRequired />
            <EmailField />
            <NewPasswordField label="Password" />
            <FormField
              name="phone"
              label="Phone number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              markRequired
              hint="10 digits."
            />
            <FormField
              name="identityProof"
              label="Identity proof"
              type="file"
              accept="image/png,image/jpeg,image/webp,application/pdf"
              markRequired
              hint="A photo or PDF of an ID card, at most 5 MB. Only our staff can see it."
              className="file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-900"
            />
            <FormField name="address" label="Address (optional)" autoComplete="street-address" />
            <FormSelect name="bloodGroup" label="Blood group (optional)">
              <option value="">Not known</option>
              {BLOOD_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </FormSelect>
            <Button type="submit" className="w-full" size="lg" loading={mutation.isPending || redirecting}>
              {redirecting ? 'Redirecting…' : 'Sign Up'}
            </Button>
          </ReadyFieldset>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
