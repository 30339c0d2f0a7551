import { sql } from 'drizzle-orm';
import {
  CLINIC_MSG,
  clinicDay,
  WEEKDAY_NAME,
  WEEKDAYS,
  weekdayOf,
  type ClinicSettings,
  type DayHours,
} from '#shared/clinic-settings';
import { OFFERING_MSG } from '#shared/offerings';
import { addDays, todayIn, zonedTimeToUtc } from '#shared/dates';
import { parseSchedule, BOOKING_MSG, slotGrid } from '#shared/bookings';
import { type Availability } from '#shared/availability';
import { rowsOf, type Executor } from '../db/client.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { bookableOffering, capacityOf, findOffering, type OfferingRow } from '../offerings/service.ts';
import { type Clinic } from '../clinic/settings.ts';
import { isStaff } from '../lib/policy.ts';
import type { BookingConfig, Row } from './records.ts';

/* The clinic's grid: which start times a service has on a day, the seats they cover, and the notice a customer's change needs. */

/** How a service sits on the grid: its length, the grid step, and how many grid times it covers. */
interface Span {
  durationMinutes: number;
  step: number;
  seats: number;
}

export const spanOf = (durationMinutes: number, step: number): Span => ({
  durationMinutes,
  step,
  seats: Math.max(1, Math.ceil(durationMinutes / step)),
});

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The grid times of a day's hours a service of this length can start at: every one whose service ends by closing. */
function startTimes(hours: DayHours, slotMinutes: number, durationMinutes: number): string[] {
  return slotGrid(hours.open, hours.close, slotMinutes).filter(
    (t) => minuteOf(t) + durationMinutes <= minuteOf(hours.close),
  );
}

/** True when every open weekday has the same hours (refusals then need not name the weekday). */
function sameHoursEveryDay(settings: ClinicSettings): boolean {
  const open = WEEKDAYS.map((d) => settings.hours[d]).filter((h) => h !== null);
  return open.every((h) => h.open === open[0]?.open && h.close === open[0]?.close);
}

/** Whether a caller is held to the booking notice: customers are, staff moving a booking are not. */
export interface Caller {
  staff: boolean;
}

/**
 * Checks a requested 'date at time' against the clinic's settings: the booking window, closures and closed weekdays,
 * that weekday's grid and hours (the whole service must end by closing) and, for customers, the booking notice.
 * Returns the instant it names. Every refusal is a 400 with a sentence a customer understands.
 */
export function resolveSchedule(
  clinic: Clinic,
  timeZone: string,
  schedule: string,
  durationMinutes: number,
  caller: Caller,
  now = new Date(),
): { date: string; time: string; startsAt: Date } {
  const s = clinic.settings;
  const parsed = parseSchedule(schedule);
  if (!parsed) throw errors.badRequest(BOOKING_MSG.scheduleInvalid);
  const { date, time } = parsed;
  const today = todayIn(timeZone, now);
  if (date < today) throw errors.badRequest(BOOKING_MSG.pastDate);
  if (date > addDays(today, s.bookingWindowDays)) throw errors.badRequest(CLINIC_MSG.tooFarAhead(s.bookingWindowDays));
  const day = clinicDay(s, date);
  if (day.kind === 'closure') throw errors.clinicClosed(CLINIC_MSG.closedOn(date, day.closure.reason));
  if (day.kind === 'weekly') throw errors.clinicClosed(CLINIC_MSG.closedWeekday(day.weekday));
  const { open, close } = day.hours;
  const starts = startTimes(day.hours, s.slotMinutes, durationMinutes);
  if (!starts.includes(time)) {
    const last = starts[starts.length - 1] ?? open;
    if (time < open || time > last) {
      const length = durationMinutes > s.slotMinutes ? ` This service takes ${durationMinutes} minutes;` : '';
      const when = sameHoursEveryDay(s) ? 'We' : `On ${WEEKDAY_NAME[weekdayOf(date)]}s we`;
      throw errors.badRequest(
        `${when} take bookings from ${open} to ${close};${length} the last slot starts at ${last}.`,
      );
    }
    if (!slotGrid(open, close, s.slotMinutes).includes(time)) {
      throw errors.badRequest(`${BOOKING_MSG.offGrid} Slots start every ${s.slotMinutes} minutes from ${open}.`);
    }
  }
  const startsAt = zonedTimeToUtc(date, time, timeZone);
  if (startsAt.getTime() <= now.getTime()) throw errors.badRequest(BOOKING_MSG.pastTime);
  if (!caller.staff && startsAt.getTime() < now.getTime() + s.bookingNoticeMinutes * 60_000) {
    throw errors.badRequest(CLINIC_MSG.tooSoon(s.bookingNoticeMinutes));
  }
  return { date, time, startsAt };
}

