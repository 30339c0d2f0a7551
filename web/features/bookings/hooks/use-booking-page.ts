import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { Booking } from '#shared/bookings';
import { formatWhen } from '#shared/dates';
import { MSG } from '#shared/messages';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useMyBookings } from '../api/get-my-bookings.ts';
import type { RescheduleTarget } from '../components/reschedule-dialog.tsx';
import { clearSavedBooking, readSavedBooking, writeSavedBooking, type SavedBooking } from '../lib/saved-booking.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';
import type { BookingFormInitial } from './use-booking-form.ts';

const cancelError = (err: unknown) =>
  err instanceof ApiError && err.status === 0
    ? 'Could not reach the server. Please try again.'
    : errorMessage(err, MSG.slotCancelFailed);

/** The booking a Cancel is asked about: enough to name it in the question. */
export interface CancelTarget {
  id: string;
  petName: string;
  date: string;
  time: string;
  serviceName?: string;
}

const fromBooking = (b: Booking): CancelTarget & RescheduleTarget => ({
  id: b.id,
  date: b.date,
  time: b.time,
  petName: b.petName,
  serviceId: b.serviceId,
  serviceName: b.service.name,
});

/**
 * What /slots shows and does: the form (a fresh one for a rebooking link), or the booking just made with Change Slot
 * and Cancel, the question before a cancel, and where the focus goes as the view changes.
 */
export function useBookingPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  // A link that says what to book (a reminder's "Book a time", a pet's "Book a visit") opens the form even when an
  // earlier booking is on show.
  const rebooking = ['serviceId', 'kind', 'petId', 'date', 'providerId'].some((k) => params.has(k));
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

  // The booking just made, as the server now has it when the list holds it.
  const savedTarget = saved && {
    id: saved.bookingId ?? '',
    date: saved.date,
    time: saved.time,
    petName: saved.petName,
    serviceId: current?.serviceId ?? saved.serviceId,
    serviceName: current?.service.name ?? saved.serviceName,
  };

  return {
    user,
    params,
    saved,
    current,
    draft,
    formKey,
    bookedHeading,
    showForm,
    onBooked,
    moving,
    move: (b: Booking) => setMoving(fromBooking(b)),
    moveSaved: () => saved?.bookingId && savedTarget && setMoving(savedTarget),
    stopMoving: () => setMoving(null),
    onMoved,
    asking,
    ask: (b: Booking) => setAsking(fromBooking(b)),
    askSaved: () => saved?.bookingId && savedTarget && setAsking(savedTarget),
    keep: () => setAsking(null),
    confirmCancel,
    cancelingId,
  };
}
