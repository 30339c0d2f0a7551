import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { User } from '#shared/auth';
import { CLINIC_MSG } from '#shared/clinic-settings';
import { ADDRESS_MAX } from '#shared/account-rules';
import { formatDay } from '#shared/dates';
import { MSG } from '#shared/messages';
import type { Pet } from '#shared/pets';
import type { Service } from '#shared/offerings';
import { addDays, todayIn } from '#shared/dates';
import {
  BOOKING_HORIZON_DAYS,
  BOOKING_NOTE_MAX,
  BookingFormSchema,
  PET_AGE_MAX,
  BOOKING_MSG,
  toSchedule,
  type BookSlotInput,
} from '#shared/bookings';
import { DateSchema } from '#shared/common';
import { Button } from '../../../components/button.tsx';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useClinicSettings } from '../../../lib/clinic-settings.ts';
import { usePets } from '../../../lib/pets.ts';
import { useOfferings } from '../../../lib/offerings.ts';
import { useBookSlot } from '../api/book-slot.ts';
import { bookingKeyFor, finishBookingAttempt } from '../lib/booking-attempt.ts';
import { writeSavedBooking, type SavedBooking } from '../lib/saved-booking.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { BookingTimes } from './booking-calendar-times.tsx';
import { OTHER_PET, PetPicker } from './pet-picker.tsx';
import { OfferingPicker } from './offering-picker.tsx';

/** What the form starts from: the spec's fields (kept by "Book another" and a clinic-canceled booking). */
export interface BookingFormInitial {
  petName?: string;
  ownerName?: string;
  petAge?: string;
  phone?: string;
}

export interface BookingFormProps {
  user: User;
  timeZone: string;
  initial?: BookingFormInitial;
  /** Preselected from the address (?serviceId=, ?petId=, ?date=: a reminder's one-tap rebooking link). */
  serviceId?: string | null;
  petId?: string | null;
  date?: string | null;
  onBooked: (saved: SavedBooking) => void;
}

const FormSchema = BookingFormSchema.omit({ petName: true }).extend({
  serviceId: z.string(),
  petChoice: z.string(),
  petName: z.string().trim().max(60, 'Pet name must be at most 60 characters'),
  note: z.string().max(BOOKING_NOTE_MAX, BOOKING_MSG.noteTooLong),
  pickupAddress: z.string().trim().max(ADDRESS_MAX, `Pickup address must be at most ${ADDRESS_MAX} characters`),
});
type Values = z.infer<typeof FormSchema>;

const order: (keyof Values)[] = [
  'serviceId',
  'petChoice',
  'petName',
  'petAge',
  'date',
  'time',
  'note',
  'pickupAddress',
  'ownerName',
  'phone',
];

/**
 * What an empty required field says under itself. The spec's 'Please fill all required fields!' is said once, in the
 * toast and above Book Slot, not under every empty field.
 */
const REQUIRED_HINT = 'Required';
const fieldError = (message: string | undefined) => (message === MSG.fillAllFields ? REQUIRED_HINT : message);
const MISSING_ID = 'booking-form-missing';

/** The services a customer books on the grid (emergency care has its own flow). */
const bookable = (services: Service[] | undefined) => services?.filter((s) => s.bookable && s.active);

/**
 * The customer's booking form: a service, a pet (or a name typed in), a day on the month calendar, a free time of
 * that day, a note, the pickup address for a ride, and how to reach the owner.
 */
