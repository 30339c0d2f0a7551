import { formatWhen } from '#shared/dates';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { BookedView } from '../components/booked-view.tsx';
import { BookingForm } from '../components/booking-form.tsx';
import { MyBookings } from '../components/my-bookings.tsx';
import { RescheduleDialog } from '../components/reschedule-dialog.tsx';
import { useBookingPage, type CancelTarget } from '../hooks/use-booking-page.ts';

/** The question before a booking is canceled, naming it. */
function CancelQuestion({
  asking,
  busy,
  onConfirm,
  onKeep,
}: {
  asking: CancelTarget | null;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <ConfirmDialog
      open={!!asking}
      title="Cancel this booking?"
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      variant="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onKeep}
    >
      {asking && (
        <p>
          {asking.serviceName ? `${asking.serviceName} for ` : ''}
          {asking.petName} on {formatWhen(asking.date, asking.time)} will be canceled and its time given up.
        </p>
      )}
    </ConfirmDialog>
  );
}

/**
 * /slots: book a service for a pet (or a pet typed by name), see the booked slot (Change Slot, Cancel, Book another)
 * and every booking with its status. Change Slot moves a booking in one step on the server; it never cancels it.
 */
export default function BookingPage() {
  const config = usePublicConfig();
  const page = useBookingPage();
  const { user, saved, params, cancelingId } = page;
  const timeZone = config.data?.slot.timeZone;

  return (
    <PageShell
      title="Slot Booking"
      intro="Book a vet checkup, a training session or a pickup ride at a time that suits you."
      width="normal"
    >
      <div className="space-y-10">
        {!user ? null : saved ? (
          <BookedView
            headingRef={page.bookedHeading}
            saved={saved}
            current={page.current}
            canceling={cancelingId !== null && cancelingId === saved.bookingId}
            onCancel={page.askSaved}
            onChange={page.moveSaved}
            onBookAnother={() => page.showForm({ ownerName: saved.ownerName, phone: saved.phone })}
          />
        ) : config.isPending ? (
          <LoadingState label="Loading the booking form…" />
        ) : config.isError || !timeZone ? (
          <ErrorState message="We could not load the booking form." onRetry={() => void config.refetch()} />
        ) : (
          <BookingForm
            key={page.formKey}
            user={user}
            timeZone={timeZone}
            initial={page.draft}
            serviceId={params.get('serviceId')}
            kind={params.get('kind')}
            providerId={params.get('providerId')}
            petId={params.get('petId')}
            date={params.get('date')}
            onBooked={page.onBooked}
          />
        )}
        {user && <MyBookings onCancel={page.ask} onChange={page.move} cancelingId={cancelingId} />}
      </div>
      {timeZone && (
        <RescheduleDialog target={page.moving} timeZone={timeZone} onClose={page.stopMoving} onMoved={page.onMoved} />
      )}
      <CancelQuestion
        asking={page.asking}
        busy={cancelingId !== null}
        onConfirm={page.confirmCancel}
        onKeep={page.keep}
      />
    </PageShell>
  );
}
