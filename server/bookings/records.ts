import { eq, sql } from 'drizzle-orm';
import { zonedDateTime } from '#shared/dates';
import { hoursSummary, type ClinicSettings } from '#shared/clinic-settings';
import type { RideStep } from '#shared/ride-progress';
import { addDays, zonedTimeToUtc } from '#shared/dates';
import {
  BOOKING_CHANGED_EVENT,
  OPEN_BOOKING_STATUSES,
  BOOKING_MSG,
  type BookingChangedEvent,
  type ConfirmSlotBody,
  type HospitalInfo,
  type Booking,
  type StaffBooking,
  type Visit,
} from '#shared/bookings';
import type { PetAlert } from '#shared/pet-alerts';
import { rowsOf, type Executor } from '../db/client.ts';
import { present } from '../db/rows.ts';
import { providers, services, slotBookings, visits } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { type ConfirmedBookingMail } from '../mail/booking-confirmed.ts';
import { type BookingMailFacts } from '../mail/booking-parts.ts';
import { roleRoom, userRoom } from '../lib/realtime.ts';
import { type OfferingRow } from '../offerings/service.ts';
import { alertsOf } from '../pet-record/alerts.ts';

/* A booking as it is stored and shown: its row with its service, visit and ride steps, the DTO every screen reads, and the live event. */

export type Row = typeof slotBookings.$inferSelect;

type VisitRow = typeof visits.$inferSelect;

export type BookingConfig = Pick<
  Deps['config'],
  | 'SLOT_OPEN'
  | 'SLOT_CLOSE'
  | 'SLOT_MINUTES'
  | 'SLOT_CAPACITY'
  | 'BOOKING_MAX_OPEN'
  | 'CLINIC_TZ'
  | 'CLINIC_NAME'
  | 'CLINIC_ADDRESS'
  | 'CLINIC_PHONE'
  | 'CLINIC_EMAIL'
  | 'CLINIC_HOURS'
  | 'REMINDER_DAYS_BEFORE'
  | 'PUBLIC_URL'
  | 'publicUrlGiven'
>;

/** What every slot function needs: the database and the clinic's part of the configuration. */
export type BookingDeps = Pick<Deps, 'db'> & { config: BookingConfig };

/**
 * Tells staff screens (and the owner's other tabs) that a booking changed, with the row as it is now. Staff hear it
 * with the pet's alerts; the owner without them.
 */
export function announceBooking({ io }: Pick<Deps, 'io'>, b: Booking, action: BookingChangedEvent['action']): void {
  const { alerts, ...owners } = b as Booking & { alerts?: PetAlert[] };
  const event = { id: b.id, action, status: b.status, date: b.date, time: b.time };
  io.to(roleRoom('employee'))
    .to(roleRoom('admin'))
    .emit(BOOKING_CHANGED_EVENT, { ...event, booking: { ...owners, alerts: alerts ?? [] } });
  io.to(userRoom(b.userId)).emit(BOOKING_CHANGED_EVENT, { ...event, booking: owners });
}

/** The service fields a booking shows. */
type OfferingRef = Pick<OfferingRow, 'id' | 'name' | 'kind'>;

/** A stored booking with what it is shown with: its service and, once completed, its visit. */
export interface BookingRecord {
  booking: Row;
  service: OfferingRef;
  visit: VisitRow | null;
  /** A ride's steps as stored (json from the database), null for other services. */
  rideSteps: { status: RideStep; at: string; message: string | null }[] | null;
  /** The alerts set on the booking's pet (staff screens show them; answers to customers leave them out). */
  alerts: PetAlert[] | null;
  /** The display name of its provider (null without one). */
  providerName: string | null;
}

export const OPEN = [...OPEN_BOOKING_STATUSES];

export const isOpen = (status: Row['status']) => (OPEN as string[]).includes(status);

export const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 60_000);

function toVisitDto(v: VisitRow): Visit {
  return {
    findings: v.findings,
    treatment: v.treatment,
    medicines: v.medicines,
    weightKg: v.weightKg === null ? null : Number(v.weightKg),
    nextDueDate: v.nextDueDate,
    nextDueReason: v.nextDueReason,
    recordedByName: v.recordedByName,
    recordedAt: v.createdAt.toISOString(),
  };
}

