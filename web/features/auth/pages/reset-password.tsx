import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MSG, ACCOUNT_PAGES, ACCOUNT_TOKEN_PARAM } from '#shared/accounts';
import { Button, LinkButton } from '../../../components/button.tsx';
import { ConfirmPasswordField, NewPasswordField } from '../../../components/account-fields.tsx';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';
import { useNewPasswordForm } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useResetPasswordMutation } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { InvalidLinkCard } from '../components/invalid-link-card.tsx';
import { Outcome, textLinkClass } from '../components/outcome.tsx';
import { isInvalidLink, passwordRefusal } from '../lib/invalid-link.ts';

const RESET_FAILED = 'We could not reset your password. Please try again.';

const loginFooter = (
  <Link to="/login" className={textLinkClass}>
    Back to login
  </Link>
);

/**
 * /reset-password?token=…, the link of the reset mail: a new password, typed twice. A used, expired or missing link
 * says so and leads to a new one. A reset signs out every session of the account, this browser's too.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get(ACCOUNT_TOKEN_PARAM)?.trim() ?? '';
  const session = useSession();
  const mutation = useResetPasswordMutation();
  const form = useNewPasswordForm();
  const { handleSubmit, setError, setFocus } = form;

  const invalid = !token || isInvalidLink(mutation.error);

  useEffect(() => {
    if (!invalid && !mutation.isSuccess) setFocus('password');
  }, [invalid, mutation.isSuccess, setFocus]);

  const onSubmit = handleSubmit(({ password }) =>
    mutation.mutate(
      { token, password },
      {
        onSuccess: () => {
          // The server has signed every session of the account out; a stored one here would only be refused.
          if (session.user) session.logout({ endedOnServer: true });
        },
        onError: (err) => {
          const detail = passwordRefusal(err);
          if (detail) setError('password', { message: detail }, { shouldFocus: true });
        },
      },
    ),
  );

  if (invalid) {
    return (
      <InvalidLinkCard subtitle="Reset links work once, for a short time." footer={loginFooter}>
        <LinkButton to={ACCOUNT_PAGES.forgotPassword} className="w-full">
          {ACCOUNT_MSG.askNewReset}
        </LinkButton>
      </InvalidLinkCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password reset" subtitle="Your account is safe again.">
        <Outcome role="status" message={ACCOUNT_MSG.passwordReset}>
          <LinkButton to="/login" replace className="w-full">
            Log in
          </LinkButton>
        </Outcome>
      </AuthCard>
    );
  }

  // A refused link has its own page (above) and a refused password shows on its field; anything else shows here.
  const failure = mutation.isError && !passwordRefusal(mutation.error);
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="You will be signed out everywhere, then log in with the new password."
      footer={loginFooter}
    >
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <ReadyFieldset className="space-y-4">
            <NewPasswordField />
            <ConfirmPasswordField />
            {failure && (
              <Outcome key={mutation.submittedAt} role="alert" message={errorMessage(mutation.error, RESET_FAILED)} />
            )}
            <Button type="submit" className="w-full" size="lg" loading={mutation.isPending}>
              Reset password
            </Button>
          </ReadyFieldset>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
