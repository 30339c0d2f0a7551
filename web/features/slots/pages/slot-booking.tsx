import { useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '#shared/messages';
import type { BookingForm as BookingFormValues, SlotBooking } from '#shared/slots';
import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMyBookings } from '../api/get-my-bookings.ts';
import { BookedView } from '../components/booked-view.tsx';
import { BookingForm } from '../components/booking-form.tsx';
import { MyBookings } from '../components/my-bookings.tsx';
import { clearSavedBooking, readSavedBooking, type SavedBooking } from '../lib/saved-booking.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';

const cancelError = (err: unknown) =>
  err instanceof ApiError && err.status === 0
    ? 'Could not reach the server. Please try again.'
    : errorMessage(err, MSG.slotCancelFailed);

/** /slots: book a visit, see the booked slot (Cancel, Change Slot), and every booking with its status. */
export default function SlotBookingPage() {
  const { user } = useSession();
  const config = usePublicConfig();
  const [saved, setSaved] = useState<SavedBooking | null>(() => readSavedBooking(user?.id));
  const [draft, setDraft] = useState<Partial<BookingFormValues> | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState<'cancel' | 'change' | null>(null);
  const [cancelingId, setCancelingId] = useState<string | null>(null);
  const cancel = useCancelBooking();
  const mine = useMyBookings(!!user);
  useLiveBookings();

  const current = saved?.bookingId
    ? mine.data?.pages.flatMap((p) => p.items).find((b) => b.id === saved.bookingId)
    : undefined;

  /** Cancels on the server; a booking that is already gone there counts as canceled. */
  async function cancelOnServer(id: string | undefined): Promise<boolean> {
    if (!id) return true;
    try {
      await cancel.mutateAsync(id);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return true;
      toast.error(cancelError(err));
      return false;
    }
  }

  function showForm(values: Partial<BookingFormValues> | undefined) {
    clearSavedBooking();
    setSaved(null);
    setDraft(values);
    setFormKey((k) => k + 1);
  }

  async function onCancel() {
    if (!saved) return;
    setBusy('cancel');
    const ok = await cancelOnServer(saved.bookingId);
    setBusy(null);
    if (!ok) return;
    showForm(undefined);
    toast.success(MSG.bookingCanceled);
  }

  async function onChange() {
    if (!saved) return;
    setBusy('change');
    const ok = await cancelOnServer(saved.bookingId);
    setBusy(null);
    if (!ok) return;
    const { date, time, petName, ownerName, petAge, phone } = saved;
    showForm({ date, time, petName, ownerName, petAge, phone });
    toast.success(MSG.slotChanged);
  }

  function onCancelListed(b: SlotBooking) {
    setCancelingId(b.id);
    cancel.mutate(b.id, {
      onSuccess: () => {
        toast.success(MSG.bookingCanceled);
        if (saved?.bookingId === b.id) showForm(undefined);
      },
      onError: (err) => toast.error(cancelError(err)),
      onSettled: () => setCancelingId(null),
    });
  }

  return (
    <PageShell
      title="Slot Booking"
      intro="Book a vet checkup, a training session or a pickup ride at a time that suits you."
      width="normal"
    >
      <div className="space-y-10">
        {!user ? null : saved ? (
          <BookedView
            saved={saved}
            current={current}
            busy={busy}
            onCancel={() => void onCancel()}
            onChange={() => void onChange()}
            onDismiss={() =>
              showForm({ petName: saved.petName, ownerName: saved.ownerName, petAge: saved.petAge, phone: saved.phone })
            }
          />
        ) : config.isPending ? (
          <LoadingState label="Loading the booking form…" />
        ) : config.isError ? (
          <ErrorState message="We could not load the booking form." onRetry={() => void config.refetch()} />
        ) : (
          <BookingForm
            key={formKey}
            user={user}
            timeZone={config.data.slot.timeZone}
            initial={draft}
            onBooked={setSaved}
          />
        )}
        {user && <MyBookings onCancel={onCancelListed} cancelingId={cancelingId} />}
      </div>
    </PageShell>
  );
}
