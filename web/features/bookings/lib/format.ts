import { formatDayLong } from '#shared/dates';

/** Weekday names, Sunday first (Date#getUTCDay order). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '3 free times', '1 free time', 'no free times'. */
export const freeTimesLabel = (n: number) => (n === 0 ? 'no free times' : `${n} free time${n === 1 ? '' : 's'}`);

/** How a closed day's button ends: 'closed: Staff training', or 'closed' on a weekday the clinic never opens. */
export const closedLabel = (reason: string | null) => (reason ? `closed: ${reason}` : 'closed');

/** One line of the month's closed days: a run of days closed for one reason, or a weekday the clinic is shut on. */
export interface ClosedNote {
  key: string;
  from?: string;
  to?: string;
  reason?: string;
  /** 'Closed on Sundays'. */
  weekday?: string;
}

/**
 * The closed days of a month as lines to read: consecutive days closed for the same reason become one line; days
 * closed because of their weekday become 'Closed on Sundays'.
 */
export function closedNotes(days: { date: string; closed?: boolean; closedReason?: string | null }[]): ClosedNote[] {
  const notes: ClosedNote[] = [];
  const weekdays = new Set<string>();
  let run: ClosedNote | null = null;
  for (const d of days) {
    if (!d.closed) continue;
    if (!d.closedReason) {
      weekdays.add(formatDayLong(d.date).split(',')[0]!);
      continue;
    }
    const [y, m, day] = d.date.split('-').map(Number) as [number, number, number];
    const prev = new Date(Date.UTC(y, m - 1, day - 1)).toISOString().slice(0, 10);
    if (run && run.to === prev && run.reason === d.closedReason) run.to = d.date;
    else {
      run = { key: d.date, from: d.date, to: d.date, reason: d.closedReason };
      notes.push(run);
    }
  }
  const order = WEEKDAYS.slice(1).concat(WEEKDAYS[0]!);
  for (const w of order.filter((x) => weekdays.has(x))) notes.push({ key: w, weekday: `Closed on ${w}s` });
  return notes;
}
