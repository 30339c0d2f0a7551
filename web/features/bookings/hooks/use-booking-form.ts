import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useLocation } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import type { User } from '#shared/auth';
import { ADDRESS_MAX } from '#shared/account-rules';
import {
  BOOKING_HORIZON_DAYS,
  BOOKING_MSG,
  BOOKING_NOTE_MAX,
  BookingFormSchema,
  toSchedule,
  type Booking,
} from '#shared/bookings';
import { CLINIC_MSG } from '#shared/clinic-settings';
import { DateSchema } from '#shared/common';
import { addDays, todayIn } from '#shared/dates';
import { MSG } from '#shared/messages';
import type { Service } from '#shared/offerings';
import type { Pet } from '#shared/pets';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useClinicSettings } from '../../../lib/clinic-settings.ts';
import { useOfferings } from '../../../lib/offerings.ts';
import { providersOf, useProviders } from '../../../lib/providers.ts';
import { usePets } from '../../../lib/pets.ts';
import { useBookSlot, type BookSlotRequest } from '../api/book-slot.ts';
import { OTHER_PET } from '../components/pet-picker.tsx';
import { bookingKeyFor, finishBookingAttempt } from '../lib/booking-attempt.ts';
import { readHistoryDraft, writeHistoryDraft } from '../lib/history-draft.ts';
import { writeSavedBooking, type SavedBooking } from '../lib/saved-booking.ts';

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
  /** A kind of service preselected from the address (?kind=pickup: the landing page's "Book a Ride"). */
  kind?: string | null;
  /** A provider preselected from the address (?providerId=: a vet's card on the landing page). */
  providerId?: string | null;
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

/** The form as it was left in a history entry: its values and the service and pet chosen in it. */
interface Draft {
  values: Values;
  offering: string | null;
  pet: string | null;
  provider?: string | null;
}

/** The fields in the order they are on screen: the first wrong one is the one the toast names. */
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
/** The fields that are text boxes, which take the focus when they are the first wrong one. */
const typed: (keyof Values)[] = ['petName', 'petAge', 'note', 'pickupAddress', 'ownerName', 'phone'];

/**
 * What an empty required field says under itself. The spec's 'Please fill all required fields!' is said once, in the
 * toast and above Book Slot, not under every empty field.
 */
export const requiredHint = (message: string | undefined) => (message === MSG.fillAllFields ? 'Required' : message);

/** The services a customer books on the grid (emergency care has its own flow). */
const bookable = (services: Service[] | undefined) => services?.filter((s) => s.bookable && s.active);

/** The form's rules for today, the clinic's booking window and whether the service collects the pet. */
function bookingSchema(today: string, lastDay: string, windowDays: number, needsAddress: boolean) {
  return FormSchema.superRefine((v, ctx) => {
    if (v.date && v.date < today) ctx.addIssue({ code: 'custom', path: ['date'], message: BOOKING_MSG.pastDate });
    if (v.date && v.date > lastDay)
      ctx.addIssue({ code: 'custom', path: ['date'], message: CLINIC_MSG.tooFarAhead(windowDays) });
    if (!v.petChoice) ctx.addIssue({ code: 'custom', path: ['petChoice'], message: MSG.fillAllFields });
    if (v.petChoice === OTHER_PET && !v.petName)
      ctx.addIssue({ code: 'custom', path: ['petName'], message: MSG.fillAllFields });
    if (needsAddress && !v.pickupAddress)
      ctx.addIssue({ code: 'custom', path: ['pickupAddress'], message: BOOKING_MSG.pickupAddressRequired });
  });
}

const startValues = (user: User, initial: BookingFormInitial | undefined): Values => ({
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
});

/** The request for the filled-in form: one of the customer's pets by id, or the pet typed in. */
function bookSlotBody(v: Values, user: User, needsAddress: boolean, providerId: string): BookSlotRequest {
  return {
    userId: user.id,
    userName: user.name,
    userEmail: user.email,
    userAddress: user.address ?? '',
    schedule: toSchedule(v.date, v.time),
    ...(v.petChoice !== OTHER_PET
      ? { petId: v.petChoice }
      : { petName: v.petName, petAge: v.petAge === '' ? undefined : Number(v.petAge) }),
    ownerName: v.ownerName,
    phone: v.phone,
    ...(v.serviceId ? { serviceId: v.serviceId } : {}),
    ...(providerId ? { providerId } : {}),
    ...(v.note.trim() ? { note: v.note } : {}),
    ...(needsAddress ? { pickupAddress: v.pickupAddress } : {}),
  };
}

/** The booking as the page keeps it (the booked view, and a reload), from the form and the server's answer. */
function savedBookingOf(v: Values, booking: Booking, pets: Pet[] | undefined, user: User): SavedBooking {
  const pet = v.petChoice !== OTHER_PET ? pets?.find((p) => p.id === v.petChoice) : undefined;
  const petName = pet ? pet.name : v.petName;
  const petAge = pet ? (pet.ageYears == null ? '' : String(pet.ageYears)) : v.petAge;
  return {
    date: v.date,
    time: v.time,
    petName: booking.petName || petName,
    ownerName: v.ownerName,
    petAge: booking.petAge == null ? petAge : String(booking.petAge),
    phone: v.phone,
    selectedSlot: toSchedule(v.date, v.time),
    bookingId: booking.id,
    userId: user.id,
    serviceId: booking.serviceId,
    serviceName: booking.service.name,
    ...(booking.providerName ? { providerName: booking.providerName } : {}),
  };
}

