import { useId } from 'react';
import { EMERGENCY_STATUS_LABELS, TRIAGE_LABELS, type Emergency, type EmergencyStatus } from '#shared/emergencies';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PetAlertList } from '../../../components/pet-alerts.tsx';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useEmergencyUpdate } from '../hooks/use-emergency-update.ts';
import { mapsHref, telHref } from '../lib/links.ts';
import { timeAgo } from '../lib/lists.ts';
import { QueueItemActions } from './queue-item-actions.tsx';

const statusClass: Record<EmergencyStatus, string> = {
  open: 'bg-red-100 text-red-900',
  acknowledged: 'bg-amber-100 text-amber-900',
  assigned: 'bg-blue-100 text-blue-900',
  resolved: 'bg-gray-100 text-gray-800',
};

/** The left edge of a card: red until triaged and for critical ones, amber for urgent, grey for stable. */
const edgeClass = (e: Emergency) =>
  e.status === 'resolved'
    ? 'border-gray-300'
    : e.triageLevel === 3
      ? 'border-gray-400'
      : e.triageLevel === 2
        ? 'border-amber-500'
        : 'border-red-600';

function Badge({ className, children }: { className: string; children: React.ReactNode }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${className}`}>{children}</span>;
}

function TriageBadge({ level }: { level: number | null }) {
  return level ? (
    <Badge
      className={
        level === 1
          ? 'bg-red-700 text-white'
          : level === 2
            ? 'bg-amber-200 text-amber-950'
            : 'bg-gray-200 text-gray-900'
      }
    >
      Triage {level} · {TRIAGE_LABELS[level]}
    </Badge>
  ) : (
    <Badge className="bg-white text-red-800 ring-1 ring-red-700">Not triaged</Badge>
  );
}

/**
 * One request in the staff queue: who, which pet, how to reach them, what happened, and the actions that move it
 * forward. A refusal of the server (someone else moved it first) shows under the actions in the server's words.
 */
export function QueueItem({
  emergency: e,
  meId,
  now,
}: {
  emergency: Emergency;
  meId: string | undefined;
  now: number;
}) {
  const titleId = useId();
  const update = useEmergencyUpdate(e);
  const fullTime = useFormatInstant();
  const resolved = e.status === 'resolved';
  const notes = e.events.filter((ev) => ev.note);

  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl border-l-8 bg-white p-5 text-ink shadow-sm ring-1 ring-black/5 ${edgeClass(e)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="mr-auto text-lg font-bold">
          {e.petName}
        </h3>
        <Badge className={statusClass[e.status]}>{EMERGENCY_STATUS_LABELS[e.status]}</Badge>
        {!resolved && <TriageBadge level={e.triageLevel} />}
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        Raised{' '}
        <time dateTime={e.createdAt} title={fullTime(e.createdAt)}>
          {timeAgo(e.createdAt, now)}
        </time>{' '}
        by {e.customerName}
        {e.assignedToName && <> · assigned to {e.assignedToName}</>}
      </p>
      <div className="mt-3">
        <PetAlertList alerts={e.alerts} petName={e.petName} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Phone</dt>
        <dd>
          <a href={telHref(e.phone)} className="font-semibold text-brand-800 underline underline-offset-2">
            {e.phone}
          </a>
        </dd>
        <dt className="font-semibold">What happened</dt>
        <dd className="whitespace-pre-wrap break-words">{e.description}</dd>
        <dt className="font-semibold">Getting here</dt>
        <dd>
          {e.needsPickup && e.address ? (
            <>
              Pickup from{' '}
              <a
                href={mapsHref(e.address)}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                {e.address}
                <span className="sr-only"> (map, opens in a new tab)</span>
              </a>
            </>
          ) : (
            'Coming in'
          )}
        </dd>
      </dl>
      {notes.length > 0 && (
        <ul className="mt-3 space-y-1 border-t border-gray-200 pt-3 text-sm">
          {notes.map((n) => (
            <li key={`${n.at}-${n.note}`}>
              <span className="whitespace-pre-wrap break-words">{n.note}</span>
              <span className="text-ink-muted">
                {' '}
                · {n.actorName ?? 'Staff'}, {timeAgo(n.at, now)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!resolved && <QueueItemActions emergency={e} meId={meId} update={update} />}
      <ConfirmDialog
        open={update.confirming}
        title={`Resolve the request for ${e.petName}?`}
        confirmLabel="Resolve"
        cancelLabel="Keep it open"
        busy={update.busy === 'resolved'}
        onConfirm={() => update.send('resolved', { status: 'resolved' })}
        onCancel={() => update.setConfirming(false)}
      >
        <p>It leaves the queue and the customer is told it is resolved. A resolved request cannot be reopened.</p>
      </ConfirmDialog>
    </article>
  );
}
