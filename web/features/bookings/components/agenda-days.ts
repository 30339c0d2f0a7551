import { formatDay } from '#shared/dates';
import { addDays } from '#shared/dates';

/** The heading of a day of the agenda: "Today", "Tomorrow", "Yesterday" or "Tue, 24 Nov". */
export function dayHeading(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  if (date === addDays(today, -1)) return 'Yesterday';
  return formatDay(date, today.slice(0, 4));
}

/** Consecutive bookings of the same day together, in the order given (the list comes sorted by appointment). */
export function groupByDay<T extends { date: string }>(items: T[]): { date: string; items: T[] }[] {
  const groups: { date: string; items: T[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.date === item.date) last.items.push(item);
    else groups.push({ date: item.date, items: [item] });
  }
  return groups;
}

/** 'HH:mm' plus some minutes, within the day ('10:00' + 90 = '11:30'). */
export function addMinutes(time: string, minutes: number): string {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  const clamped = Math.min(total, 24 * 60 - 1);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}