/**
 * The API shape of a stored booking; date and time are read back in the clinic's time zone. It carries the pet's
 * alerts for staff: a route that answers customers declares `BookingSchema`, whose serializer leaves them out, and
 * `announceBooking` sends the owner the booking without them.
 */
export function toBookingDto(
  { booking: r, service, visit, rideSteps, alerts, providerName }: BookingRecord,
  timeZone: string,
  now = new Date(),
): StaffBooking {
  const { date, time } = zonedDateTime(r.startsAt, timeZone);
  return {
    ...present(r, [
      'userId',
      'userName',
      'userEmail',
      'userAddress',
      'schedule',
      'startsAt',
      'petName',
      'ownerName',
      'petAge',
      'phone',
      'status',
      'createdAt',
      'updatedAt',
      'serviceId',
      'petId',
      'note',
      'pickupAddress',
      'endsAt',
    ]),
    date,
    time,
    hospitalInfo: r.hospitalInfo ?? null,
    service: {
      id: service.id,
      name: service.name,
      kind: service.kind,
      durationMinutes: minutesBetween(r.startsAt, r.endsAt),
    },
    visit: visit ? toVisitDto(visit) : null,
    needsOutcome: isOpen(r.status) && r.endsAt.getTime() <= now.getTime(),
    ride: r.rideStatus
      ? {
          status: r.rideStatus,
          steps: (rideSteps ?? []).map((st) => ({
            status: st.status,
            at: new Date(st.at).toISOString(),
            message: st.message,
          })),
        }
      : null,
    alerts: alertsFrom(alerts),
    providerId: r.providerId,
    providerName: r.providerId ? providerName : null,
  };
}

/** Alerts as the driver gives back a json column: parsed already, or text on a driver that does not parse it. */
const alertsFrom = (alerts: PetAlert[] | string | null): PetAlert[] =>
  typeof alerts === 'string' ? (JSON.parse(alerts) as PetAlert[]) : (alerts ?? []);

/** A ride's steps in the order they were taken, read beside each booking that is a ride. */
const rideStepsOf = sql<BookingRecord['rideSteps']>`case when ${slotBookings.rideStatus} is null then null else (
  select coalesce(json_agg(json_build_object('status', s.status, 'at', s.set_at, 'message', s.message) order by s.set_at), '[]'::json)
    from ride_steps s where s.booking_id = ${slotBookings.id}) end`;

/** Bookings with their service, visit and ride steps, as every list and answer shows them. */
export function selectRecords(db: Executor) {
  return db
    .select({
      booking: slotBookings,
      service: { id: services.id, name: services.name, kind: services.kind },
      visit: visits,
      rideSteps: rideStepsOf,
      alerts: sql<
        PetAlert[] | null
      >`case when ${slotBookings.petId} is null then null else ${alertsOf(sql`"slot_bookings"."pet_id"`)} end`,
      providerName: providers.displayName,
    })
    .from(slotBookings)
    .innerJoin(services, eq(services.id, slotBookings.serviceId))
    .leftJoin(providers, eq(providers.id, slotBookings.providerId))
    .leftJoin(visits, eq(visits.bookingId, slotBookings.id));
}

/** One booking as the API shows it, read in `db` (a transaction sees its own changes). */
export async function recordOf(db: Executor, id: string): Promise<BookingRecord | undefined> {
  const [record] = await selectRecords(db).where(eq(slotBookings.id, id)).limit(1);
  return record;
}

/** The instants bounding a clinic-local day: [start, end). */
export function dayBounds(date: string, tz: string): { start: Date; end: Date } {
  return { start: zonedTimeToUtc(date, '00:00', tz), end: zonedTimeToUtc(addDays(date, 1), '00:00', tz) };
}

const dayWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A clinic-local instant as people read it in the audit log: '24 Nov 2026 at 12:00'. */
export function readableWhen(instant: Date, timeZone: string): string {
  const { date, time } = zonedDateTime(instant, timeZone);
  return `${dayWords.format(new Date(`${date}T12:00:00Z`))} at ${time}`;
}

