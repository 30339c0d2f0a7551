import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ACCOUNT_MSG, ACCOUNT_TOKEN_MINUTES, ForgotPasswordBodySchema } from '#shared/accounts';
import { Button } from '../../../components/button.tsx';
import { EmailField } from '../../../components/account-fields.tsx';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useForgotPasswordMutation } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Outcome, textLinkClass } from '../components/outcome.tsx';

const SEND_FAILED = 'We could not send the reset link. Please try again.';

/**
 * /forgot-password: asks for the account's e-mail and mails a reset link. The page says the same thing whether or
 * not an account exists for the address, as the server does; only a refusal (too many requests) or a network
 * failure shows something else.
 */
export default function ForgotPasswordPage() {
  const mutation = useForgotPasswordMutation();
  const form = useForm({ resolver: zodResolver(ForgotPasswordBodySchema), defaultValues: { email: '' } });
  const { handleSubmit, setFocus } = form;

  useEffect(() => {
    if (!mutation.isSuccess) setFocus('email');
  }, [mutation.isSuccess, setFocus]);

  const onSubmit = handleSubmit((values) => mutation.mutate(values));

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={textLinkClass}>
            Back to login
          </Link>
        </>
      }
    >
      {mutation.isSuccess ? (
        <Outcome role="status" message={ACCOUNT_MSG.forgotSent}>
          <p className="text-sm text-ink-muted">
            The link works for {ACCOUNT_TOKEN_MINUTES.reset} minutes. No e-mail? Check your spam folder, or{' '}
            <button
              type="button"
              className={textLinkClass}
              // The address stays in the form, ready to send again or to correct.
              onClick={() => mutation.reset()}
            >
              try again
            </button>
            .
          </p>
        </Outcome>
      ) : (
        <FormProvider {...form}>
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <ReadyFieldset className="space-y-4">
              <EmailField />
              {mutation.isError && (
                <Outcome key={mutation.submittedAt} role="alert" message={errorMessage(mutation.error, SEND_FAILED)} />
              )}
              <Button type="submit" className="w-full" size="lg" loading={mutation.isPending}>
                Send reset link
              </Button>
            </ReadyFieldset>
          </form>
        </FormProvider>
      )}
    </AuthCard>
  );
}
