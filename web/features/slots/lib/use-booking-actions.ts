import { useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '#shared/messages';
import type { HospitalInfoInput, SlotBooking } from '#shared/slots';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useConfirmBooking } from '../api/confirm-booking.ts';
import type { RowAction } from '../components/bookings-table.tsx';

/** Staff actions on a booking with the spec's toasts; `pending` says which row is busy. */
export function useBookingActions() {
  const confirmMutation = useConfirmBooking();
  const cancelMutation = useCancelBooking();
  const [pending, setPending] = useState<RowAction | null>(null);

  function confirm(b: SlotBooking, hospitalInfo?: HospitalInfoInput, onDone?: () => void) {
    setPending({ id: b.id, kind: 'confirm' });
    confirmMutation.mutate(
      { id: b.id, hospitalInfo },
      {
        onSuccess: () => {
          toast.success(MSG.slotConfirmed);
          onDone?.();
        },
        onError: (err) => {
          console.warn('confirm booking failed', err);
          toast.error(MSG.slotConfirmFailed);
        },
        onSettled: () => setPending(null),
      },
    );
  }

  function cancel(b: SlotBooking) {
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

  return { confirm, cancel, pending, confirming: confirmMutation.isPending };
}
