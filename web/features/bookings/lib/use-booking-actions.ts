import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { MSG } from '#shared/messages';
import type { HospitalInfoInput, Booking } from '#shared/bookings';
import type { CompleteVisitRequest } from '../components/complete-visit-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useCompleteVisit } from '../api/complete-visit.ts';
import { useConfirmBooking } from '../api/confirm-booking.ts';
import { useMarkNoShow } from '../api/mark-no-show.ts';

/** The booking whose action is in flight, and which action it is. */
export interface RowAction {
  id: string;
  kind: 'confirm' | 'cancel' | 'complete' | 'no_show';
}

const VISIT_RECORDED = 'Visit recorded.';
const NO_SHOW_RECORDED = 'Marked as no-show.';
const NO_SHOW_FAILED = 'Could not mark the booking as a no-show. Please try again.';

/** Staff actions on a booking with the spec's toasts; `pending` says which booking is busy. */
export function useBookingActions() {
  const confirmMutation = useConfirmBooking();
  const cancelMutation = useCancelBooking();
  const completeMutation = useCompleteVisit();
  const noShowMutation = useMarkNoShow();
  const [pending, setPending] = useState<RowAction | null>(null);

  /** Confirms with the hospital info staff checked in the form (useConfirmWithHospitalInfo). */
  function confirm(b: Booking, hospitalInfo: HospitalInfoInput, onDone: () => void) {
    setPending({ id: b.id, kind: 'confirm' });
    confirmMutation.mutate(
      { id: b.id, hospitalInfo },
      {
        onSuccess: () => {
          toast.success(MSG.slotConfirmed);
          onDone();
        },
        onError: (err) => {
          console.warn('confirm booking failed', err);
          toast.error(MSG.slotConfirmFailed);
        },
        onSettled: () => setPending(null),
      },
    );
  }

  function cancel(b: Booking) {
    setPending({ id: b.id, kind: 'cancel' });
    cancelMutation.mutate(b.id, {
      onSuccess: () => toast.success(MSG.slotCancelled),
      onError: (err) => {
        console.warn('cancel booking failed', err);
        toast.error(MSG.slotCancelFailed);
      },
      onSettled: () => setPending(null),
    });
  }

  /**
   * Records the visit. The dialog stays open on failure and shows `onError`'s message (the server's, such as "The
   * visit has not started yet"), so what staff typed is kept.
   */
  function complete(b: Booking, body: CompleteVisitRequest, on: { done: () => void; failed: (err: unknown) => void }) {
    setPending({ id: b.id, kind: 'complete' });
    completeMutation.mutate(
      { id: b.id, body },
      {
        onSuccess: () => {
          toast.success(VISIT_RECORDED);
          on.done();
        },
        onError: (err) => {
          console.warn('complete visit failed', err);
          on.failed(err);
        },
        onSettled: () => setPending(null),
      },
    );
  }

  function noShow(b: Booking, onDone: () => void) {
    setPending({ id: b.id, kind: 'no_show' });
    noShowMutation.mutate(b.id, {
      onSuccess: () => toast.success(NO_SHOW_RECORDED),
      onError: (err) => {
        console.warn('mark no-show failed', err);
        toast.error(errorMessage(err, NO_SHOW_FAILED));
      },
      onSettled: () => {
        setPending(null);
        onDone();
      },
    });
  }

  return {
    confirm,
    cancel,
    complete,
    noShow,
    pending,
    confirming: confirmMutation.isPending,
    completing: completeMutation.isPending,
    markingNoShow: noShowMutation.isPending,
  };
}