/** How the audit log names a booking: 'the Pet Health Checkup of Bruno for Asha Rao on 24 Nov 2026 at 12:00'. */
export function bookingWords({ booking: b, service }: BookingRecord, timeZone: string): string {
  return `the ${service.name} of ${b.petName} for ${b.userName} on ${readableWhen(b.startsAt, timeZone)}`;
}

/**
 * The clinic's hospital info (its contact details from the configuration, its weekly hours from the clinic settings
 * when given, else CLINIC_HOURS), overridden field by field by what staff typed.
 */
export function hospitalInfoFor(
  config: BookingConfig,
  input: ConfirmSlotBody,
  settings?: ClinicSettings,
): HospitalInfo {
  const h: Partial<HospitalInfo> = input.hospitalInfo ?? {};
  return {
    name: h.name?.trim() || config.CLINIC_NAME,
    address: h.address?.trim() || config.CLINIC_ADDRESS,
    phone: h.phone?.trim() || config.CLINIC_PHONE,
    email: h.email?.trim() || config.CLINIC_EMAIL,
    hours: h.hours?.trim() || (settings ? hoursSummary(settings) : config.CLINIC_HOURS),
  };
}

export async function explainMissing(tx: Executor, id: string): Promise<never> {
  const [row] = await tx
    .select({ status: slotBookings.status })
    .from(slotBookings)
    .where(eq(slotBookings.id, id))
    .limit(1);
  if (!row) throw errors.notFound('Booking');
  if (row.status === 'confirmed') throw errors.conflict(BOOKING_MSG.alreadyConfirmed);
  if (row.status === 'completed' || row.status === 'no_show') throw errors.conflict(BOOKING_MSG.outcomeRecorded);
  throw errors.conflict(BOOKING_MSG.confirmCanceled);
}

/** Locks the owner of a booking (every booking change takes it first); undefined when the booking does not exist. */
export async function lockOwnerOf(tx: Executor, id: string): Promise<string | undefined> {
  const [owner] = await tx
    .select({ userId: slotBookings.userId })
    .from(slotBookings)
    .where(eq(slotBookings.id, id))
    .limit(1);
  if (owner) await lockCustomer(tx, owner.userId);
  return owner?.userId;
}

/** What every booking e-mail says of a booking: its service, pet and time, and for a pickup ride where the driver comes. */
export function bookingMailFacts(
  { booking: b, service }: BookingRecord,
  config: Pick<BookingConfig, 'CLINIC_TZ' | 'PUBLIC_URL'>,
): BookingMailFacts {
  return {
    petName: b.petName,
    serviceName: service.name,
    serviceId: b.serviceId,
    petId: b.petId,
    startsAt: b.startsAt,
    timeZone: config.CLINIC_TZ,
    // A ride is booked with its pickup address (the customer's profile address when none was typed).
    pickupAddress: service.kind === 'pickup' ? (b.pickupAddress ?? b.userAddress ?? '') : null,
    publicUrl: config.PUBLIC_URL,
  };
}

/** What the booking confirmation and the appointment reminder (and their calendar invite) say about a booking. */
export function mailFactsOf(
  record: BookingRecord,
  hospital: HospitalInfo,
  config: Pick<BookingConfig, 'CLINIC_TZ' | 'PUBLIC_URL'>,
): ConfirmedBookingMail {
  const b = record.booking;
  return {
    ...bookingMailFacts(record, config),
    bookingId: b.id,
    userName: b.userName,
    userEmail: b.userEmail,
    ownerName: b.ownerName,
    minutes: minutesBetween(b.startsAt, b.endsAt),
    hospital,
  };
}

/**
 * Takes the customer's row lock for the rest of the transaction. Every change to one customer's bookings takes it
 * first (booking through `slot_booking_guard`, cancel, confirm, reschedule, outcomes; the account's deletion by
 * deleting the row), so they run one at a time per customer and their counts are exact. False when the account no
 * longer exists.
 */
export async function lockCustomer(tx: Executor, userId: string): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from users where id = ${userId}::uuid for no key update`)).length > 0;
}
