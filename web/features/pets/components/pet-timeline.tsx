import type { SlotBooking, Visit } from '#shared/slots';
import { Button } from '../../../components/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePetTimeline } from '../api/get-pet-timeline.ts';
import { STATUS_LABEL, formatDay } from '../lib/format.ts';

const statusStyles: Record<SlotBooking['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  confirmed: 'bg-blue-100 text-blue-900 ring-blue-300',
  completed: 'bg-green-100 text-green-900 ring-green-300',
  canceled: 'bg-gray-100 text-gray-800 ring-gray-300',
  no_show: 'bg-red-100 text-red-900 ring-red-300',
};

function VisitSummary({ visit }: { visit: Visit }) {
  const rows: [string, string | null][] = [
    ['Findings', visit.findings],
    ['Treatment', visit.treatment],
    ['Medicines', visit.medicines],
    ['Weight', visit.weightKg === null ? null : `${visit.weightKg} kg`],
    [
      'Next due',
      visit.nextDueDate
        ? `${formatDay(visit.nextDueDate)}${visit.nextDueReason ? `: ${visit.nextDueReason}` : ''}`
        : null,
    ],
  ];
  const shown = rows.filter((r): r is [string, string] => r[1] !== null);
  return (
    <div className="mt-3 rounded-lg bg-green-50 p-3">
      <h4 className="text-sm font-semibold text-green-900">Visit summary</h4>
      {shown.length === 0 ? (
        <p className="text-sm">No notes were recorded.</p>
      ) : (
        <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {shown.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd className="break-words whitespace-pre-line">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {visit.recordedByName && <p className="mt-2 text-xs text-ink-muted">Recorded by {visit.recordedByName}</p>}
    </div>
  );
}

/** The pet's bookings and visits, newest appointment first, with "Load more". */
export function PetTimeline({ petId }: { petId: string }) {
  const timeline = usePetTimeline(petId);
  if (timeline.isPending) return <LoadingState label="Loading the history…" />;
  if (timeline.isError)
    return (
      <ErrorState
        message={errorMessage(timeline.error, 'Could not load the history.')}
        onRetry={() => void timeline.refetch()}
      />
    );
  const bookings = timeline.data.pages.flatMap((p) => p.items);
  if (bookings.length === 0)
    return <EmptyState title="No visits yet">Bookings for this pet will show here.</EmptyState>;
  return (
    <div className="space-y-4">
      <ol className="space-y-3">
        {bookings.map((b) => (
          <li key={b.id} className="rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5">
            <article aria-label={`${b.service.name}, ${formatDay(b.date)} at ${b.time}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{b.service.name}</h3>
                <span
                  className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyles[b.status]}`}
                >
                  {STATUS_LABEL[b.status]}
                </span>
              </div>
              <p className="text-sm text-ink-muted">
                {formatDay(b.date)} at {b.time}
              </p>
              {b.note && (
                <p className="mt-2 text-sm break-words whitespace-pre-line">
                  <span className="font-medium">Note:</span> {b.note}
                </p>
              )}
              {b.status === 'completed' && b.visit && <VisitSummary visit={b.visit} />}
            </article>
          </li>
        ))}
      </ol>
      {timeline.hasNextPage && (
        <Button variant="secondary" onClick={() => void timeline.fetchNextPage()} loading={timeline.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </div>
  );
}
