import { useId, useState } from 'react';
import {
  EMERGENCY_NOTE_MAX,
  EMERGENCY_STATUS_LABELS,
  TRIAGE_LABELS,
  TRIAGE_LEVELS,
  type Emergency,
  type EmergencyStatus,
} from '#shared/emergencies';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useUpdateEmergency } from '../api/update-emergency.ts';
import { mapsHref, telHref } from '../lib/links.ts';
import { timeAgo } from '../lib/lists.ts';

const UPDATE_FAILED = 'We could not update the request. Please try again.';

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
  const noteId = useId();
  const triageId = useId();
  const update = useUpdateEmergency();
  const fullTime = useFormatInstant();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const resolved = e.status === 'resolved';
  const notes = e.events.filter((ev) => ev.note);

  const send = (what: string, body: { status: EmergencyStatus; triageLevel?: number; note?: string }) => {
    setError(null);
    setBusy(what);
    update.mutate(
      { id: e.id, body: { ...body, ...(note.trim() ? { note } : {}) } },
      {
        onSuccess: () => setNote(''),
        onError: (err) => setError(errorMessage(err, UPDATE_FAILED)),
        onSettled: () => {
          setBusy(null);
          setConfirming(false);
        },
      },
    );
  };
  const pet = <span className="sr-only"> request for {e.petName}</span>;

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
      {!resolved && (
        <div className="mt-4 space-y-3 border-t border-gray-200 pt-4">
          <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            <div className="space-y-1">
              <label htmlFor={triageId} className="block text-sm font-medium">
                Triage level
              </label>
              <select
                id={triageId}
                value={e.triageLevel ?? ''}
                disabled={!!busy}
                onChange={(ev) => send('triage', { status: e.status, triageLevel: Number(ev.target.value) })}
                className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 shadow-sm"
              >
                {e.triageLevel === null && <option value="">Not triaged</option>}
                {TRIAGE_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {l} {TRIAGE_LABELS[l]}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <label htmlFor={noteId} className="block text-sm font-medium">
                Note <span className="font-normal text-ink-muted">(optional, kept with the next change)</span>
              </label>
              <textarea
                id={noteId}
                rows={2}
                maxLength={EMERGENCY_NOTE_MAX}
                value={note}
                onChange={(ev) => setNote(ev.target.value)}
                className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 shadow-sm"
              />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {e.status === 'open' && (
              <Button
                loading={busy === 'acknowledged'}
                disabled={!!busy}
                onClick={() => send('acknowledged', { status: 'acknowledged' })}
              >
                Acknowledge{pet}
              </Button>
            )}
            {(e.status !== 'assigned' || e.assignedToId !== meId) && (
              <Button
                variant={e.status === 'open' ? 'secondary' : 'primary'}
                loading={busy === 'assigned'}
                disabled={!!busy}
                onClick={() => send('assigned', { status: 'assigned' })}
              >
                Assign to me{pet}
              </Button>
            )}
            {note.trim() && (
              <Button
                variant="secondary"
                loading={busy === 'note'}
                disabled={!!busy}
                onClick={() => send('note', { status: e.status })}
              >
                Add note{pet}
              </Button>
            )}
            <Button variant="secondary" disabled={!!busy} onClick={() => setConfirming(true)}>
              Resolve{pet}
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Resolve the request for ${e.petName}?`}
        confirmLabel="Resolve"
        cancelLabel="Keep it open"
        busy={busy === 'resolved'}
        onConfirm={() => send('resolved', { status: 'resolved' })}
        onCancel={() => setConfirming(false)}
      >
        <p>It leaves the queue and the customer is told it is resolved. A resolved request cannot be reopened.</p>
      </ConfirmDialog>
    </article>
  );
}
