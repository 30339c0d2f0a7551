const partsFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * 'YYYY-MM-DD' as 'Tue, 4 Mar 2031', or 'Tue, 4 Mar' when the day falls in `currentYear` (a calendar day, so no
 * time zone shifts it). Built from parts so the words and commas are the same in every browser.
 */
export function formatDay(date: string, currentYear?: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  const p: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(new Date(Date.UTC(y, m - 1, d, 12)))) p[part.type] = part.value;
  const short = `${p.weekday}, ${p.day} ${p.month}`;
  return currentYear && date.startsWith(currentYear) ? short : `${short} ${p.year}`;
}

/** A booking's day and time for people: 'Tue, 4 Mar 2031 at 10:30'. */
export const formatWhen = (date: string, time: string) => `${formatDay(date)} at ${time}`;
