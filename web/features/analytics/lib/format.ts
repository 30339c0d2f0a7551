const count = new Intl.NumberFormat('en-IN');
const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A count with Indian digit grouping: 1,23,456. */
export const formatCount = (n: number) => count.format(n);

/** A share as a percentage with at most one decimal, or an em dash when there is nothing to take a share of. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

/** A chart's day tick: '4 Mar'. */
export function formatTick(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}`;
}

/** Seconds as a person says them: '45 s', '2 min 5 s', '1 h 20 min', '2 d 3 h'; an em dash for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.round(s / 60);
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  const hours = Math.round(s / 3600);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}
