/**
 * Dates and times as people read them, one format everywhere (screens, notifications, e-mails): 'Tue, 4 Mar 2031'
 * and 'Tue, 4 Mar 2031 at 10:30', always the clinic's wall clock. Names are spelled here, not by Intl, so the words
 * are the same in every browser and on the server (Intl's en-GB writes 'Sept' in some versions, 'Sep' in others).
 * No zod here: public pages may load this file.
 */

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

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date ('YYYY-MM-DD'), time ('HH:mm', 00:00 to 23:59) and second of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string; second: number } {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}`, second: Number(p.second) };
}

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

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant at which a clinic-local wall-clock time happens. Uses the zone's offset at that moment
 * (found with Intl), so it stays right across daylight-saving changes in zones that have them.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  const offsetAt = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    const [py, pm, pd] = p.date.split('-').map(Number) as [number, number, number];
    const [ph, pmin] = p.time.split(':').map(Number) as [number, number];
    return Date.UTC(py, pm - 1, pd, ph, pmin, p.second) - t;
  };
  let guess = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(guess);
  if (second !== guess) guess = second;
  return new Date(guess);
}
