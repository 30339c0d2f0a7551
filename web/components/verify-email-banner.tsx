import { useState } from 'react';
import { toast } from '../lib/toast.ts';
import { ACCOUNT_MSG } from '#shared/accounts';
import { useResendVerificationMutation } from '../lib/accounts.ts';
import { errorMessage } from '../lib/api-client.ts';
import { useSession } from '../lib/session.tsx';

/** sessionStorage key: the id of the account whose banner was dismissed in this tab. */
const DISMISSED_KEY = 'verify-email-banner-dismissed';
const RESEND_FAILED = 'We could not send a new link. Please try again.';

function dismissedFor(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function rememberDismissed(userId: string): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, userId);
  } catch {
    // Storage unavailable: the banner stays away until the page is reloaded.
  }
}

/**
 * Under the customer navbar while the signed-in customer's e-mail address is not verified: what to do, a Resend
 * button, and Dismiss (for this browser tab's session). Staff and verified customers never see it.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const [dismissed, setDismissed] = useState(dismissedFor);
  const resend = useResendVerificationMutation();

  if (!user || user.role !== 'user' || user.emailVerified || dismissed === user.id) return null;

  const dismiss = () => {
    rememberDismissed(user.id);
    setDismissed(user.id);
    // The focused button is going away: the page's content is the next thing to read.
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  const send = () =>
    resend.mutate(undefined, {
      // Already verified elsewhere: the banner goes away, so the news goes in a toast.
      onSuccess: (answer) => {
        if (answer.message === ACCOUNT_MSG.alreadyVerified) toast.success(answer.message);
      },
    });

  return (
    <section aria-label="E-mail verification" className="border-t border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold">{ACCOUNT_MSG.verifyBanner}</p>
          <p role="status" className={resend.isError ? 'font-medium text-red-800' : ''}>
            {resend.isSuccess ? resend.data.message : resend.isError ? errorMessage(resend.error, RESEND_FAILED) : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            // Never disabled while sending (that would drop the keyboard focus): a second press waits instead.
            onClick={() => !resend.isPending && send()}
            aria-busy={resend.isPending || undefined}
            className="rounded-md bg-amber-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-950"
          >
            Resend
          </button>
          <button
            type="button"
            onClick={dismiss}
            aria-label="Dismiss the e-mail verification reminder"
            className="rounded-md px-3 py-1.5 text-sm font-semibold text-amber-950 ring-1 ring-amber-400 hover:bg-amber-100"
          >
            Dismiss
          </button>
        </div>
      </div>
    </section>
  );
}
