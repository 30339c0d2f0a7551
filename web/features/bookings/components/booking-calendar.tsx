import { useEffect, useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatDay, formatDayLong } from '#shared/dates';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { fromLocal, monthOf, toLocal, useCalendarMonth } from '../hooks/use-calendar-month.ts';
import { closedLabel, closedNotes, freeTimesLabel } from '../lib/format.ts';

export interface BookingCalendarProps {
  /** The service whose free times are shown (the checkup when not given). */
  serviceId?: string;
  /** Only this provider's free days (none: any provider). */
  providerId?: string;
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
  providerId,
  timeZone,
  selected,
  onSelect,
  autoFocus,
  label = 'Date',
  errorId,
  preferred,
}: BookingCalendarProps) {
  const { today, month, showMonth, pick, calendar, loaded, lastDay, free, closed } = useCalendarMonth({
    serviceId,
    providerId,
    timeZone,
    selected,
    onSelect,
    preferred,
  });

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
          onSelect={(d: Date | undefined) => pick(d && fromLocal(d))}
          month={toLocal(`${month}-01`)}
          onMonthChange={(d: Date) => showMonth(fromLocal(d).slice(0, 7))}
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
