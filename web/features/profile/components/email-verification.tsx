import type { User } from '#shared/auth';
import { CheckIcon } from '../../../components/icons.tsx';
import { useResendVerificationMutation } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-client.ts';

const RESEND_FAILED = 'We could not send a new link. Please try again.';

/** Whether the account's e-mail address is verified; when not, a button that mails a new verification link. */
export function EmailVerification({ user }: { user: User }) {
  const resend = useResendVerificationMutation();
  return (
    <div className="mt-1 space-y-2">
      {user.emailVerified ? (
        <p className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900 ring-1 ring-green-300 ring-inset">
          <CheckIcon className="h-3.5 w-3.5" /> Verified
        </p>
      ) : (
        <>
          <p className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
            Not verified
          </p>
          <div>
            <button
              type="button"
              // Never disabled while sending (that would drop the keyboard focus): a second press waits instead.
              onClick={() => !resend.isPending && resend.mutate()}
              aria-busy={resend.isPending || undefined}
              className="text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              Resend verification link
            </button>
          </div>
        </>
      )}
      <p role="status" className={`text-sm ${resend.isError ? 'font-medium text-red-700' : ''}`}>
        {resend.isSuccess ? resend.data.message : resend.isError ? errorMessage(resend.error, RESEND_FAILED) : ''}
      </p>
    </div>
  );
}
