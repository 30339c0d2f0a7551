import { useState } from 'react';
import type { User } from '#shared/auth';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useUpdateProfileMutation } from '../api/update-profile.ts';

const HINT = "E-mails 24 hours before a confirmed visit and before a pet's next-due date. In-app reminders stay on.";

/**
 * The customer's reminder e-mails switch, saved as soon as it is flipped. It is never disabled while saving (that
 * would drop the keyboard focus); a flip during a save is ignored instead.
 */
export function ReminderEmailsSwitch({ user }: { user: User }) {
  const { updateUser } = useSession();
  const mutation = useUpdateProfileMutation();
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  // A user stored before the setting existed has none: reminder e-mails are on by default.
  const saved = user.reminderEmails !== false;
  const on =
    mutation.isPending && mutation.variables?.reminderEmails !== undefined ? mutation.variables.reminderEmails : saved;

  const flip = (next: boolean) => {
    if (mutation.isPending) return;
    setStatus(null);
    mutation.mutate(
      { reminderEmails: next },
      {
        onSuccess: (fresh) => {
          updateUser(fresh);
          setStatus({ text: `Reminder e-mails are ${fresh.reminderEmails ? 'on' : 'off'}.`, failed: false });
        },
        onError: (err) =>
          setStatus({
            text: errorMessage(err, 'We could not save your reminder e-mails setting. Please try again.'),
            failed: true,
          }),
      },
    );
  };

  return (
    <section
      aria-labelledby="reminders-heading"
      className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5 md:col-span-3"
    >
      <h2 id="reminders-heading" className="mb-4 text-lg font-semibold">
        Reminders
      </h2>
      <div className="flex items-start gap-3">
        <input
          id="reminder-emails"
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) => flip(e.target.checked)}
          aria-describedby="reminder-emails-hint"
          aria-busy={mutation.isPending || undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor="reminder-emails" className="font-medium">
            Reminder e-mails
          </label>
          <p id="reminder-emails-hint" className="text-sm text-ink-muted">
            {HINT}
          </p>
        </div>
      </div>
      <p role="status" className={`mt-3 min-h-5 text-sm font-medium ${status?.failed ? 'text-red-700' : 'text-ink'}`}>
        {mutation.isPending ? 'Saving…' : (status?.text ?? '')}
      </p>
    </section>
  );
}
