import { useEffect, useId } from 'react';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { useAvailability } from '../api/get-availability.ts';

export interface BookingTimesProps {
  /** The picked day; nothing is loaded until there is one. */
  date: string;
  serviceId?: string;
  /** Only this provider's free times (none: any provider). */
  providerId?: string;
  timeZone: string;
  /** The picked time, 'HH:mm', or ''. */
  value: string;
  onChange: (time: string) => void;
  /** Called when the picked time was just taken by someone else (the grid is live). */
  onTaken?: (time: string) => void;
  /** A time that cannot be picked whatever its seats (the booking's own time when moving it). */
  exclude?: string;
  error?: string;
  /** Radio group name; unique per grid on the page. */
  name: string;
}

/**
 * The start times of a day for a service as radio buttons, on that day's opening hours, each with its free seats
 * (counted over the whole service duration); past and full times, and times sooner than the clinic's booking notice,
 * are disabled. A day the clinic is closed says so, and why.
 */
export function BookingTimes({
  date,
  serviceId,
  providerId,
  timeZone,
  value,
  onChange,
  onTaken,
  exclude,
  error,
  name,
}: BookingTimesProps) {
  const errorId = useId();
  const availability = useAvailability(date || undefined, serviceId, providerId);
  const day = availability.data?.date === date && !availability.isPlaceholderData ? availability.data : null;
  const slots = day?.slots ?? null;
  const picked = slots?.find((s) => s.time === value);

  // Someone else took the last seat of the picked time while the form was open (availability is live).
  useEffect(() => {
    if (!availability.isFetching && picked && (picked.past || picked.tooSoon || picked.available === 0)) {
      onChange('');
      onTaken?.(picked.time);
    }
  }, [availability.isFetching, picked, onChange, onTaken]);

  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-ink">
        Time
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {!date ? (
        <p className="mt-2 text-sm text-ink-muted">Pick a date to see the free times.</p>
      ) : availability.isError ? (
        <div className="mt-2">
          <ErrorState message="We could not load the free times." onRetry={() => void availability.refetch()} />
        </div>
      ) : !slots ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="h-4 w-4" /> Loading free times…
        </p>
      ) : day?.closed ? (
        <p role="status" className="mt-2 text-sm font-medium text-ink">
          The clinic is closed on this day{day.closedReason ? `: ${day.closedReason}` : ''}. Please pick another date.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            {day?.hours ? `Open ${day.hours.open} to ${day.hours.close}. ` : ''}Times are the clinic&apos;s local time (
            {timeZone}). Full times cannot be picked.
            {availability.data && availability.data.durationMinutes > availability.data.slotMinutes
              ? ` This service takes ${availability.data.durationMinutes} minutes.`
              : ''}
          </p>
          {/* As many columns as chips of 6rem fit: each chip holds its time and "2 of 2 free" on a line of its own. */}
          <div className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-2">
            {slots.map((s) => {
              const own = s.time === exclude;
              const disabled = s.past || !!s.tooSoon || s.available === 0 || own;
              const note = own
                ? 'Current'
                : s.past
                  ? 'Past'
                  : s.tooSoon
                    ? 'Too soon'
                    : s.available === 0
                      ? 'Full'
                      : `${s.available} of ${s.capacity} free`;
              const checked = value === s.time;
              return (
                <label
                  key={s.time}
                  className={`relative flex cursor-pointer flex-col items-center rounded-md border px-2 py-2 text-center text-sm whitespace-nowrap tabular-nums has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${
                    disabled
                      ? 'cursor-not-allowed border-gray-200 bg-gray-100 text-gray-600 line-through decoration-1'
                      : checked
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-gray-300 bg-white text-ink hover:border-brand-700'
                  }`}
                >
                  <input
                    type="radio"
                    name={name}
                    value={s.time}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onChange(s.time)}
                    className="absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                  />
                  <span className="font-semibold">{s.time}</span>{' '}
                  <span className={`text-xs ${checked && !disabled ? 'text-white' : ''}`}>{note}</span>
                </label>
              );
            })}
          </div>
          {slots.every((s) => s.past || s.tooSoon || s.available === 0 || s.time === exclude) && (
            <p className="mt-2 text-sm font-medium text-ink">
              No free times left on this day. Please pick another date.
            </p>
          )}
        </>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
