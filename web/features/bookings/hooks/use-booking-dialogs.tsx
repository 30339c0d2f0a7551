import { useState, type ReactNode } from 'react';
import { formatWhen } from '#shared/dates';
import type { Booking } from '#shared/bookings';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import type { BookingHandlers } from '../components/booking-action-buttons.tsx';
import { BookingPanel } from '../components/booking-panel.tsx';
import { CompleteVisitDialog } from '../components/complete-visit-dialog.tsx';
import type { useBookingActions } from '../lib/use-booking-actions.ts';
import { useAgendaClock } from './use-agenda-clock.ts';
import { useConfirmWithHospitalInfo } from './use-confirm-with-hospital-info.tsx';

/**
 * The agenda's dialogs and what opens them: a booking's panel, Confirm (the hospital info), Complete visit and the
 * no-show question. `shown` are the bookings on screen: an open panel follows its booking as events change it, and
 * closes when the booking leaves the list.
 */
export function useBookingDialogs(
  actions: ReturnType<typeof useBookingActions>,
  shown: Booking[],
): { handlers: BookingHandlers; dialogs: ReactNode } {
  const confirm = useConfirmWithHospitalInfo(actions);
  const { now, today } = useAgendaClock();
  const [completing, setCompleting] = useState<Booking | null>(null);
  const [noShow, setNoShow] = useState<Booking | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const viewing = viewingId ? shown.find((b) => b.id === viewingId) : undefined;

  const handlers: BookingHandlers = {
    onConfirm: confirm.ask,
    onCancel: actions.cancel,
    onComplete: setCompleting,
    onNoShow: setNoShow,
    onView: (b) => setViewingId(b.id),
    pending: actions.pending,
    confirmDisabled: !confirm.ready,
  };
  // From the panel, an action closes it first: its own dialog then opens over the agenda, not over the panel.
  const closeThen =
    (next: (b: Booking) => void) =>
    (b: Booking): void => {
      setViewingId(null);
      next(b);
    };
  const fromPanel: BookingHandlers = {
    ...handlers,
    onConfirm: closeThen(handlers.onConfirm),
    onCancel: closeThen(handlers.onCancel),
    onComplete: closeThen(handlers.onComplete),
    onNoShow: closeThen(handlers.onNoShow),
  };

  const dialogs = (
    <>
      {viewing && (
        <BookingPanel
          booking={viewing}
          now={now}
          today={today}
          handlers={fromPanel}
          onClose={() => setViewingId(null)}
        />
      )}
      {confirm.dialog}
      {completing && (
        <CompleteVisitDialog
          booking={completing}
          submitting={actions.completing}
          onClose={() => setCompleting(null)}
          onSubmit={(body, failed) => actions.complete(completing, body, { done: () => setCompleting(null), failed })}
        />
      )}
      <ConfirmDialog
        open={!!noShow}
        title="Mark as no-show?"
        confirmLabel="Mark no-show"
        cancelLabel="Keep booking"
        variant="danger"
        busy={actions.markingNoShow}
        onCancel={() => setNoShow(null)}
        onConfirm={() => noShow && actions.noShow(noShow, () => setNoShow(null))}
      >
        {noShow && (
          <p className="text-sm text-ink-muted">
            {noShow.petName} ({noShow.ownerName}) did not come to {noShow.service.name} on{' '}
            {formatWhen(noShow.date, noShow.time)}. The booking is closed and counts in the no-show rate.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
  return { handlers, dialogs };
}
