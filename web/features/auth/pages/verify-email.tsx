import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MSG, ACCOUNT_TOKEN_PARAM } from '#shared/accounts';
import { Button, LinkButton } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { useResendVerificationMutation } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { homePathFor, useSession } from '../../../lib/session.tsx';
import { getMe } from '../api/get-me.ts';
import { useVerifyEmailMutation } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { InvalidLinkCard } from '../components/invalid-link-card.tsx';
import { Outcome } from '../components/outcome.tsx';
import { isInvalidLink } from '../lib/invalid-link.ts';

const VERIFY_FAILED = 'We could not check your link. Please try again.';
const RESEND_FAILED = 'We could not send a new link. Please try again.';

/** Where to go next: the signed-in person's home, else the login page. */
function NextStep() {
  const { user } = useSession();
  const home = user ? homePathFor(user.role) : null;
  return home ? (
    <LinkButton to={home} className="w-full">
      Continue to your home page
    </LinkButton>
  ) : (
    <LinkButton to="/login" className="w-full">
      Log in
    </LinkButton>
  );
}

/** A dead verification link: signed in, one button mails a new one; otherwise log in first (the profile has it). */
function AskNewLink() {
  const { user } = useSession();
  const resend = useResendVerificationMutation();
  if (!user) {
    return (
      <p className="text-sm">
        <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
          Log in
        </Link>{' '}
        to ask for a new verification link from your profile.
      </p>
    );
  }
  if (resend.isSuccess) return <Outcome role="status" message={resend.data.message} />;
  return (
    <>
      <Button className="w-full" loading={resend.isPending} onClick={() => resend.mutate()}>
        {ACCOUNT_MSG.askNewVerification}
      </Button>
      {resend.isError && (
        <Outcome key={resend.submittedAt} role="alert" message={errorMessage(resend.error, RESEND_FAILED)} />
      )}
    </>
  );
}

/**
 * /verify-email?token=…, the link of the verification mail. The page asks before it uses the link: mail scanners and
 * link previews open links without a person, and must not verify an address nobody confirmed. A signed-in session
 * learns that its address is verified.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get(ACCOUNT_TOKEN_PARAM)?.trim() ?? '';
  const { user, updateUser } = useSession();
  const mutation = useVerifyEmailMutation();
  const { mutate } = mutation;
  const signedIn = !!user;

  const verify = useCallback(
    () =>
      mutate(
        { token },
        {
          onSuccess: () => {
            if (signedIn) getMe().then(updateUser, () => undefined);
          },
        },
      ),
    [mutate, token, signedIn, updateUser],
  );

  if (!token || isInvalidLink(mutation.error)) {
    return (
      <InvalidLinkCard subtitle="Verification links work once, for a short time.">
        <AskNewLink />
      </InvalidLinkCard>
    );
  }
  if (mutation.isSuccess) {
    return (
      <AuthCard title="E-mail address verified" subtitle="Thank you for confirming your address.">
        <Outcome role="status" message={ACCOUNT_MSG.emailVerified}>
          <NextStep />
        </Outcome>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your e-mail address" subtitle="Confirm that this address is yours to finish.">
      {mutation.isError ? (
        <ErrorState message={errorMessage(mutation.error, VERIFY_FAILED)} onRetry={verify} />
      ) : (
        <Button className="w-full" loading={mutation.isPending} onClick={verify}>
          Verify my e-mail address
        </Button>
      )}
    </AuthCard>
  );
}
