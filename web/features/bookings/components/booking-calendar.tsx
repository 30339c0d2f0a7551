import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatDay, formatDayLong } from '#shared/dates';
import { addDays, todayIn } from '#shared/dates';
import { BOOKING_HORIZON_DAYS } from '#shared/bookings';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { useCalendar } from '../api/get-calendar.ts';
import { closedLabel, closedNotes, freeTimesLabel } from '../lib/format.ts';

/**
 * The picker works on the browser's Date objects; a clinic day 'YYYY-MM-DD' is kept as that day's local midnight,
 * so the browser's own time zone never moves it to another day.
 */
const toLocal = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const pad = (n: number) => String(n).padStart(2, '0');
const fromLocal = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const monthOf = (date: string) => date.slice(0, 7);
const lastOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(new Date(y, m, 0).getDate())}`;
};
/** The Monday of a day's week (the calendar's weeks start on Monday). */
const mondayOf = (date: string) => addDays(date, -((toLocal(date).getDay() + 6) % 7));

export interface BookingCalendarProps {
  /** The service whose free times are shown (the checkup when not given). */
  serviceId?: string;
  timeZone: string;
  /** The picked day, 'YYYY-MM-DD', or '' when none. */
  selected: string;
  onSelect: (date: string) => void;
  /** Focus the picked day (or today) when shown, e.g. when Change Slot opens. */
  autoFocus?: boolean;
  /** Names the calendar's group for screen readers. */
  label?: string;
  /** The element saying what is wrong with the date (none picked yet): the group is marked invalid and points at it. */
  errorId?: string;
  /**
   * A day to pick once the free days are known (a rebooking link's date), when none is picked yet: that day when it
   * has free times, else the first day of its week that has, else the next one after the week.
   */
  preferred?: string;
}

/**
 * A month calendar (react-day-picker: arrow keys move between days, Page Up/Down between months) that marks the
 * days with free times for the service and disables past days, full days, days the clinic is closed and days beyond
 * its booking window. Each day's button says how many times are free, or that the clinic is closed and why; the
 * month's closed days are also listed under it.
 */
export function BookingCalendar({
  serviceId,
  timeZone,
  selected,
  onSelect,
  autoFocus,
  label = 'Date',
  errorId,
  preferred,
}: BookingCalendarProps) {
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
  const calendar = useCalendar(month, serviceId);
  const weekCalendar = useCalendar(weekMonth, serviceId);
  // The clinic's booking window, as the server says; the first one until then.
  const lastDay = calendar.data?.lastDate ?? addDays(today, BOOKING_HORIZON_DAYS);
  const loaded = calendar.data?.month === month && !calendar.isPlaceholderData;
  // That other month failing to load only narrows the choice.
  const weekLoaded =
    (weekCalendar.data?.month === weekMonth && !weekCalendar.isPlaceholderData) || weekCalendar.isError;

  const free = useMemo(() => {
    const m = new Map<string, number>();
    if (loaded) for (const d of calendar.data!.days) m.set(d.date, d.freeTimes);
    return m;
  }, [loaded, calendar.data]);
  // The days the clinic is closed, with the reason an admin gave (null on a weekday it is always closed).
  const closed = useMemo(() => {
    const m = new Map<string, string | null>();
    if (loaded) for (const d of calendar.data!.days) if (d.closed) m.set(d.date, d.closedReason ?? null);
    return m;
  }, [loaded, calendar.data]);

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

  const freeOn = (d: Date) => free.get(fromLocal(d)) ?? 0;
  const isOpen = (d: Date) => {
    const s = fromLocal(d);
    return s >= today && s <= lastDay && freeOn(d) > 0;
  };
  // The picker focuses its day only when it mounts: with autoFocus, wait until the days it may focus are known, and
  // one task more, so a dialog opening around it (showModal moves the focus) has opened first.
  const [ready, setReady] = useState(!autoFocus);
  useEffect(() => {
    if (ready || !loaded) return;
    const t = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(t);
  }, [ready, loaded]);
  const freeDaysThisMonth = loaded ? calendar.data!.days.filter((d) => d.freeTimes > 0).length : 0;

  return (
    <div
      role="group"
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      className="space-y-2"
    >
      {ready && (
        <DayPicker
          mode="single"
          required
          autoFocus={autoFocus}
          selected={selected ? toLocal(selected) : undefined}
          onSelect={(d: Date | undefined) => {
            setPreferring(false);
            if (d) onSelect(fromLocal(d));
          }}
          month={toLocal(`${month}-01`)}
          onMonthChange={(d: Date) => {
            setPreferring(false);
            setMonth(fromLocal(d).slice(0, 7));
          }}
          startMonth={toLocal(`${monthOf(today)}-01`)}
          endMonth={toLocal(`${monthOf(lastDay)}-01`)}
          today={toLocal(today)}
          disabled={(d: Date) => !isOpen(d)}
          modifiers={{ free: (d: Date) => isOpen(d), closed: (d: Date) => closed.has(fromLocal(d)) }}
          modifiersClassNames={{
            free: 'font-bold text-brand-800 [&>button]:underline [&>button]:underline-offset-4',
            closed: 'text-red-900 [&>button]:line-through',
          }}
          showOutsideDays={false}
          weekStartsOn={1}
          labels={{
            labelDayButton: (d: Date, modifiers) => {
              const s = fromLocal(d);
              const when = `${modifiers.today ? 'Today, ' : ''}${formatDayLong(s)}`;
              const what = closed.has(s)
                ? closedLabel(closed.get(s) ?? null)
                : s < today || s > lastDay
                  ? 'not bookable'
                  : loaded
                    ? freeTimesLabel(freeOn(d))
                    : 'loading free times';
              return `${when}, ${what}${modifiers.selected ? ', selected' : ''}`;
            },
          }}
          className="booking-calendar"
          style={
            {
              '--rdp-accent-color': 'var(--color-brand-700)',
              '--rdp-accent-background-color': 'var(--color-brand-50)',
              '--rdp-day-width': '2.5rem',
              '--rdp-day-height': '2.5rem',
              '--rdp-day_button-width': '2.375rem',
              '--rdp-day_button-height': '2.375rem',
            } as CSSProperties
          }
        />
      )}
      {calendar.isError ? (
        <ErrorState message="We could not load the free days." onRetry={() => void calendar.refetch()} />
      ) : !loaded ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="h-4 w-4" /> Loading free days…
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            {freeDaysThisMonth === 0
              ? 'No free times this month. Please try another month.'
              : 'Days in bold have free times. Use the arrow keys to move between days.'}
          </p>
          <ClosedDays notes={closedNotes(calendar.data!.days.filter((d) => d.date >= today && d.closed))} />
        </>
      )}
    </div>
  );
}

/** The month's closed days under the calendar: each closure with its reason, and the weekdays the clinic is shut. */
function ClosedDays({ notes }: { notes: ReturnType<typeof closedNotes> }) {
  if (notes.length === 0) return null;
  return (
    <div className="text-sm text-ink">
      <p className="font-medium">Clinic closed</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {notes.map((n) => (
          <li key={n.key}>
            {n.weekday ??
              `${formatDay(n.from!)}${n.to === n.from ? '' : ` to ${formatDay(n.to!)}`}${n.reason ? `: ${n.reason}` : ''}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
