import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Role } from '#shared/roles';
import { UNSUBSCRIBE_MSG } from '#shared/reminders';
import { Button } from '../../../components/button.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { fetchMe, useUnsubscribeMutation } from '../api/unsubscribe.ts';

const PROFILE_OF: Record<Role, string> = {
  user: '/customer/profile',
  employee: '/employee/profile',
  admin: '/admin/profile',
};

const INCOMPLETE =
  'This unsubscribe link is incomplete. Open the whole link from the e-mail, or turn reminder e-mails off from your profile.';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

/** Where to change the setting by hand: the profile when signed in, else the login page (which leads there). */
function ProfileLink() {
  const { user } = useSession();
  return user ? (
    <Link to={PROFILE_OF[user.role] ?? '/login'} className={linkClass}>
      Go to your profile
    </Link>
  ) : (
    <Link to="/login" className={linkClass}>
      Log in to your profile
    </Link>
  );
}

/**
 * /unsubscribe?token=…, the link at the foot of every reminder e-mail. Nothing happens on load (mail scanners open
 * links): one button asks the server, which names what it turned off and for which address.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { user, updateUser } = useSession();
  const mutation = useUnsubscribeMutation();
  const result = useRef<HTMLDivElement>(null);

  // A refused token stays refused: only a network or server fault is worth another try.
  const refused = mutation.error instanceof ApiError && mutation.error.status >= 400 && mutation.error.status < 500;
  const finished = mutation.isSuccess || refused;

  // The button is gone once the answer is in: the answer takes the focus, so it is read out and Tab goes on from it.
  useEffect(() => {
    if (finished) result.current?.focus();
  }, [finished]);

  const turnOff = () =>
    mutation.mutate(token, {
      onSuccess: () => {
        // The signed-in account may be the one just turned off: its profile should say so.
        if (user) fetchMe().then(updateUser, () => undefined);
      },
    });

  const title = !token
    ? 'Incomplete unsubscribe link'
    : mutation.isSuccess
      ? 'Reminder e-mails are off'
      : refused
        ? 'This link does not work'
        : 'Turn off reminder e-mails?';

  return (
    <PageShell title={title} width="narrow">
      <Card className="space-y-4">
        {!token ? (
          <>
            <p role="alert">{INCOMPLETE}</p>
            <p>
              <ProfileLink />
            </p>
          </>
        ) : finished ? (
          <div ref={result} tabIndex={-1} className="space-y-4 outline-none">
            <p role={mutation.isSuccess ? 'status' : 'alert'}>
              {mutation.isSuccess ? mutation.data.message : errorMessage(mutation.error, UNSUBSCRIBE_MSG.invalid)}
            </p>
            <p>
              <ProfileLink />
            </p>
          </div>
        ) : (
          <>
            <p>
              You will no longer get reminder e-mails before visits and before your pets&apos; next-due dates. Booking
              confirmations and in-app reminders stay on.
            </p>
            <Button onClick={turnOff} loading={mutation.isPending}>
              Turn off reminder e-mails
            </Button>
            {mutation.isError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errorMessage(mutation.error, 'We could not turn reminder e-mails off. Please try again.')}
              </p>
            )}
          </>
        )}
      </Card>
    </PageShell>
  );
}
