import type { Ref } from 'react';
import { EMERGENCY_STATUSES, type Emergency } from '#shared/emergencies';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { telHref } from '../lib/links.ts';
import { customerStatus } from '../lib/lists.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';

/** The steps a customer sees, in order, with the words for each. */
const STEPS = [
  { status: 'open', label: 'Waiting for a vet' },
  { status: 'acknowledged', label: 'A vet has seen your request' },
  { status: 'assigned', label: 'Assigned to a vet' },
  { status: 'resolved', label: 'Resolved' },
] as const;

/** How the request ended: the vet's closing note, or when it was closed. */
function Outcome({ emergency: e }: { emergency: Emergency }) {
  const formatInstant = useFormatInstant();
  const closing = [...e.events].reverse().find((ev) => ev.status === 'resolved');
  return (
    <div className="rounded-lg border border-gray-300 p-4">
      <h3 className="font-semibold">Outcome</h3>
      {closing?.note ? (
        <p className="mt-1 whitespace-pre-wrap break-words">{closing.note}</p>
      ) : (
        <p className="mt-1">The clinic has closed this request; they will call you if anything else is needed.</p>
      )}
      <p className="mt-1 text-sm text-ink-muted">
        Resolved{closing?.actorName ? ` by ${closing.actorName}` : ''} on{' '}
        <time dateTime={closing?.at ?? e.updatedAt}>{formatInstant(closing?.at ?? e.updatedAt)}</time>
      </p>
    </div>
  );
}

/** The notes staff wrote along the way (the closing one is the outcome), oldest first. */
function ClinicNotes({ emergency: e }: { emergency: Emergency }) {
  const formatInstant = useFormatInstant();
  const notes = e.events.filter((ev) => ev.note && ev.status !== 'resolved');
  if (notes.length === 0) return null;
  return (
    <section aria-label="Notes from the clinic">
      <h3 className="font-semibold">From the clinic</h3>
      <ul className="mt-2 space-y-2">
        {notes.map((ev) => (
          <li key={`${ev.at}-${ev.status}`} className="rounded-md bg-brand-50 p-3 text-brand-900">
            <p className="whitespace-pre-wrap break-words">{ev.note}</p>
            <p className="mt-1 text-sm">
              {ev.actorName ?? 'The clinic'}, <time dateTime={ev.at}>{formatInstant(ev.at)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A customer's request as it stands, kept current by the server's events: the status in words (announced when it
 * changes), the steps so far, what was sent, and the clinic's phone number.
 */
export function EmergencyStatus({
  emergency: e,
  clinicPhone,
  headingRef,
  onNew,
}: {
  emergency: Emergency;
  clinicPhone: string | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  /** Shown once the request is resolved: raise another. */
  onNew: () => void;
}) {
  const rank = EMERGENCY_STATUSES.indexOf(e.status);
  const resolved = e.status === 'resolved';
  return (
    <section aria-labelledby="emergency-status-title">
      <Card className="space-y-5">
        <h2 id="emergency-status-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          Your emergency request for {e.petName}
        </h2>
        <p
          role="status"
          className={`rounded-lg p-4 text-2xl font-bold ${resolved ? 'bg-gray-100 text-gray-900' : 'bg-red-50 text-red-900'}`}
        >
          {customerStatus(e)}
        </p>
        <ol className="grid gap-2 text-sm sm:grid-cols-4" aria-label="Progress">
          {STEPS.map((step, i) => {
            const index = EMERGENCY_STATUSES.indexOf(step.status);
            const state = index < rank ? 'done' : index === rank ? 'current' : 'next';
            return (
              <li
                key={step.status}
                aria-current={state === 'current' ? 'step' : undefined}
                className={`rounded-md border px-3 py-2 ${
                  state === 'current'
                    ? 'border-brand-700 bg-brand-50 font-bold text-brand-900'
                    : state === 'done'
                      ? 'border-gray-300 text-ink'
                      : 'border-dashed border-gray-300 text-ink-muted'
                }`}
              >
                <span className="sr-only">
                  Step {i + 1}, {state === 'done' ? 'done' : state === 'current' ? 'now' : 'still to come'}:{' '}
                </span>
                {step.status === 'assigned' && e.assignedToName ? `Assigned to ${e.assignedToName}` : step.label}
              </li>
            );
          })}
        </ol>
        {resolved && <Outcome emergency={e} />}
        <ClinicNotes emergency={e} />
        {clinicPhone && (
          <p className="text-base">
            {resolved ? 'Questions? Call the clinic: ' : 'Anything changes, or no call yet? Phone the clinic: '}
            <a href={telHref(clinicPhone)} className="font-bold text-brand-800 underline underline-offset-2">
              {clinicPhone}
            </a>
          </p>
        )}
        <dl className="grid gap-x-6 gap-y-2 border-t border-gray-200 pt-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">What happened</dt>
          <dd className="whitespace-pre-wrap break-words">{e.description}</dd>
          <dt className="font-semibold">We call you on</dt>
          <dd>{e.phone}</dd>
          <dt className="font-semibold">Getting here</dt>
          <dd>
            {e.needsPickup && e.address
              ? `Our van collects your pet from ${e.address}`
              : 'You are bringing your pet in'}
          </dd>
        </dl>
        {resolved && (
          <Button variant="secondary" onClick={onNew}>
            Ask for help again
          </Button>
        )}
      </Card>
    </section>
  );
}
