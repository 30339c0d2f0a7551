import type { SlotBooking } from '#shared/slots';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useMyBookings } from '../api/get-my-bookings.ts';
import { formatWhen } from '../lib/format.ts';
import { HospitalInfoBlock } from './hospital-info.tsx';
import { StatusBadge } from './status-badge.tsx';

export interface MyBookingsProps {
  /** Cancels one booking; the id being canceled shows a spinner. */
  onCancel: (booking: SlotBooking) => void;
  cancelingId: string | null;
}

/** The customer's bookings, newest first, with status and, once confirmed, where to go. */
export function MyBookings({ onCancel, cancelingId }: MyBookingsProps) {
  const q = useMyBookings();
  const bookings = q.data?.pages.flatMap((p) => p.items) ?? [];
  const now = Date.now();
  return (
    <section aria-labelledby="my-bookings-title" className="space-y-4">
      <h2 id="my-bookings-title" className="themed text-2xl font-semibold">
        My bookings
      </h2>
      {q.isPending ? (
        <LoadingState label="Loading your bookings…" />
      ) : q.isError ? (
        <ErrorState message="We could not load your bookings." onRetry={() => void q.refetch()} />
      ) : bookings.length === 0 ? (
        <EmptyState title="No bookings yet">Your bookings will appear here with their status.</EmptyState>
      ) : (
        <ul className="grid items-start gap-4 md:grid-cols-2">
          {bookings.map((b) => {
            const upcoming = new Date(b.startsAt).getTime() > now;
            return (
              <Card as="li" key={b.id} className="space-y-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold">{formatWhen(b.date, b.time)}</p>
                    <p className="text-sm text-ink-muted">
                      {b.petName}
                      {b.petAge != null && `, ${b.petAge} ${b.petAge === 1 ? 'year' : 'years'}`} · {b.ownerName}
                    </p>
                  </div>
                  <StatusBadge status={b.status} />
                </div>
                {b.status === 'confirmed' && b.hospitalInfo && <HospitalInfoBlock info={b.hospitalInfo} />}
                {b.status !== 'canceled' && upcoming && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onCancel(b)}
                    loading={cancelingId === b.id}
                    disabled={cancelingId !== null}
                    aria-label={`Cancel booking for ${b.petName} on ${formatWhen(b.date, b.time)}`}
                  >
                    Cancel booking
                  </Button>
                )}
              </Card>
            );
          })}
        </ul>
      )}
      {q.hasNextPage && (
        <Button variant="secondary" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          Show older bookings
        </Button>
      )}
    </section>
  );
}
