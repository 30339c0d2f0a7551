import { WEEKDAYS, weekdayOf } from '#shared/clinic-settings';
import { addDays } from '#shared/dates';
import type { Booking } from '#shared/bookings';

/** The Monday of the week a day falls in ('2031-03-06', a Thursday, is in the week of '2031-03-03'). */
export const mondayOf = (date: string): string => addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));

/** The seven days of the week that starts on `monday`. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The rows of the week's grid: the clinic's start times (every `minutes` from `open` until `close`), and any time a
 * booking of the week starts at off that grid (one made before the hours changed), in order.
 */
export function weekTimes(
  bookings: Pick<Booking, 'time'>[],
  slot: { open: string; close: string; minutes: number } | undefined,
): string[] {
  const times = new Set<string>();
  if (slot && slot.minutes > 0)
    for (let m = toMinutes(slot.open); m < toMinutes(slot.close); m += slot.minutes) times.add(toTime(m));
  for (const b of bookings) times.add(b.time);
  return [...times].sort();
}

/** The week's bookings by day and start time ('2031-03-04 10:00'), in the order given. */
export function byDayAndTime(bookings: Booking[]): Map<string, Booking[]> {
  const cells = new Map<string, Booking[]>();
  for (const b of bookings) {
    const key = `${b.date} ${b.time}`;
    cells.set(key, [...(cells.get(key) ?? []), b]);
  }
  return cells;
}
