import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ACCOUNT_MSG } from '#shared/accounts';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useLogoutAllMutation } from '../api/logout-all.ts';

const LOGOUT_ALL_FAILED = 'We could not sign you out everywhere. Please try again.';

/** Sign out everywhere, after a confirmation: every session of the account ends, this one too. */
export function SignOutEverywhereSection() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const mutation = useLogoutAllMutation();
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        logout({ endedOnServer: true });
        toast.info(ACCOUNT_MSG.signedOutEverywhere);
        void navigate('/login', { replace: true });
      },
      onError: () => setAsking(false),
    });

  return (
    <section
      aria-labelledby="sessions-heading"
      className="flex flex-col rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5"
    >
      <h2 id="sessions-heading" className="mb-1 text-lg font-semibold">
        Devices
      </h2>
      <p className="text-sm text-ink-muted">
        Signed in on a phone or a shared computer you no longer use? Sign out on every device at once.
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => setAsking(true)}>
        Sign out everywhere
      </Button>
      {mutation.isError && !asking && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {errorMessage(mutation.error, LOGOUT_ALL_FAILED)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        variant="danger"
        busy={mutation.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>
          Every device and browser signed in to your account will be signed out, this one included. You can log in again
          with your password.
        </p>
      </ConfirmDialog>
    </section>
  );
}
