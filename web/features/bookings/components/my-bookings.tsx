import { formatWhen } from '#shared/dates';
import { OPEN_BOOKING_STATUSES, type Booking } from '#shared/bookings';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { RideStepper } from '../../../components/ride-stepper.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { VisitSummary } from '../../../components/visit-summary.tsx';
import { useMyBookings } from '../api/get-my-bookings.ts';
import { RIDE_UNDER_WAY_NOTE, rideUnderWay } from '../lib/ride-under-way.ts';
import { HospitalInfoBlock } from './hospital-info.tsx';

export interface MyBookingsProps {
  /** Asks to cancel one booking (the page confirms first). */
  onCancel: (booking: Booking) => void;
  /** Opens Change Slot for one booking. */
  onChange: (booking: Booking) => void;
  /** The booking whose cancel request is in flight. */
  cancelingId: string | null;
}

const isOpen = (b: Booking) => (OPEN_BOOKING_STATUSES as readonly string[]).includes(b.status);

/**
 * The customer's bookings: the upcoming ones first, soonest first, each with its service, pet, time, status and
 * note, Change Slot and Cancel; then the earlier and canceled ones, with the visit's summary once completed.
 */
export function MyBookings({ onCancel, onChange, cancelingId }: MyBookingsProps) {
  const q = useMyBookings();
  const bookings = q.data?.pages.flatMap((p) => p.items) ?? [];
  const now = Date.now();
  const upcoming = bookings
    .filter((b) => isOpen(b) && new Date(b.startsAt).getTime() > now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const earlier = bookings.filter((b) => !upcoming.includes(b));

  const card = (b: Booking, actions: boolean) => {
    const when = formatWhen(b.date, b.time);
    return (
      <Card as="li" key={b.id} className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">{b.service.name}</p>
            <p>{when}</p>
            {b.providerName && <p className="text-sm">With {b.providerName}</p>}
            <p className="text-sm text-ink-muted">
              {b.petName}
              {b.petAge != null && `, ${b.petAge} ${b.petAge === 1 ? 'year' : 'years'}`} · {b.ownerName}
            </p>
          </div>
          <BookingStatusBadge status={b.status} />
        </div>
        {b.note && (
          <p className="text-sm break-words whitespace-pre-line">
            <span className="text-ink-muted">Note: </span>
            {b.note}
          </p>
        )}
        {b.pickupAddress && (
          <p className="text-sm break-words">
            <span className="text-ink-muted">Pickup from: </span>
            {b.pickupAddress}
          </p>
        )}
        {b.ride && <RideStepper ride={b.ride} date={b.date} />}
        {b.status === 'confirmed' && b.hospitalInfo && <HospitalInfoBlock info={b.hospitalInfo} />}
        {b.status === 'completed' && b.visit && <VisitSummary visit={b.visit} />}
        {b.status === 'no_show' && <p className="text-sm text-ink-muted">Marked as missed by the clinic.</p>}
        {actions && rideUnderWay(b) && <p className="text-sm text-ink-muted">{RIDE_UNDER_WAY_NOTE}</p>}
        {actions && !rideUnderWay(b) && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onChange(b)}
              disabled={cancelingId === b.id}
              aria-label={`Change slot for ${b.petName} on ${when}`}
            >
              Change Slot
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onCancel(b)}
              loading={cancelingId === b.id}
              aria-label={`Cancel booking for ${b.petName} on ${when}`}
            >
              Cancel booking
            </Button>
          </div>
        )}
      </Card>
    );
  };

  return (
    <section aria-labelledby="my-bookings-title" className="space-y-4">
      <h2 id="my-bookings-title" tabIndex={-1} className="themed text-2xl font-semibold">
        My bookings
      </h2>
      {q.isPending ? (
        <LoadingState label="Loading your bookings…" />
      ) : q.isError ? (
        <ErrorState message="We could not load your bookings." onRetry={() => void q.refetch()} />
      ) : bookings.length === 0 ? (
        <EmptyState title="No bookings yet">Your bookings will appear here with their status.</EmptyState>
      ) : (
        <>
          <h3 className="text-lg font-semibold">Upcoming</h3>
          {upcoming.length === 0 ? (
            <p className="text-ink-muted">No upcoming bookings.</p>
          ) : (
            <ul className="grid items-start gap-4 md:grid-cols-2">{upcoming.map((b) => card(b, true))}</ul>
          )}
          {earlier.length > 0 && (
            <>
              <h3 className="text-lg font-semibold">Earlier and canceled</h3>
              <ul className="grid items-start gap-4 md:grid-cols-2">{earlier.map((b) => card(b, false))}</ul>
            </>
          )}
        </>
      )}
      {q.hasNextPage && (
        <Button variant="secondary" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          Show older bookings
        </Button>
      )}
    </section>
  );
}
