import { addDays, todayIn } from '#shared/dates';
import { type Availability, type Calendar } from '#shared/availability';
import { readClinic } from '../clinic/settings.ts';
import { type BookingDeps, dayBounds } from './records.ts';
import { freeProviders, providerLoad, type ProviderLoad } from './providers.ts';
import { type Caller, closureFields, dayTimes, seatsBetween, shownOffering } from './schedule.ts';

/** Counts the free providers of a time on a clinic-local date, or nothing for a service without providers. */
const counter = (load: ProviderLoad | undefined, date: string, timeZone: string) =>
  load
    ? (time: string, at: Date, minutes: number) => freeProviders(load, date, time, at, minutes, timeZone)
    : undefined;

/* What a customer can book: a day's times with their free seats, and a month's calendar. */

/**
 * Free seats per start time of one clinic-local day, for a service (the checkup when none is named), on that
 * weekday's hours; a closed day has no times and says why. Staff are not held to the booking notice.
 */
export async function availability(
  deps: BookingDeps,
  date: string,
  serviceId?: string,
  caller: Caller = { staff: false },
  now = new Date(),
  providerId?: string,
): Promise<Availability> {
  const { db, config } = deps;
  const clinic = await readClinic(db, config);
  const service = await shownOffering(db, serviceId);
  const { start, end } = dayBounds(date, config.CLINIC_TZ);
  const booked = await seatsBetween(db, service.id, start, end);
  const load = await providerLoad(db, service.id, start, end, providerId);
  return {
    date,
    serviceId: service.id,
    durationMinutes: service.durationMinutes,
    timeZone: config.CLINIC_TZ,
    slotMinutes: clinic.settings.slotMinutes,
    slots: dayTimes(clinic, config, service, date, booked, caller, now, counter(load, date, config.CLINIC_TZ)),
    ...closureFields(clinic.settings, date),
  };
}

/**
 * For each day of a month, how many start times have a free seat for the whole service (0 for days before today,
 * closed days, days beyond the booking window, or full), whether the clinic is closed and why, and its hours. One
 * read of the month's counters.
 */
export async function calendar(
  deps: BookingDeps,
  month: string,
  serviceId?: string,
  caller: Caller = { staff: false },
  now = new Date(),
  providerId?: string,
): Promise<Calendar> {
  const { db, config } = deps;
  const clinic = await readClinic(db, config);
  const service = await shownOffering(db, serviceId);
  const first = `${month}-01`;
  const days: string[] = [];
  for (let d = first; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  const { start } = dayBounds(first, config.CLINIC_TZ);
  const { end } = dayBounds(days[days.length - 1]!, config.CLINIC_TZ);
  const booked = await seatsBetween(db, service.id, start, end);
  const load = await providerLoad(db, service.id, start, end, providerId);
  const today = todayIn(config.CLINIC_TZ, now);
  const last = addDays(today, clinic.settings.bookingWindowDays);
  return {
    month,
    serviceId: service.id,
    timeZone: config.CLINIC_TZ,
    lastDate: last,
    days: days.map((date) => ({
      date,
      freeTimes:
        date < today || date > last
          ? 0
          : dayTimes(clinic, config, service, date, booked, caller, now, counter(load, date, config.CLINIC_TZ)).filter(
              (s) => !s.past && !s.tooSoon && s.available > 0,
            ).length,
      ...closureFields(clinic.settings, date),
    })),
  };
}
