import { useId } from 'react';
import { EMERGENCY_NOTE_MAX, TRIAGE_LABELS, TRIAGE_LEVELS, type Emergency } from '#shared/emergencies';
import { Button } from '../../../components/button.tsx';
import type { EmergencyUpdate } from '../hooks/use-emergency-update.ts';

/** The controls of an unresolved request: its triage level, a note, and the steps that move it forward. */
export function QueueItemActions({
  emergency: e,
  meId,
  update,
}: {
  emergency: Emergency;
  meId: string | undefined;
  update: EmergencyUpdate;
}) {
  const noteId = useId();
  const triageId = useId();
  const { note, busy, send } = update;
  const pet = <span className="sr-only"> request for {e.petName}</span>;
  return (
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
            Note for the customer{' '}
            <span className="font-normal text-ink-muted">(optional, shown on their page with the next change)</span>
          </label>
          <textarea
            id={noteId}
            rows={2}
            maxLength={EMERGENCY_NOTE_MAX}
            value={note}
            onChange={(ev) => update.setNote(ev.target.value)}
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
        <Button variant="secondary" disabled={!!busy} onClick={() => update.setConfirming(true)}>
          Resolve{pet}
        </Button>
      </div>
      {update.error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {update.error}
        </p>
      )}
    </div>
  );
}
