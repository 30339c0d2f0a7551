import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { formatWhen } from '#shared/dates';
import { MSG } from '#shared/messages';
import type { Booking } from '#shared/bookings';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSession } from '../../../lib/session.tsx';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useMyBookings } from '../api/get-my-bookings.ts';
import { BookedView } from '../components/booked-view.tsx';
import { BookingForm } from '../components/booking-form.tsx';
import type { BookingFormInitial } from '../hooks/use-booking-form.ts';
import { MyBookings } from '../components/my-bookings.tsx';
import { RescheduleDialog, type RescheduleTarget } from '../components/reschedule-dialog.tsx';
import { clearSavedBooking, readSavedBooking, writeSavedBooking, type SavedBooking } from '../lib/saved-booking.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';

const cancelError = (err: unknown) =>
  err instanceof ApiError && err.status === 0
    ? 'Could not reach the server. Please try again.'
    : errorMessage(err, MSG.slotCancelFailed);

/** The booking a Cancel is asked about: enough to name it in the question. */
interface CancelTarget {
  id: string;
  petName: string;
  date: string;
  time: string;
  serviceName?: string;
}

/**
 * /slots: book a service for a pet (or a pet typed by name), see the booked slot (Change Slot, Cancel, Book another)
 * and every booking with its status. Change Slot moves a booking in one step on the server; it never cancels it.
 */
export default function BookingPage() {
  const { user } = useSession();
  const config = usePublicConfig();
  const [params, setParams] = useSearchParams();
  // A link that says what to book (a reminder's "Book a time", a pet's "Book a visit") opens the form even when an
  // earlier booking is on show.
  const rebooking = ['serviceId', 'petId', 'date'].some((k) => params.has(k));
  const [saved, setSaved] = useState<SavedBooking | null>(() => (rebooking ? null : readSavedBooking(user?.id)));
  const [draft, setDraft] = useState<BookingFormInitial | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const [moving, setMoving] = useState<RescheduleTarget | null>(null);
  const [asking, setAsking] = useState<CancelTarget | null>(null);
  const [cancelingId, setCancelingId] = useState<string | null>(null);
  // Such a link followed while this page is open (a reminder's toast) starts a fresh form from it.
  const link = rebooking ? params.toString() : '';
  const [linkShown, setLinkShown] = useState(link);
  if (link !== linkShown) {
    setLinkShown(link);
    if (link) {
      setSaved(null);
      setDraft(undefined);
      setFormKey((k) => k + 1);
    }
  }
  const cancel = useCancelBooking();
  const mine = useMyBookings(!!user);
  useLiveBookings();

  // Focus follows the view: the booked view's heading after a booking, the form's heading after leaving it, the list's
  // heading after a booking of the list is canceled (its card moves to the earlier ones, without its buttons).
  const bookedHeading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'booked' | 'form' | 'list' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'booked') bookedHeading.current?.focus();
    if (focusNext.current === 'form') document.getElementById('book-visit-title')?.focus();
    if (focusNext.current === 'list') document.getElementById('my-bookings-title')?.focus();
    focusNext.current = null;
  }, [saved, formKey, asking]);

  const current = saved?.bookingId
    ? mine.data?.pages.flatMap((p) => p.items).find((b) => b.id === saved.bookingId)
    : undefined;

  function showForm(values: BookingFormInitial | undefined) {
    clearSavedBooking();
    setSaved(null);
    setDraft(values);
    setFormKey((k) => k + 1);
    focusNext.current = 'form';
  }

  function onBooked(s: SavedBooking) {
    focusNext.current = 'booked';
    setSaved(s);
    // The link has done its job: a reload shows this booking, and "Book another" a plain form.
    if (rebooking) setParams({}, { replace: true });
  }

  function onMoved(b: Booking) {
    setMoving(null);
    toast.success(`Booking moved to ${formatWhen(b.date, b.time)}.`);
    if (saved && saved.bookingId === b.id) {
      const next = { ...saved, date: b.date, time: b.time, selectedSlot: b.schedule };
      writeSavedBooking(next);
      setSaved(next);
    }
  }

  function canceled(target: CancelTarget) {
    setAsking(null);
    if (saved?.bookingId === target.id) showForm(undefined);
    else focusNext.current = 'list';
  }

  function confirmCancel() {
    if (!asking) return;
    const target = asking;
    setCancelingId(target.id);
    cancel.mutate(target.id, {
      onSuccess: () => {
        toast.success(MSG.bookingCanceled);
        canceled(target);
      },
      onError: (err) => {
        // A booking already gone on the server counts as canceled.
        if (err instanceof ApiError && err.status === 404) {
          canceled(target);
          return;
        }
        toast.error(cancelError(err));
      },
      onSettled: () => setCancelingId(null),
    });
  }

  const fromBooking = (b: Booking) => ({
    id: b.id,
    date: b.date,
    time: b.time,
    petName: b.petName,
    serviceId: b.serviceId,
    serviceName: b.service.name,
  });
  const fromSaved = (s: SavedBooking) => ({
    id: s.bookingId ?? '',
    date: s.date,
    time: s.time,
    petName: s.petName,
    serviceId: current?.serviceId ?? s.serviceId,
    serviceName: current?.service.name ?? s.serviceName,
  });

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
            headingRef={bookedHeading}
            saved={saved}
            current={current}
            canceling={cancelingId !== null && cancelingId === saved.bookingId}
            onCancel={() => saved.bookingId && setAsking(fromSaved(saved))}
            onChange={() => saved.bookingId && setMoving(fromSaved(saved))}
            onBookAnother={() => showForm({ ownerName: saved.ownerName, phone: saved.phone })}
          />
        ) : config.isPending ? (
          <LoadingState label="Loading the booking form…" />
        ) : config.isError || !timeZone ? (
          <ErrorState message="We could not load the booking form." onRetry={() => void config.refetch()} />
        ) : (
          <BookingForm
            key={formKey}
            user={user}
            timeZone={timeZone}
            initial={draft}
            serviceId={params.get('serviceId')}
            petId={params.get('petId')}
            date={params.get('date')}
            onBooked={onBooked}
          />
        )}
        {user && (
          <MyBookings
            onCancel={(b) => setAsking(fromBooking(b))}
            onChange={(b) => setMoving(fromBooking(b))}
            cancelingId={cancelingId}
          />
        )}
      </div>
      {timeZone && (
        <RescheduleDialog target={moving} timeZone={timeZone} onClose={() => setMoving(null)} onMoved={onMoved} />
      )}
      <ConfirmDialog
        open={!!asking}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        variant="danger"
        busy={cancelingId !== null}
        onConfirm={confirmCancel}
        onCancel={() => setAsking(null)}
      >
        {asking && (
          <p>
            {asking.serviceName ? `${asking.serviceName} for ` : ''}
            {asking.petName} on {formatWhen(asking.date, asking.time)} will be canceled and its time given up.
          </p>
        )}
      </ConfirmDialog>
    </PageShell>
  );
}
