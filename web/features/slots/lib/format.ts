import type { BookingStatus } from '#shared/slots';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' as 'Tue, 4 Mar 2031' (a calendar day, so no time zone shifts it). */
function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return dateFormat.format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** A booking's day and time for people: 'Tue, 4 Mar 2031 at 10:30'. */
export const formatWhen = (date: string, time: string) => `${formatDay(date)} at ${time}`;

export const STATUS_LABEL: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  canceled: 'Canceled',
  completed: 'Completed',
  no_show: 'No-show',
};
