import { useEffect, useMemo, useState } from 'react';
import { BOOKING_HORIZON_DAYS } from '#shared/bookings';
import { addDays, todayIn } from '#shared/dates';
import { useCalendar } from '../api/get-calendar.ts';

/**
 * The picker works on the browser's Date objects; a clinic day 'YYYY-MM-DD' is kept as that day's local midnight,
 * so the browser's own time zone never moves it to another day.
 */
export const toLocal = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const pad = (n: number) => String(n).padStart(2, '0');
export const fromLocal = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const monthOf = (date: string) => date.slice(0, 7);
const lastOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(new Date(y, m, 0).getDate())}`;
};
/** The Monday of a day's week (the calendar's weeks start on Monday). */
const mondayOf = (date: string) => addDays(date, -((toLocal(date).getDay() + 6) % 7));

interface CalendarMonthOptions {
  serviceId?: string;
  /** Only this provider's free days (none: any provider). */
  providerId?: string;
  timeZone: string;
  selected: string;
  onSelect: (date: string) => void;
  preferred?: string;
}

/**
 * The month the booking calendar shows and its days as the server counts them for the service: free times, closed
 * days with their reasons, the booking window. A preferred day (a rebooking link's) is picked once the free days
 * are known: that day when it has free times, else the first day of its week that has, else the next one after.
 */
export function useCalendarMonth({
  serviceId,
  providerId,
  timeZone,
  selected,
  onSelect,
  preferred,
}: CalendarMonthOptions) {
  const today = todayIn(timeZone);
  const [month, setMonth] = useState(() => {
    const shown = selected || preferred;
    return monthOf(shown && shown >= today ? shown : today);
  });
  // Until the preferred day is picked (or the person picks or moves first), its week's free days are wanted,
  // and a week may reach into the month before or after the one shown.
  const [preferring, setPreferring] = useState(() => !!preferred && !selected);
  const weekStart = preferred ? mondayOf(preferred) : today;
  const weekEnd = addDays(weekStart, 6);
  const weekMonth =
    (preferring && [monthOf(weekStart), monthOf(weekEnd)].find((m) => m !== month && lastOfMonth(m) >= today)) || month;
  const calendar = useCalendar(month, serviceId, true, providerId);
  const weekCalendar = useCalendar(weekMonth, serviceId, true, providerId);
  // The clinic's booking window, as the server says; the first one until then.
  const lastDay = calendar.data?.lastDate ?? addDays(today, BOOKING_HORIZON_DAYS);
  const loaded = calendar.data?.month === month && !calendar.isPlaceholderData;
  // The next month's days too, when the window reaches it: the arrow keys move from the month's last days into it
  // (a day the picker does not know as free cannot take the focus).
  const following = monthOf(addDays(lastOfMonth(month), 1));
  const nextCalendar = useCalendar(following, serviceId, `${following}-01` <= lastDay, providerId);
  const nextDays = nextCalendar.data?.month === following ? nextCalendar.data.days : undefined;
  // And the month before, when some of it is still to come: the arrow keys move back from the 1st into it.
  const preceding = monthOf(addDays(`${month}-01`, -1));
  const previousCalendar = useCalendar(preceding, serviceId, lastOfMonth(preceding) >= today, providerId);
  const previousDays = previousCalendar.data?.month === preceding ? previousCalendar.data.days : undefined;
  const nearDays = useMemo(() => [...(previousDays ?? []), ...(nextDays ?? [])], [previousDays, nextDays]);
  // That other month failing to load only narrows the choice.
  const weekLoaded =
    (weekCalendar.data?.month === weekMonth && !weekCalendar.isPlaceholderData) || weekCalendar.isError;

  const free = useMemo(() => {
    const m = new Map<string, number>();
    if (loaded) for (const d of [...calendar.data!.days, ...nearDays]) m.set(d.date, d.freeTimes);
    return m;
  }, [loaded, calendar.data, nearDays]);
  // The days the clinic is closed, with the reason an admin gave (null on a weekday it is always closed).
  const closed = useMemo(() => {
    const m = new Map<string, string | null>();
    if (loaded)
      for (const d of [...calendar.data!.days, ...nearDays]) if (d.closed) m.set(d.date, d.closedReason ?? null);
    return m;
  }, [loaded, calendar.data, nearDays]);

  useEffect(() => {
    if (!preferring || !preferred || !loaded || !weekLoaded) return;
    const freeDays = new Map(free);
    if (weekCalendar.data?.month === weekMonth)
      for (const d of weekCalendar.data.days) freeDays.set(d.date, d.freeTimes);
    const open = (s: string) => s >= today && s <= lastDay && (freeDays.get(s) ?? 0) > 0;
    const week = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
    let pick = [preferred, ...week].find(open);
    const last = lastOfMonth(weekMonth > month ? weekMonth : month);
    for (let s = weekEnd >= today ? addDays(weekEnd, 1) : today; !pick && s <= last; s = addDays(s, 1))
      if (open(s)) pick = s;
    setPreferring(false);
    if (!pick) return;
    if (monthOf(pick) !== month) setMonth(monthOf(pick));
    onSelect(pick);
  }, [
    preferring,
    preferred,
    loaded,
    weekLoaded,
    free,
    weekCalendar.data,
    today,
    lastDay,
    weekStart,
    weekEnd,
    weekMonth,
    month,
    onSelect,
  ]);

  return {
    today,
    month,
    /** Another month shown by the person: the preferred day is no longer looked for. */
    showMonth: (m: string) => {
      setPreferring(false);
      setMonth(m);
    },
    /** A day picked by the person. */
    pick: (date: string | undefined) => {
      setPreferring(false);
      if (date) onSelect(date);
    },
    calendar,
    loaded,
    lastDay,
    free,
    closed,
  };
}