export function BookingForm({ user, timeZone, initial, serviceId, petId, date: wanted, onBooked }: BookingFormProps) {
  const today = todayIn(timeZone);
  // The clinic's booking window (the first one until the settings are there).
  const windowDays = useClinicSettings().data?.bookingWindowDays ?? BOOKING_HORIZON_DAYS;
  const lastDay = addDays(today, windowDays);
  // A day beyond the booking horizon, or no day at all, is ignored; a past one still names the week to look in.
  const parsedWanted = DateSchema.safeParse(wanted ?? '');
  const preferredDate = parsedWanted.success && parsedWanted.data <= lastDay ? parsedWanted.data : undefined;
  const servicesQuery = useOfferings();
  const services = bookable(servicesQuery.data);
  const petsQuery = usePets();
  const pets = petsQuery.data;
  // Chosen in the form; until then the address's choice, else the checkup.
  const [chosenOffering, setChosenOffering] = useState<string | null>(null);
  const [chosenPet, setChosenPet] = useState<string | null>(null);

  const service =
    services?.find((s) => s.id === chosenOffering) ??
    services?.find((s) => s.id === serviceId) ??
    services?.find((s) => s.kind === 'checkup') ??
    services?.[0];
  const petChoice =
    chosenPet ??
    (petsQuery.isPending
      ? ''
      : (pets?.find((p) => p.id === petId)?.id ?? (pets && pets.length > 0 && !initial?.petName ? '' : OTHER_PET)));
  const needsAddress = !!service?.needsAddress;

  const schema = useMemo(
    () =>
      FormSchema.superRefine((v, ctx) => {
        if (v.date && v.date < today) ctx.addIssue({ code: 'custom', path: ['date'], message: BOOKING_MSG.pastDate });
        if (v.date && v.date > lastDay)
          ctx.addIssue({ code: 'custom', path: ['date'], message: CLINIC_MSG.tooFarAhead(windowDays) });
        if (!v.petChoice) ctx.addIssue({ code: 'custom', path: ['petChoice'], message: MSG.fillAllFields });
        if (v.petChoice === OTHER_PET && !v.petName)
          ctx.addIssue({ code: 'custom', path: ['petName'], message: MSG.fillAllFields });
        if (needsAddress && !v.pickupAddress)
          ctx.addIssue({ code: 'custom', path: ['pickupAddress'], message: BOOKING_MSG.pickupAddressRequired });
      }),
    [today, lastDay, windowDays, needsAddress],
  );
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      serviceId: '',
      petChoice: '',
      date: '',
      time: '',
      petName: initial?.petName ?? '',
      ownerName: initial?.ownerName ?? user.name,
      petAge: initial?.petAge ?? '',
      phone: initial?.phone ?? user.phone ?? '',
      note: '',
      pickupAddress: user.address ?? '',
    },
  });
  // The service and the pet are derived above (they wait for their lists); the form validates what is shown.
  useEffect(() => setValue('serviceId', service?.id ?? ''), [service?.id, setValue]);
  useEffect(() => setValue('petChoice', petChoice), [petChoice, setValue]);

  const date = watch('date');
  const time = watch('time');
  // Once the link's day is picked, its times are what the person wants next: bring them into view (phones).
  const dateSection = useRef<HTMLDivElement>(null);
  const broughtIntoView = useRef(false);
  useEffect(() => {
    if (!preferredDate || !date || broughtIntoView.current) return;
    broughtIntoView.current = true;
    dateSection.current?.scrollIntoView?.({ block: 'start' });
  }, [preferredDate, date]);
  const note = watch('note');
  const book = useBookSlot();
  const [taken, setTaken] = useState<string | null>(null);

  const pickOffering = (id: string) => {
    if (id === service?.id) return;
    setChosenOffering(id);
    // Another service has other free times: the picked time may not fit it.
    setValue('time', '');
  };
  const pickDate = (d: string) => {
    if (d !== date) setValue('time', '');
    setValue('date', d, { shouldValidate: !!errors.date });
  };
  const pickTime = useCallback(
    (t: string) => {
      setValue('time', t, { shouldValidate: !!errors.time && !!t });
      if (t) setTaken(null);
    },
    [setValue, errors.time],
  );

  const onInvalid = (errs: FieldErrors<Values>) => {
    const first = order.find((k) => errs[k]);
    const message = first ? errs[first]?.message : undefined;
    toast.error(message ?? MSG.fillAllFields, { toastId: `booking-invalid-${message}` });
    if (first && ['petName', 'petAge', 'note', 'pickupAddress', 'ownerName', 'phone'].includes(first)) setFocus(first);
  };

  const onSubmit = (v: Values) => {
    const schedule = toSchedule(v.date, v.time);
    const pet: Pet | undefined = v.petChoice !== OTHER_PET ? pets?.find((p) => p.id === v.petChoice) : undefined;
    const petName = pet ? pet.name : v.petName;
    const petAge = pet ? (pet.ageYears == null ? '' : String(pet.ageYears)) : v.petAge;
    const body: BookSlotInput = {
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      userAddress: user.address ?? '',
      schedule,
      ...(v.petChoice !== OTHER_PET
        ? { petId: v.petChoice }
        : { petName: v.petName, petAge: v.petAge === '' ? undefined : Number(v.petAge) }),
      ownerName: v.ownerName,
      phone: v.phone,
      ...(v.serviceId ? { serviceId: v.serviceId } : {}),
      ...(v.note.trim() ? { note: v.note } : {}),
      ...(needsAddress ? { pickupAddress: v.pickupAddress } : {}),
    };
    book.mutate(
      { body, idempotencyKey: bookingKeyFor(body) },
      {
        onSuccess: (booking) => {
          finishBookingAttempt();
          const saved: SavedBooking = {
            date: v.date,
            time: v.time,
            petName: booking.petName || petName,
            ownerName: v.ownerName,
            petAge: booking.petAge == null ? petAge : String(booking.petAge),
            phone: v.phone,
            selectedSlot: schedule,
            bookingId: booking.id,
            userId: user.id,
            serviceId: booking.serviceId,
            serviceName: booking.service.name,
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

  const missing = Object.values(errors).some((e) => e?.message === MSG.fillAllFields);
  const dateError = fieldError(errors.date?.message);

  return (
    <section aria-labelledby="book-visit-title">
      <Card className="space-y-6">
        <h2 id="book-visit-title" tabIndex={-1} className="text-xl font-semibold">
          Book a visit
        </h2>
        <form
          noValidate
          onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)}
          className="space-y-6"
          aria-busy={book.isPending || undefined}
        >
          <OfferingPicker
            services={services}
            loading={servicesQuery.isPending}
            failed={servicesQuery.isError}
            onRetry={() => void servicesQuery.refetch()}
            value={service?.id ?? ''}
            onChange={pickOffering}
          />

          <PetPicker
            pets={pets}
            loading={petsQuery.isPending}
            failed={petsQuery.isError}
            onRetry={() => void petsQuery.refetch()}
            value={petChoice}
            onChange={setChosenPet}
            error={fieldError(errors.petChoice?.message)}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Pet name"
                markRequired
                autoComplete="off"
                error={fieldError(errors.petName?.message)}
                {...register('petName')}
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
            </div>
          </PetPicker>

          <div ref={dateSection} className="grid scroll-mt-4 gap-6 lg:grid-cols-[auto_1fr]">
            <div className="space-y-1">
              <p className="text-sm font-medium text-ink" id="booking-date-label">
                Date
                <span className="text-red-700" aria-hidden="true">
                  {' '}
                  *
                </span>
              </p>
              {servicesQuery.isPending ? (
                <p className="text-sm text-ink-muted">The calendar appears once the services are loaded.</p>
              ) : (
                <BookingCalendar
                  key={service?.id ?? 'checkup'}
                  serviceId={service?.id}
                  timeZone={timeZone}
                  selected={date}
                  onSelect={pickDate}
                  preferred={preferredDate}
                  label={`Date for ${service?.name ?? 'the visit'}`}
                  errorId={dateError ? 'booking-date-error' : undefined}
                />
              )}
              <p className="text-sm text-ink" aria-live="polite">
                {date ? `Picked: ${formatDay(date)}` : ''}
              </p>
              {dateError && (
                <p id="booking-date-error" className="text-sm font-medium text-red-700">
                  {dateError}
                </p>
              )}
            </div>
            <div>
              <BookingTimes
                name="time"
                date={servicesQuery.isPending ? '' : date}
                serviceId={service?.id}
                timeZone={timeZone}
                value={time}
                onChange={pickTime}
                onTaken={setTaken}
                error={fieldError(errors.time?.message)}
              />
              {taken && !time && (
                <p role="status" className="mt-2 text-sm font-medium text-ink">
                  {taken} has just been fully booked. Please pick another time.
                </p>
              )}
            </div>
          </div>

          <TextAreaField
            label="Note for the clinic"
            hint={`Reason for the visit or symptoms (optional). ${note.length}/${BOOKING_NOTE_MAX} characters`}
            maxLength={BOOKING_NOTE_MAX}
            rows={3}
            error={errors.note?.message}
            {...register('note')}
          />

          {needsAddress && (
            <TextField
              label="Pickup address"
              markRequired
              autoComplete="street-address"
              maxLength={ADDRESS_MAX}
              hint="Where we collect your pet. Prefilled from your profile; change it if needed."
              error={errors.pickupAddress?.message}
              {...register('pickupAddress')}
            />
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Owner name"
              markRequired
              autoComplete="name"
              error={fieldError(errors.ownerName?.message)}
              {...register('ownerName')}
            />
            <TextField
              type="tel"
              inputMode="numeric"
              label="Phone"
              markRequired
              autoComplete="tel"
              maxLength={10}
              error={fieldError(errors.phone?.message)}
              hint="10 digits"
              {...register('phone')}
            />
          </div>

          {missing && (
            <p id={MISSING_ID} className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
              {MSG.fillAllFields}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            loading={book.isPending}
            aria-describedby={missing ? MISSING_ID : undefined}
            className="w-full sm:w-auto"
          >
            Book Slot
          </Button>
        </form>
      </Card>
    </section>
  );
}
