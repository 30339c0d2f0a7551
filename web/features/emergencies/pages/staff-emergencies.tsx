import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useEmergencyQueue } from '../api/get-emergencies.ts';
import { QueueItem } from '../components/queue-item.tsx';
import { SoundToggle } from '../components/sound-toggle.tsx';
import { useLiveQueue } from '../lib/live.ts';
import { useNow } from '../lib/use-now.ts';

/**
 * /employee/emergencies and /admin/emergencies: the live queue of emergency requests, the most urgent first (not yet
 * triaged, then triage 1-3, oldest first), and the latest resolved ones folded away below. Every change anyone makes
 * arrives as an event and takes its place in the list without a reload.
 */
export default function StaffEmergenciesPage() {
  const queue = useEmergencyQueue();
  useLiveQueue();
  const now = useNow();
  const { user } = useSession();
  const list = queue.data ?? [];
  const open = list.filter((e) => e.status !== 'resolved');
  const resolved = list.filter((e) => e.status === 'resolved');

  return (
    <PageShell
      title="Emergencies"
      intro="Requests customers raise at any hour, the most urgent first. Acknowledge a new one quickly and call the customer."
    >
      <div className="space-y-8">
        <SoundToggle />
        {queue.isPending ? (
          <LoadingState label="Loading emergency requests…" />
        ) : queue.isError ? (
          <ErrorState
            message={errorMessage(queue.error, 'We could not load the emergency requests.')}
            onRetry={() => void queue.refetch()}
          />
        ) : (
          <>
            <section aria-labelledby="open-emergencies" className="space-y-4">
              <h2 id="open-emergencies" className="themed text-2xl font-semibold">
                Open requests ({open.length})
              </h2>
              {open.length === 0 ? (
                <EmptyState title="No open emergency requests">New requests appear here as they arrive.</EmptyState>
              ) : (
                <ol className="space-y-4">
                  {open.map((e) => (
                    <li key={e.id}>
                      <QueueItem emergency={e} meId={user?.id} now={now} />
                    </li>
                  ))}
                </ol>
              )}
            </section>
            {resolved.length > 0 && (
              <details className="group rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5">
                <summary className="cursor-pointer text-lg font-semibold">Resolved ({resolved.length})</summary>
                <ul className="mt-4 space-y-4">
                  {resolved.map((e) => (
                    <li key={e.id}>
                      <QueueItem emergency={e} meId={user?.id} now={now} />
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </div>
    </PageShell>
  );
}
