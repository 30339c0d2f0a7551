import { useState } from 'react';
import type { Emergency, EmergencyStatus } from '#shared/emergencies';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateEmergency } from '../api/update-emergency.ts';

const UPDATE_FAILED = 'We could not update the request. Please try again.';

/** What a change sends: the new status, and the triage level when that is what changes. */
interface Change {
  status: EmergencyStatus;
  triageLevel?: number;
}

/**
 * Staff's changes to one request in the queue, one at a time: the note typed goes with the next change, and a
 * refusal of the server (someone else moved it first) is kept in the server's words.
 */
export function useEmergencyUpdate(e: Emergency) {
  const update = useUpdateEmergency();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The change on its way ('triage', 'note' or the status it moves to).
  const [busy, setBusy] = useState<string | null>(null);

  const send = (what: string, body: Change) => {
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

  return { note, setNote, error, confirming, setConfirming, busy, send };
}

export type EmergencyUpdate = ReturnType<typeof useEmergencyUpdate>;
