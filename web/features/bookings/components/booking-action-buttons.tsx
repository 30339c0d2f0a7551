import { formatWhen } from '#shared/dates';
import type { Booking } from '#shared/bookings';
import { Button } from '../../../components/button.tsx';
import type { RowAction } from '../lib/use-booking-actions.ts';

/** What staff can do to a booking on the agenda, wherever it shows (a row of the list, a booking's panel). */
export interface BookingHandlers {
  onConfirm: (b: Booking) => void;
  onCancel: (b: Booking) => void;
  onComplete: (b: Booking) => void;
  onNoShow: (b: Booking) => void;
  /** Opens the booking's own panel: its details, its visit record and these actions. */
  onView: (b: Booking) => void;
  /** The booking whose action is in flight. */
  pending: RowAction | null;
  /** Confirm waits for something it needs first (the clinic's defaults). */
  confirmDisabled?: boolean;
}

/**
 * The buttons a booking's status and time allow, as the server allows them: a visit is recorded from the start of
 * its day (a pet seen early), a no-show once its time has begun; Confirm while pending; Cancel while open.
 */
export function BookingActionButtons({
  booking: b,
  now,
  today,
  handlers: h,
}: {
  booking: Booking;
  now: number;
  today: string;
  handlers: BookingHandlers;
}) {
  const when = formatWhen(b.date, b.time);
  const busy = h.pending?.id === b.id;
  const confirmed = b.status === 'confirmed';
  return (
    <>
      {confirmed && b.date <= today && (
        <Button
          size="sm"
          onClick={() => h.onComplete(b)}
          disabled={busy}
          aria-label={`Complete visit for ${b.petName} on ${when}`}
        >
          Complete visit
        </Button>
      )}
      {confirmed && new Date(b.startsAt).getTime() <= now && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => h.onNoShow(b)}
          disabled={busy}
          aria-label={`Mark no-show for ${b.petName} on ${when}`}
        >
          No-show
        </Button>
      )}
      {b.status === 'pending' && (
        <Button
          size="sm"
          onClick={() => h.onConfirm(b)}
          loading={busy && h.pending?.kind === 'confirm'}
          disabled={busy || h.confirmDisabled}
          aria-label={`Confirm booking for ${b.petName} on ${when}`}
        >
          Confirm
        </Button>
      )}
      {(b.status === 'pending' || confirmed) && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => h.onCancel(b)}
          loading={busy && h.pending?.kind === 'cancel'}
          disabled={busy}
          aria-label={`Cancel booking for ${b.petName} on ${when}`}
        >
          Cancel
        </Button>
      )}
    </>
  );
}

/** Whether a booking has any action left (a closed or canceled one has none). */
export const hasActions = (b: Booking) => b.status === 'pending' || b.status === 'confirmed';
