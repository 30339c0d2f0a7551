import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ACCOUNT_MSG, ACCOUNT_TOKEN_MINUTES, ACCOUNT_TOKEN_PARAM } from '#shared/accounts';
import { Button } from '../../../components/button.tsx';
import { ConfirmPasswordField, NewPasswordField } from '../../../components/account-fields.tsx';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';
import { useNewPasswordForm } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { homePathFor, useSession } from '../../../lib/session.tsx';
import { useAcceptInvitationMutation } from '../api/accept-invitation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { InvalidLinkCard } from '../components/invalid-link-card.tsx';
import { Outcome } from '../components/outcome.tsx';
import { isInvalidLink, passwordRefusal } from '../lib/invalid-link.ts';

const ACCEPT_FAILED = 'We could not set your password. Please try again.';

/**
 * /accept-invitation?token=…, the link of a staff invitation: the new employee chooses a password (typed twice) and
 * is signed in, as a login would, landing on the staff home.
 */
export default function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get(ACCOUNT_TOKEN_PARAM)?.trim() ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const mutation = useAcceptInvitationMutation();
  const form = useNewPasswordForm();
  const { handleSubmit, setError, setFocus } = form;

  const invalid = !token || isInvalidLink(mutation.error);

  useEffect(() => {
    if (!invalid) setFocus('password');
  }, [invalid, setFocus]);

  const onSubmit = handleSubmit(({ password }) =>
    mutation.mutate(
      { token, password },
      {
        onSuccess: ({ token: sessionToken, user }) => {
          session.login(sessionToken, user);
          toast.success(ACCOUNT_MSG.invitationAccepted);
          void navigate(homePathFor(user.role) ?? '/employee/home', { replace: true });
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
      <InvalidLinkCard
        title="This invitation does not work"
        subtitle={`Invitation links work once, for ${ACCOUNT_TOKEN_MINUTES.invite / (24 * 60)} days.`}
      >
        <p>{ACCOUNT_MSG.askNewInvitation}</p>
      </InvalidLinkCard>
    );
  }

  // A refused link has its own page (above) and a refused password shows on its field; anything else shows here.
  const failure = mutation.isError && !passwordRefusal(mutation.error);
  return (
    <AuthCard
      title="Join the Pawcare team"
      subtitle="Choose the password of your staff account. You will be signed in straight away."
    >
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <ReadyFieldset className="space-y-4">
            <NewPasswordField label="Password" />
            <ConfirmPasswordField label="Confirm password" />
            {failure && (
              <Outcome key={mutation.submittedAt} role="alert" message={errorMessage(mutation.error, ACCEPT_FAILED)} />
            )}
            <Button type="submit" className="w-full" size="lg" loading={mutation.isPending || mutation.isSuccess}>
              Set password and sign in
            </Button>
          </ReadyFieldset>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
