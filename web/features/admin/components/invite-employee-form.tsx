import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ACCOUNT_MSG, ACCOUNT_TOKEN_MINUTES, InvitationBodySchema, type InvitationBodyInput } from '#shared/accounts';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormOutcome } from '../../../components/form-outcome.tsx';
import { fieldError, showFieldErrors } from '../../../lib/accounts.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useInviteEmployeeMutation } from '../api/invite-employee.ts';

const INVITE_FAILED = 'We could not send the invitation. Please try again.';
const FIELDS = ['name', 'email'] as const;

/**
 * The admin's Invite employee form (name and e-mail, the sign-up rules): the invitee gets a link to choose a
 * password. An address already invited gets a fresh link; one of any other account is refused on the e-mail field.
 */
export function InviteEmployeeForm() {
  const mutation = useInviteEmployeeMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<InvitationBodyInput>({
    resolver: zodResolver(InvitationBodySchema),
    defaultValues: { name: '', email: '' },
  });
  const { handleSubmit, reset, setError } = form;

  const onField = (err: unknown) =>
    (err instanceof ApiError && err.code === 'EMAIL_TAKEN') || FIELDS.some((f) => fieldError(err, f));
  const failure = mutation.isError && !onField(mutation.error) ? errorMessage(mutation.error, INVITE_FAILED) : null;

  const onSubmit = handleSubmit((values) => {
    setSent(null);
    mutation.mutate(values, {
      onSuccess: ({ employee, created }) => {
        setSent(created ? ACCOUNT_MSG.invitationSent(employee.email) : ACCOUNT_MSG.invitationResent(employee.email));
        reset();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'EMAIL_TAKEN') {
          setError('email', { message: err.message }, { shouldFocus: true });
          return;
        }
        showFieldErrors(err, FIELDS, setError);
      },
    });
  });

  return (
    <section
      aria-labelledby="invite-heading"
      className="max-w-2xl rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite employee
      </h2>
      <p className="mb-4 text-sm text-ink-muted">
        We e-mail them a link to choose their own password. It works for {ACCOUNT_TOKEN_MINUTES.invite / (24 * 60)}{' '}
        days.
      </p>
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="invite-heading" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="name" label="Name" autoComplete="off" markRequired />
            <FormField name="email" label="Email" type="email" autoComplete="off" markRequired />
          </div>
          <FormOutcome message={failure ?? sent ?? ''} alert={!!failure} focusKey={mutation.submittedAt} />
          <Button type="submit" loading={mutation.isPending}>
            Send invitation
          </Button>
        </form>
      </FormProvider>
    </section>
  );
}
