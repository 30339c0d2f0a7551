import { MSG } from '#shared/messages';
import { PageShell } from '../../../components/page-shell.tsx';
import { AgendaView } from '../components/agenda-view.tsx';
import { useBookingActions } from '../lib/use-booking-actions.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';

/** /employee/slots: the agenda with its filters; Confirm asks for the hospital info the customer receives. */
export default function StaffBookingsPage() {
  const actions = useBookingActions();
  useLiveBookings();

  return (
    <PageShell
      title="Booked Slots"
      intro="Bookings by appointment time, today first. Confirm one to send the customer the hospital details; on its day, record the visit."
    >
      <AgendaView
        actions={actions}
        headingLevel="h2"
        loadError={MSG.slotsFetchError}
        loadErrorToast={MSG.slotsFetchError}
      />
    </PageShell>
  );
}
