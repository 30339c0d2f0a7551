import { useId } from 'react';
import { formatWhen, zonedDateTime } from '#shared/dates';
import { RIDE_STATUS_LABELS, RIDE_STEPS, type RideProgress, type RideStatus } from '#shared/ride-progress';
import { useClinicTimeZone } from '../lib/clinic-time.ts';
import { CheckIcon } from './icons.tsx';

type StepState = 'done' | 'current' | 'upcoming';

interface StepItem {
  status: RideStatus;
  state: StepState;
  /** When the step was taken (none for Scheduled, which is where every ride starts). */
  at: string | null;
}

/**
 * The steps to show: every step of the ride with how far it got; a canceled ride stops at the last step it took and
 * ends with Canceled.
 */
function stepItems(ride: RideProgress): StepItem[] {
  const at = (s: RideStatus) => ride.steps.findLast((st) => st.status === s)?.at ?? null;
  if (ride.status === 'canceled') {
    const reached = Math.max(0, ...ride.steps.map((st) => RIDE_STEPS.indexOf(st.status)));
    return [
      ...RIDE_STEPS.slice(0, reached + 1).map((s) => ({ status: s, state: 'done' as const, at: at(s) })),
      { status: 'canceled', state: 'current', at: null },
    ];
  }
  const current = RIDE_STEPS.indexOf(ride.status);
  return RIDE_STEPS.map((s, i) => ({
    status: s,
    state: i < current ? 'done' : i === current ? 'current' : 'upcoming',
    at: i <= current ? at(s) : null,
  }));
}

const SR_STATE: Record<StepState, string> = { done: 'Done: ', current: 'Now: ', upcoming: 'Not yet: ' };

export interface RideStepperProps {
  ride: RideProgress;
  /** The ride's day (clinic time): a step taken on another day shows its date too. */
  date: string;
  /** The visible heading above the steps. */
  title?: string;
  /** One line for a driver's card: a bar of the steps and the current one in words. */
  compact?: boolean;
}

/**
 * A pickup ride's progress: Scheduled, Driver on the way, Picked up, At the clinic, On the way home, Dropped off (or
 * Canceled), as an ordered list whose current step carries aria-current="step". Done steps show a tick and the
 * time they were taken (clinic time), the current one says "Now", so nothing rests on colour alone. The driver's
 * latest message follows.
 */
export function RideStepper({ ride, date, title = 'Pickup ride', compact = false }: RideStepperProps) {
  const timeZone = useClinicTimeZone();
  const titleId = useId();
  const items = stepItems(ride);
  const when = (iso: string) => {
    const z = zonedDateTime(new Date(iso), timeZone);
    return z.date === date ? z.time : formatWhen(z.date, z.time, date.slice(0, 4));
  };
  const message = ride.steps.findLast((st) => st.message);
  const over = ride.status === 'dropped_off' || ride.status === 'canceled';

  if (compact) {
    const current = items.find((i) => i.state === 'current')!;
    const position = ride.status === 'canceled' ? null : RIDE_STEPS.indexOf(ride.status) + 1;
    return (
      <div>
        <ol aria-labelledby={titleId} className="flex gap-1">
          {items.map((item) => (
            <li
              key={item.status}
              aria-current={item.state === 'current' ? 'step' : undefined}
              className={`h-2 flex-1 rounded-full ${
                item.status === 'canceled'
                  ? 'bg-gray-500'
                  : item.state === 'upcoming'
                    ? 'bg-gray-200'
                    : item.state === 'current'
                      ? 'bg-brand-700'
                      : 'bg-brand-600/60'
              }`}
            >
              <span className="sr-only">
                {SR_STATE[item.state]}
                {RIDE_STATUS_LABELS[item.status]}
              </span>
            </li>
          ))}
        </ol>
        <p id={titleId} className="mt-1.5 text-sm">
          <span className="sr-only">{title}:</span>{' '}
          {position && (
            <>
              <span className="text-ink-muted">{`Step ${position} of ${RIDE_STEPS.length}:`}</span>{' '}
            </>
          )}
          <span className="font-semibold">{RIDE_STATUS_LABELS[current.status]}</span>
          {current.at && (
            <>
              {' '}
              <span className="text-ink-muted">at {when(current.at)}</span>
            </>
          )}
        </p>
      </div>
    );
  }

  return (
    <div className="rounded-lg bg-brand-50 p-3 text-sm text-ink ring-1 ring-brand-200">
      <p id={titleId} className="font-semibold">
        {title}
      </p>
      <ol aria-labelledby={titleId} className="mt-2 space-y-1.5">
        {items.map((item, i) => (
          <li
            key={item.status}
            aria-current={item.state === 'current' ? 'step' : undefined}
            className="flex items-center gap-2"
          >
            <span
              aria-hidden="true"
              className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                item.status === 'canceled'
                  ? 'bg-gray-600 text-white'
                  : item.state === 'upcoming'
                    ? 'bg-white text-ink-muted ring-1 ring-gray-300'
                    : item.state === 'current' && !over
                      ? 'bg-white text-brand-800 ring-2 ring-brand-700'
                      : 'bg-brand-700 text-white'
              }`}
            >
              {item.status === 'canceled' ? (
                '✕'
              ) : item.state === 'done' || (item.state === 'current' && over) ? (
                <CheckIcon className="h-4 w-4" />
              ) : (
                i + 1
              )}
            </span>
            <span className={item.state === 'upcoming' ? 'text-ink-muted' : ''}>
              <span className="sr-only">{SR_STATE[item.state]}</span>
              <span className={item.state === 'current' ? 'font-semibold' : ''}>{RIDE_STATUS_LABELS[item.status]}</span>
              {item.at && (
                <time dateTime={item.at} className="text-ink-muted">
                  {` ${when(item.at)}`}
                </time>
              )}
              {item.state === 'current' && !over && (
                <span
                  aria-hidden="true"
                  className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white"
                >
                  Now
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {message?.message && (
        <p className="mt-3 break-words">
          <span className="font-medium">Message from the driver</span>
          <span className="text-ink-muted">{` (${when(message.at)})`}</span>: {message.message}
        </p>
      )}
    </div>
  );
}
