import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { User } from '#shared/auth';
import { MSG } from '#shared/messages';
import {
  addDays,
  BOOKING_HORIZON_DAYS,
  BookingFormSchema,
  isRealDate,
  PET_AGE_MAX,
  SLOT_MSG,
  todayIn,
  toSchedule,
  type BookingForm as BookingFormValues,
} from '#shared/slots';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useBookSlot } from '../api/book-slot.ts';
import { bookingKeyFor, finishBookingAttempt } from '../lib/booking-attempt.ts';
import { writeSavedBooking, type SavedBooking } from '../lib/saved-booking.ts';

export interface BookingFormProps {
  user: User;
  timeZone: string;
  /** Values to start from (Change Slot keeps what was typed). */
  initial?: Partial<BookingFormValues>;
  onBooked: (saved: SavedBooking) => void;
}

const order: (keyof BookingFormValues)[] = ['date', 'time', 'petName', 'ownerName', 'petAge', 'phone'];

/** The customer's booking form: a day, a free time of that day, the pet and how to reach the owner. */
export function BookingForm({ user, timeZone, initial, onBooked }: BookingFormProps) {
  const today = todayIn(timeZone);
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  const schema = useMemo(
    () =>
      BookingFormSchema.refine((v) => v.date >= today, { path: ['date'], message: SLOT_MSG.pastDate }).refine(
        (v) => v.date <= lastDay,
        {
          path: ['date'],
          message: SLOT_MSG.tooFarAhead,
        },
      ),
    [today, lastDay],
  );
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<BookingFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      date: initial?.date ?? '',
      time: initial?.time ?? '',
      petName: initial?.petName ?? '',
      ownerName: initial?.ownerName ?? user.name,
      petAge: initial?.petAge ?? '',
      phone: initial?.phone ?? user.phone ?? '',
    },
  });
  const date = watch('date');
  const time = watch('time');
  const dateOk = isRealDate(date) && date >= today && date <= lastDay;
  const availability = useAvailability(dateOk ? date : undefined);
  const book = useBookSlot();

  // A new day has other free times: drop the time picked for the previous day.
  const shownDate = useRef(date);
  useEffect(() => {
    if (shownDate.current !== date) {
      shownDate.current = date;
      setValue('time', '');
    }
  }, [date, setValue]);

  // Someone else took the last seat of the picked time while the form was open (availability is live).
  const [taken, setTaken] = useState<string | null>(null);
  const pickedSlot =
    availability.data?.date === date ? availability.data.slots.find((s) => s.time === time) : undefined;
  useEffect(() => {
    if (!availability.isFetching && pickedSlot && (pickedSlot.past || pickedSlot.available === 0)) {
      setTaken(pickedSlot.time);
      setValue('time', '');
    }
  }, [availability.isFetching, pickedSlot, setValue]);
  useEffect(() => {
    if (time) setTaken(null);
  }, [time]);

  const onInvalid = (errs: FieldErrors<BookingFormValues>) => {
    const first = order.find((k) => errs[k]);
    const message = first ? errs[first]?.message : undefined;
    toast.error(message ?? MSG.fillAllFields, { toastId: `booking-invalid-${message}` });
    if (first && first !== 'time') setFocus(first);
  };

  const onSubmit = (v: BookingFormValues) => {
    const schedule = toSchedule(v.date, v.time);
    const body = {
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      userAddress: user.address ?? '',
      schedule,
      petName: v.petName,
      ownerName: v.ownerName,
      petAge: v.petAge === '' ? undefined : Number(v.petAge),
      phone: v.phone,
    };
    book.mutate(
      { body, idempotencyKey: bookingKeyFor(body) },
      {
        onSuccess: (booking) => {
          finishBookingAttempt();
          const saved: SavedBooking = {
            date: v.date,
            time: v.time,
            petName: v.petName,
            ownerName: v.ownerName,
            petAge: v.petAge,
            phone: v.phone,
            selectedSlot: schedule,
            bookingId: booking.id,
            userId: user.id,
          };
          writeSavedBooking(saved);
          toast.success(MSG.booked);
          onBooked(saved);
        },
        onError: (err) => {
          // A refusal is final; after a lost answer or a server fault the same attempt is sent again with its key.
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) finishBookingAttempt();
          if (err instanceof ApiError && err.status === 0) toast.error(MSG.bookFailedNetwork);
          else toast.error(errorMessage(err, MSG.bookFailed));
          if (err instanceof ApiError && err.code === 'SLOT_FULL') setValue('time', '');
        },
      },
    );
  };

  const slots = availability.data?.date === date ? availability.data.slots : undefined;

  return (
    <Card as="section" className="space-y-6">
      <h2 className="text-xl font-semibold">Book a visit</h2>
      <form
        noValidate
        onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)}
        className="space-y-5"
        aria-busy={book.isPending || undefined}
      >
        <TextField
          type="date"
          label="Date"
          markRequired
          min={today}
          max={lastDay}
          error={errors.date?.message}
          hint={`Any day from today up to ${BOOKING_HORIZON_DAYS} days ahead.`}
          {...register('date')}
        />

        <fieldset aria-describedby={errors.time ? 'slot-time-error' : undefined}>
          <legend className="text-sm font-medium text-ink">
            Time
            <span className="text-red-700" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          {!dateOk ? (
            <p className="mt-2 text-sm text-ink-muted">Pick a date to see the free times.</p>
          ) : availability.isError ? (
            <div className="mt-2">
              <ErrorState message="We could not load the free times." onRetry={() => void availability.refetch()} />
            </div>
          ) : !slots ? (
            <p role="status" className="mt-2 flex items-center gap-2 text-sm text-ink-muted">
              <Spinner className="h-4 w-4" /> Loading free times…
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-ink-muted">
                Times are the clinic&apos;s local time ({timeZone}). Full times cannot be picked.
              </p>
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
                {slots.map((s) => {
                  const disabled = s.past || s.available === 0;
                  const note = s.past ? 'Past' : s.available === 0 ? 'Full' : `${s.available} of ${s.capacity} free`;
                  return (
                    <label
                      key={s.time}
                      className={`relative flex cursor-pointer flex-col items-center rounded-md border px-2 py-2 text-center text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${
                        disabled
                          ? 'cursor-not-allowed border-gray-200 bg-gray-100 text-gray-600 line-through decoration-1'
                          : time === s.time
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-gray-300 bg-white text-ink hover:border-brand-700'
                      }`}
                    >
                      <input
                        type="radio"
                        value={s.time}
                        disabled={disabled}
                        className="absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                        {...register('time')}
                      />
                      <span className="font-semibold">{s.time}</span>{' '}
                      <span className={`text-xs ${time === s.time && !disabled ? 'text-white' : ''}`}>{note}</span>
                    </label>
                  );
                })}
              </div>
              {slots.every((s) => s.past || s.available === 0) && (
                <p className="mt-2 text-sm font-medium text-ink">
                  No free times left on this day. Please pick another date.
                </p>
              )}
            </>
          )}
          {taken && !time && (
            <p role="status" className="mt-2 text-sm font-medium text-ink">
              {taken} has just been fully booked. Please pick another time.
            </p>
          )}
          {errors.time?.message && (
            <p id="slot-time-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.time.message}
            </p>
          )}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Pet name"
            markRequired
            autoComplete="off"
            error={errors.petName?.message}
            {...register('petName')}
          />
          <TextField
            label="Owner name"
            markRequired
            autoComplete="name"
            error={errors.ownerName?.message}
            {...register('ownerName')}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={0}
            max={PET_AGE_MAX}
            step={1}
            label="Pet age (years)"
            hint="Optional"
            error={errors.petAge?.message}
            {...register('petAge')}
          />
          <TextField
            type="tel"
            inputMode="numeric"
            label="Phone"
            markRequired
            autoComplete="tel"
            maxLength={10}
            error={errors.phone?.message}
            hint="10 digits"
            {...register('phone')}
          />
        </div>

        <Button type="submit" size="lg" loading={book.isPending} className="w-full sm:w-auto">
          Book Slot
        </Button>
      </form>
    </Card>
  );
}
