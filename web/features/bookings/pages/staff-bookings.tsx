import { useState } from 'react';
import { MSG } from '#shared/messages';
import type { Booking } from '#shared/bookings';
import { PageShell } from '../../../components/page-shell.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { AgendaView } from '../components/agenda-view.tsx';
import { ConfirmBookingDialog } from '../components/confirm-booking-dialog.tsx';
import { useBookingActions } from '../lib/use-booking-actions.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';

/** /employee/slots: the agenda with its filters; Confirm asks for the hospital info the customer receives. */
export default function StaffBookingsPage() {
  const config = usePublicConfig();
  const actions = useBookingActions();
  const [confirming, setConfirming] = useState<Booking | null>(null);
  useLiveBookings();

  return (
    <PageShell
      title="Booked Slots"
      intro="Bookings by appointment time, today first. Confirm one to send the customer the hospital details; on its day, record the visit."
    >
      <AgendaView
        actions={actions}
        onConfirm={setConfirming}
        confirmDisabled={!config.data}
        headingLevel="h2"
        loadError={MSG.slotsFetchError}
        loadErrorToast={MSG.slotsFetchError}
      />
      {confirming && config.data && (
        <ConfirmBookingDialog
          booking={confirming}
          defaults={config.data.clinic}
          submitting={actions.confirming}
          onClose={() => setConfirming(null)}
          onSubmit={(info) => actions.confirm(confirming, info, () => setConfirming(null))}
        />
      )}
    </PageShell>
  );
}