/**
 * The booking form's state: the service and pet chosen (until then the link's service or kind, else the checkup), the clinic's
 * booking window, the day and time picked, and sending the booking.
 */
export function useBookingForm({
  user,
  timeZone,
  initial,
  serviceId,
  kind,
  providerId: linkProvider,
  petId,
  date: wanted,
  onBooked,
}: BookingFormProps) {
  const today = todayIn(timeZone);
  // The clinic's booking window (the first one until the settings are there).
  const windowDays = useClinicSettings().data?.bookingWindowDays ?? BOOKING_HORIZON_DAYS;
  const lastDay = addDays(today, windowDays);
  // A day beyond the booking horizon, or no day at all, is ignored; a past one still names the week to look in.
  const parsedWanted = DateSchema.safeParse(wanted ?? '');
  const preferredDate = parsedWanted.success && parsedWanted.data <= lastDay ? parsedWanted.data : undefined;
  // What was chosen and typed in this history entry before the person went Back and then Forward again.
  const entry = useLocation().key;
  const [restored] = useState(() => {
    const d = readHistoryDraft<Draft>(entry);
    // A day gone by since is no choice any more.
    return d && d.values.date && d.values.date < today ? { ...d, values: { ...d.values, date: '', time: '' } } : d;
  });
  const servicesQuery = useOfferings();
  const services = bookable(servicesQuery.data);
  const petsQuery = usePets();
  const pets = petsQuery.data;
  // Chosen in the form; until then the address's choice, else the checkup.
  const [chosenOffering, setChosenOffering] = useState<string | null>(restored?.offering ?? null);
  const [chosenPet, setChosenPet] = useState<string | null>(restored?.pet ?? null);
  // '' is "any available"; null: nothing chosen yet (the link's provider, else any).
  const [chosenProvider, setChosenProvider] = useState<string | null>(restored?.provider ?? null);
  const providersQuery = useProviders();
  // A time someone else took while it was picked.
  const [taken, setTaken] = useState<string | null>(null);

  const service =
    services?.find((s) => s.id === chosenOffering) ??
    services?.find((s) => s.id === serviceId) ??
    services?.find((s) => s.kind === kind) ??
    services?.find((s) => s.kind === 'checkup') ??
    services?.[0];
  const linkPet = pets?.find((p) => p.id === petId)?.id;
  const petChoice =
    chosenPet ??
    (petsQuery.isPending ? '' : (linkPet ?? (pets && pets.length > 0 && !initial?.petName ? '' : OTHER_PET)));
  const needsAddress = !!service?.needsAddress;
  const serviceProviders = providersOf(providersQuery.data, service?.id);
  const wantedProvider = chosenProvider ?? linkProvider ?? '';
  // A provider who does not do the chosen service is no choice: any available then.
  const providerId = serviceProviders.some((p) => p.id === wantedProvider) ? wantedProvider : '';

  const schema = useMemo(
    () => bookingSchema(today, lastDay, windowDays, needsAddress),
    [today, lastDay, windowDays, needsAddress],
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: restored?.values ?? startValues(user, initial),
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setFocus,
    formState: { errors },
  } = form;
  // The typed pet's name and age show only for a pet typed in, yet they are in the form from the start, before the
  // fields under them: after a refused submit the focus goes to the first wrong field on screen.
  register('petName');
  register('petAge');
  // The service and the pet are derived above (they wait for their lists); the form validates what is shown.
  useEffect(() => setValue('serviceId', service?.id ?? ''), [service?.id, setValue]);
  useEffect(() => setValue('petChoice', petChoice), [petChoice, setValue]);

  const date = watch('date');
  const time = watch('time');
  const book = useBookSlot();

  // Every change is kept with this history entry (see readHistoryDraft).
  useEffect(() => {
    const keep = () =>
      writeHistoryDraft<Draft>(entry, {
        values: form.getValues(),
        offering: chosenOffering,
        pet: chosenPet,
        provider: chosenProvider,
      });
    keep();
    const { unsubscribe } = watch(keep);
    return unsubscribe;
  }, [entry, form, watch, chosenOffering, chosenPet, chosenProvider]);

  const pickOffering = (id: string) => {
    if (id === service?.id) return;
    setChosenOffering(id);
    // Another service has other free times: the picked time may not fit it.
    setValue('time', '');
  };
  const pickProvider = (id: string) => {
    if (id === providerId) return;
    setChosenProvider(id);
    // Another provider has other free times.
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
    if (first && typed.includes(first)) setFocus(first);
  };

  const onSubmit = (v: Values) => {
    const body = bookSlotBody(v, user, needsAddress, providerId);
    book.mutate(
      { body, idempotencyKey: bookingKeyFor(body) },
      {
        onSuccess: (booking) => {
          finishBookingAttempt();
          writeHistoryDraft(entry, undefined);
          const saved = savedBookingOf(v, booking, pets, user);
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

  return {
    form,
    submit: (e: FormEvent<HTMLFormElement>) => void handleSubmit(onSubmit, onInvalid)(e),
    sending: book.isPending,
    servicesQuery,
    services,
    service,
    pickOffering,
    serviceProviders,
    providerId,
    pickProvider,
    petsQuery,
    petChoice,
    pickPet: setChosenPet,
    needsAddress,
    preferredDate,
    date,
    pickDate,
    time,
    pickTime,
    taken,
    setTaken,
    /** Some required field is empty: the spec's message is shown once, above Book Slot. */
    missing: Object.values(errors).some((e) => e?.message === MSG.fillAllFields),
    errors,
  };
}

export type BookingFormModel = ReturnType<typeof useBookingForm>;
