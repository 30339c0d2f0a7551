/**
 * Dates and times as people read them, one format everywhere (screens, notifications, e-mails): 'Tue, 4 Mar 2031'
 * and 'Tue, 4 Mar 2031 at 10:30', always the clinic's wall clock. Names are spelled here, not by Intl, so the words
 * are the same in every browser and on the server (Intl's en-GB writes 'Sept' in some versions, 'Sep' in others).
 * No zod here: public pages may load this file. Time-zone and calendar arithmetic goes through the Temporal polyfill's
 * function API (decision 036), so a bundle keeps only the functions a page uses.
 */
import * as Instant from 'temporal-polyfill/fns/Instant';
import * as PlainDate from 'temporal-polyfill/fns/PlainDate';
import * as PlainDateTime from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedDateTime from 'temporal-polyfill/fns/ZonedDateTime';

/** Every date the API accepts (queries, schedules, page cursors) lies in this range: sane, and storable as it is. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

/** What a person reads when a date is not a real day or lies outside that range. */
export const DATE_MSG = {
  dateInvalid: 'Please pick a valid date.',
  dateOutOfRange: `Please pick a date between ${DATE_MIN} and ${DATE_MAX}.`,
} as const;

/** 'YYYY-MM-DD' of a real calendar day. */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True when 'YYYY-MM-DD' names a day that exists (no 2025-02-30). */
export function isRealDate(date: string): boolean {
  if (!DATE_PATTERN.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** True when a 'YYYY-MM-DD' date lies in the range every date of the API lies in (string order is date order). */
export const isDateInRange = (date: string) => date >= DATE_MIN && date <= DATE_MAX;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The wall-clock date ('YYYY-MM-DD'), time ('HH:mm', 00:00 to 23:59) and second of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string; second: number } {
  const z = Instant.toZonedDateTimeISO(Instant.fromEpochMilliseconds(instant.getTime()), timeZone);
  return { date: `${z.year}-${two(z.month)}-${two(z.day)}`, time: `${two(z.hour)}:${two(z.minute)}`, second: z.second };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The clinic-local calendar date and wall-clock time of an instant. */
export function zonedDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const { date, time } = zonedParts(instant, timeZone);
  return { date, time };
}

/** Year, month (1-12), day and weekday (0 = Sunday) of a 'YYYY-MM-DD' calendar day, or undefined for other text. */
function dayParts(date: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const weekday = new Date(Date.UTC(y, mo - 1, d, 12)).getUTCDay();
  return { y, mo, d, weekday };
}

/**
 * A calendar day: 'Tue, 4 Mar 2031', or 'Tue, 4 Mar' when it falls in `currentYear` ('2031'). A day, not an instant,
 * so no time zone shifts it. Text that is not 'YYYY-MM-DD' comes back as it is.
 */
export function formatDay(date: string, currentYear?: string): string {
  const p = dayParts(date);
  if (!p) return date;
  const short = `${WEEKDAYS[p.weekday]!.slice(0, 3)}, ${p.d} ${MONTHS[p.mo - 1]!.slice(0, 3)}`;
  return currentYear && date.startsWith(`${currentYear}-`) ? short : `${short} ${p.y}`;
}

/** A calendar day in full, as a screen reader says it: 'Tuesday, 4 March 2031'. */
export function formatDayLong(date: string): string {
  const p = dayParts(date);
  if (!p) return date;
  return `${WEEKDAYS[p.weekday]}, ${p.d} ${MONTHS[p.mo - 1]} ${p.y}`;
}

/** A clinic-local day and time: 'Tue, 4 Mar 2031 at 10:30' ('Tue, 4 Mar at 10:30' in `currentYear`). */
export const formatWhen = (date: string, time: string, currentYear?: string) =>
  `${formatDay(date, currentYear)} at ${time}`;

/** An instant as the clinic's day and time: 'Tue, 4 Mar 2031 at 10:30' in `timeZone` (the clinic's). */
export function formatDateTime(instant: Date | string, timeZone: string, currentYear?: string): string {
  const { date, time } = zonedParts(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return formatWhen(date, time, currentYear);
}

/** Today's date ('YYYY-MM-DD') in a time zone. */
export const todayIn = (timeZone: string, now: Date = new Date()) => zonedParts(now, timeZone).date;

/** Year, month and day of a 'YYYY-MM-DD' date; Temporal throws a RangeError when they are not a real day. */
const ymd = (date: string) => date.split('-').map(Number) as [number, number, number];

/** Adds whole days to a 'YYYY-MM-DD' date. */
export const addDays = (date: string, days: number): string =>
  PlainDate.toString(PlainDate.addDays(PlainDate.create(...ymd(date)), days));

/**
 * The instant at which a clinic-local wall-clock time happens, with the zone's rules (daylight saving included) as
 * the Temporal polyfill knows them.
 *
 * A time the clock skips (spring forward) or shows twice (fall back) has two candidate instants. Which one is taken
 * is the rule this function has always had (it read the zone's offset at the wall time taken as if it were UTC):
 * the earlier one when the change happens after that moment, otherwise the later one. In practice zones west of
 * Greenwich take the earlier instant and zones east of it the later: in America/New_York, 02:30 on 8 March 2026
 * (skipped) is 06:30Z, read there as 01:30 EST, and 01:30 on 1 November 2026 (twice) is 05:30Z, the EDT one; in
 * Europe/London, 01:30 on 25 October 2026 (twice) is 01:30Z, the GMT one. Days start at 00:00 this way too, so a
 * day's bounds and stored instants do not move.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = PlainDateTime.create(...ymd(date), hh, mm);
  const earlier = PlainDateTime.toZonedDateTime(wall, timeZone, { disambiguation: 'earlier' });
  const later = PlainDateTime.toZonedDateTime(wall, timeZone, { disambiguation: 'later' });
  if (earlier.epochMilliseconds === later.epochMilliseconds) return new Date(earlier.epochMilliseconds);
  const change = ZonedDateTime.getTimeZoneTransition(earlier, 'next')!;
  const wallAsUtc = PlainDateTime.toZonedDateTime(wall, 'UTC').epochMilliseconds;
  return new Date((wallAsUtc < change.epochMilliseconds ? earlier : later).epochMilliseconds);
}
