import { formatWhen } from '#shared/dates';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { RideStepper } from '../../../components/ride-stepper.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { VisitSummary } from '../../../components/visit-summary.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePetTimeline } from '../api/get-pet-timeline.ts';
import { useLiveTimeline } from '../lib/use-live-timeline.ts';
import { VisitRecord } from './record/visit-record.tsx';

/**
 * The pet's bookings and visits, newest appointment first, with "Load more"; booking events keep it current. Under
 * each visit: its documents and, for staff, its clinical notes (`staff`; `canWrite` while the pet is not archived).
 */
export function PetTimeline({
  petId,
  staff = false,
  canWrite = false,
}: {
  petId: string;
  staff?: boolean;
  canWrite?: boolean;
}) {
  const timeline = usePetTimeline(petId);
  useLiveTimeline(petId);
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
            <article aria-label={`${b.service.name}, ${formatWhen(b.date, b.time)}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{b.service.name}</h3>
                <BookingStatusBadge status={b.status} />
              </div>
              <p className="text-sm text-ink-muted">{formatWhen(b.date, b.time)}</p>
              {b.note && (
                <p className="mt-2 text-sm break-words whitespace-pre-line">
                  <span className="font-medium">Note:</span> {b.note}
                </p>
              )}
              {b.ride && (
                <div className="mt-3">
                  <RideStepper ride={b.ride} date={b.date} />
                </div>
              )}
              {b.status === 'completed' && b.visit && (
                <div className="mt-3">
                  <VisitSummary visit={b.visit} />
                </div>
              )}
              {b.status !== 'canceled' && (
                <VisitRecord
                  petId={petId}
                  bookingId={b.id}
                  label={`${b.service.name}, ${formatWhen(b.date, b.time)}`}
                  staff={staff}
                  canWrite={canWrite}
                  withNotes={b.status === 'completed'}
                />
              )}
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
