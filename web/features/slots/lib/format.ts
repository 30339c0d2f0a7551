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

/**
 * A calendar day as a screen reader hears it: 'Tuesday, 4 March 2031'. Built by hand, not with Intl, so the words
 * are the same in every browser and in the e2e tests that look for them.
 */
export function formatDayLong(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d, 12)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${d} ${MONTHS[m - 1]} ${y}`;
}

/** '3 free times', '1 free time', 'no free times'. */
export const freeTimesLabel = (n: number) => (n === 0 ? 'no free times' : `${n} free time${n === 1 ? '' : 's'}`);