/** A service whose seats are shown: the one named (404 when unknown), or the checkup. */
export async function shownOffering(db: Executor, serviceId: string | undefined): Promise<OfferingRow> {
  if (!serviceId) return bookableOffering(db, undefined);
  const service = await findOffering(db, serviceId);
  if (!service) throw errors.notFound('Service');
  if (service.kind === 'emergency') throw errors.badRequest(OFFERING_MSG.emergencyNotBookable);
  return service;
}

/** Seats taken per instant (ms) of one service between two instants. */
export async function seatsBetween(
  db: Executor,
  serviceId: string,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const taken = rowsOf<{ starts_at: Date | string; booked: number }>(
    await db.execute(
      sql`select starts_at, booked from slot_seats where service_id = ${serviceId}::uuid and starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz`,
    ),
  );
  return new Map(taken.map((r) => [new Date(r.starts_at).getTime(), Number(r.booked)]));
}

/** Every start time of one day's hours for a service, with the seats free for its whole length (none when closed). */
export function dayTimes(
  clinic: Clinic,
  config: BookingConfig,
  service: OfferingRow,
  date: string,
  booked: Map<number, number>,
  caller: Caller,
  now: Date,
  /** How many providers of the service are free for a time (left out for a service without providers). */
  freeProvidersAt?: (time: string, at: Date, minutes: number) => number,
): Availability['slots'] {
  const day = clinicDay(clinic.settings, date);
  if (day.kind !== 'open') return [];
  const capacity = capacityOf(service, config.SLOT_CAPACITY);
  const span = spanOf(service.durationMinutes, clinic.seatStepMinutes);
  const noticeUntil = now.getTime() + (caller.staff ? 0 : clinic.settings.bookingNoticeMinutes * 60_000);
  return startTimes(day.hours, clinic.settings.slotMinutes, span.durationMinutes).map((time) => {
    const at = zonedTimeToUtc(date, time, config.CLINIC_TZ);
    let most = 0;
    for (let i = 0; i < span.seats; i++) most = Math.max(most, booked.get(at.getTime() + i * span.step * 60_000) ?? 0);
    const past = at.getTime() <= now.getTime();
    const providers = freeProvidersAt?.(time, at, span.durationMinutes);
    const seatsFree = Math.max(capacity - most, 0);
    return {
      time,
      capacity,
      booked: most,
      available: providers === undefined ? seatsFree : Math.min(seatsFree, providers),
      ...(providers === undefined ? {} : { freeProviders: providers }),
      past,
      // Sent only when true, so a time's shape is what clients knew before the booking notice existed.
      ...(!past && at.getTime() < noticeUntil ? { tooSoon: true } : {}),
    };
  });
}

/** Whether the clinic is closed on a day, why, and its hours, as the calendar and the day's times show them. */
export function closureFields(settings: ClinicSettings, date: string) {
  const day = clinicDay(settings, date);
  return {
    closed: day.kind !== 'open',
    closedReason: day.kind === 'closure' ? day.closure.reason : null,
    hours: day.kind === 'open' ? day.hours : null,
  };
}

/** A pickup ride whose driver has set off: the customer can no longer move or cancel it. */
export const rideUnderWay = (b: Row) =>
  b.rideStatus !== null && b.rideStatus !== 'scheduled' && b.rideStatus !== 'canceled';

/** A customer may not move or cancel a booking that starts within the clinic's change notice (409); staff may. */
export function checkChangeNotice(settings: ClinicSettings, me: AuthUser, b: Row, now: Date): void {
  const notice = settings.changeNoticeMinutes;
  if (isStaff(me) || notice === 0) return;
  if (b.startsAt.getTime() - now.getTime() < notice * 60_000) throw errors.conflict(CLINIC_MSG.changeTooLate(notice));
}
