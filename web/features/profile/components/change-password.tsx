import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_MSG, ChangePasswordBodySchema } from '#shared/accounts';
import { Button } from '../../../components/button.tsx';
import { ConfirmPasswordField, NewPasswordField } from '../../../components/account-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormOutcome } from '../../../components/form-outcome.tsx';
import { CONFIRM_PASSWORD_MSG, ConfirmPasswordSchema, fieldError, showFieldErrors } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useChangePasswordMutation } from '../api/change-password.ts';

/** The server's rules (current password given, new one valid and different) and a matching confirmation. */
const ChangePasswordFormSchema = z
  .object({ ...ChangePasswordBodySchema.shape, confirmPassword: ConfirmPasswordSchema })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: ACCOUNT_MSG.newPasswordSame,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: CONFIRM_PASSWORD_MSG.mismatch,
  });
type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

const CHANGE_FAILED = 'We could not change your password. Please try again.';
const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * The profile's Change password form. The answer's fresh token replaces this browser's, so this session stays
 * signed in while every other one is signed out.
 */
export function ChangePasswordSection() {
  const { login } = useSession();
  const mutation = useChangePasswordMutation();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit, reset, setError } = form;

  // A refusal the fields do not show (too many tries, the network) and the success both take the focus.
  const fieldRefusal = FIELDS.some((f) => fieldError(mutation.error, f));

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ token, user }) => {
          login(token, user);
          reset();
        },
        onError: (err) => {
          showFieldErrors(err, FIELDS, setError);
        },
      },
    ),
  );

  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5 md:col-span-2"
    >
      <h2 id="password-heading" className="mb-1 text-lg font-semibold">
        Change password
      </h2>
      <p className="mb-4 text-sm text-ink-muted">Your other devices and browsers will be signed out.</p>
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4" aria-labelledby="password-heading">
          <FormField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            markRequired
          />
          <NewPasswordField name="newPassword" />
          <ConfirmPasswordField />
          <FormOutcome
            message={
              mutation.isSuccess
                ? ACCOUNT_MSG.passwordChanged
                : mutation.isError && !fieldRefusal
                  ? errorMessage(mutation.error, CHANGE_FAILED)
                  : ''
            }
            alert={mutation.isError}
            focusKey={mutation.submittedAt}
          />
          <Button type="submit" loading={mutation.isPending}>
            Change password
          </Button>
        </form>
      </FormProvider>
    </section>
  );
}
