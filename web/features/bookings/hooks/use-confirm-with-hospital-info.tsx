import { useState, type ReactNode } from 'react';
import type { Booking } from '#shared/bookings';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { ConfirmBookingDialog } from '../components/confirm-booking-dialog.tsx';
import type { useBookingActions } from '../lib/use-booking-actions.ts';

export interface ConfirmWithHospitalInfo {
  /** Opens the hospital-info form for this booking. */
  ask: (b: Booking) => void;
  /** False until the clinic's defaults have loaded: the form opens prefilled or not at all. */
  ready: boolean;
  /** The form, while it is open; render it once on the page. */
  dialog: ReactNode;
}

/**
 * Confirm, the same way wherever staff press it (the dashboard, the schedule, a booking's panel): a form with the
 * hospital info the customer receives, prefilled with the clinic's defaults from GET /api/config.
 */
export function useConfirmWithHospitalInfo(actions: ReturnType<typeof useBookingActions>): ConfirmWithHospitalInfo {
  const config = usePublicConfig();
  const [confirming, setConfirming] = useState<Booking | null>(null);
  const defaults = config.data?.clinic;
  return {
    ask: setConfirming,
    ready: !!defaults,
    dialog: confirming && defaults && (
      <ConfirmBookingDialog
        booking={confirming}
        defaults={defaults}
        submitting={actions.confirming}
        onClose={() => setConfirming(null)}
        onSubmit={(info) => actions.confirm(confirming, info, () => setConfirming(null))}
      />
    ),
  };
}
