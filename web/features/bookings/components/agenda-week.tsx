import { useId } from 'react';
import { addDays, formatDay, formatWhen } from '#shared/dates';
import type { Booking, BookingStatus } from '#shared/bookings';
import { BOOKING_STATUS_LABELS } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { byDayAndTime, weekTimes } from '../lib/agenda-week.ts';
import { dayHeading } from './agenda-days.ts';

export interface AgendaWeekProps {
  /** The seven days shown, Monday first. */
  days: string[];
  /** The week's bookings by appointment time. */
  bookings: Booking[];
  today: string;
  headingLevel: 'h2' | 'h3';
  /** Opens a booking's panel. */
  onView: (b: Booking) => void;
  /** Shows the week that starts on this Monday. */
  onWeek: (monday: string) => void;
  thisWeek: string;
  loading: boolean;
}

const CHIP: Record<BookingStatus, string> = {
  pending: 'bg-amber-50 ring-amber-300',
  confirmed: 'bg-green-50 ring-green-300',
  completed: 'bg-sky-50 ring-sky-300',
  no_show: 'bg-red-50 ring-red-300',
  canceled: 'bg-gray-50 ring-gray-300 line-through',
};

/** One booking in the week: the pet, the service and the status, a button that opens its panel. */
function BookingChip({
  booking: b,
  year,
  onView,
  showTime = false,
}: {
  booking: Booking;
  year: string;
  onView: (b: Booking) => void;
  showTime?: boolean;
}) {
  const status = `${BOOKING_STATUS_LABELS[b.status]}${b.needsOutcome ? ', needs outcome' : ''}`;
  const first = `${showTime ? `${b.time} ` : ''}${b.petName}`;
  return (
    <button
      type="button"
      onClick={() => onView(b)}
      // What it shows, then the day and time for those who hear it rather than see the grid's headers.
      aria-label={`${first}, ${b.service.name}${b.providerName ? ` with ${b.providerName}` : ''}, ${status}, ${formatWhen(b.date, b.time, year)}`}
      className={`block w-full rounded-md px-2 py-1 text-left text-xs text-ink ring-1 ring-inset hover:brightness-95 ${CHIP[b.status]}`}
    >
      <span className="block truncate font-semibold">{first}</span>{' '}
      <span className="block truncate">{b.service.name}</span>{' '}
      {b.providerName && <span className="block truncate">{b.providerName}</span>}{' '}
      <span className="block text-ink-muted">{status}</span>
    </button>
  );
}

/**
 * The agenda as a week: a grid of the seven days by the clinic's start times from md on, each booking a button at
 * its day and time that opens its panel; on a phone, the days one under the other. Previous, This and Next week move
 * it along.
 */
export function AgendaWeek({
  days,
  bookings,
  today,
  headingLevel: Heading,
  onView,
  onWeek,
  thisWeek,
  loading,
}: AgendaWeekProps) {
  const config = usePublicConfig();
  const titleId = useId();
  const year = today.slice(0, 4);
  const monday = days[0]!;
  const sunday = days[6]!;
  const cells = byDayAndTime(bookings);
  const times = weekTimes(bookings, config.data?.slot);
  const DayHeading = Heading === 'h2' ? 'h3' : 'h4';
  const title = `Week of ${formatDay(monday, year)} to ${formatDay(sunday, year)}`;

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={titleId} className="themed text-xl font-semibold">
          {title}
        </Heading>
        <div role="group" aria-label="Weeks" className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => onWeek(addDays(monday, -7))}>
            Previous week
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onWeek(thisWeek)} disabled={monday === thisWeek}>
            This week
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onWeek(addDays(monday, 7))}>
            Next week
          </Button>
        </div>
      </div>
      <p role="status" className="themed text-sm">
        {loading
          ? 'Loading the week…'
          : `${bookings.length} ${bookings.length === 1 ? 'booking' : 'bookings'} this week`}
      </p>

      {/* Tablets and wider: days across, times down. */}
      <div className="hidden overflow-x-auto rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5 md:block">
        <table className="w-full min-w-[44rem] table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">Bookings, {title}</caption>
          <thead className="bg-gray-50 text-ink-muted">
            <tr>
              <th scope="col" className="w-16 px-2 py-2 font-semibold">
                Time
              </th>
              {days.map((d) => (
                <th
                  key={d}
                  scope="col"
                  aria-current={d === today ? 'date' : undefined}
                  className={`px-2 py-2 font-semibold ${d === today ? 'bg-brand-50 text-brand-900' : ''}`}
                >
                  {formatDay(d, year)}
                  {d === today && <span className="block text-xs font-normal">Today</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {times.map((t) => (
              <tr key={t}>
                <th scope="row" className="px-2 py-1.5 align-top font-medium text-ink-muted tabular-nums">
                  {t}
                </th>
                {days.map((d) => (
                  <td key={d} className={`px-1 py-1 align-top ${d === today ? 'bg-brand-50/40' : ''}`}>
                    <div className="space-y-1">
                      {cells.get(`${d} ${t}`)?.map((b) => (
                        <BookingChip key={b.id} booking={b} year={year} onView={onView} />
                      ))}
                    </div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phones: the days one under the other. */}
      <div className="space-y-4 md:hidden">
        {days.map((d) => {
          const items = bookings.filter((b) => b.date === d);
          return (
            <section key={d} className="space-y-2">
              <DayHeading className="themed font-semibold">
                {dayHeading(d, today)}
                {dayHeading(d, today) !== formatDay(d, year) && (
                  <span className="ml-2 font-normal">{formatDay(d, year)}</span>
                )}
              </DayHeading>
              {items.length === 0 ? (
                <p className="themed text-sm">No bookings</p>
              ) : (
                <ul className="space-y-1">
                  {items.map((b) => (
                    <li key={b.id}>
                      <BookingChip booking={b} year={year} onView={onView} showTime />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
