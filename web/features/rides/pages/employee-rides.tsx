import { useSearchParams } from 'react-router';
import { formatDay } from '#shared/dates';
import { addDays, todayIn } from '#shared/dates';
import { DateSchema } from '#shared/common';
import { Button } from '../../../components/button.tsx';
import { ConnectionNotice } from '../../../components/connection-notice.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useRides } from '../api/get-rides.ts';
import { RideCard } from '../components/ride-card.tsx';
import { useLiveRides } from '../lib/use-live-rides.ts';

const RELATIVE = new Set(['Today', 'Tomorrow', 'Yesterday']);

/** "Today", "Tomorrow", "Yesterday", else the day's name. */
function dayName(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  if (date === addDays(today, -1)) return 'Yesterday';
  return formatDay(date, today.slice(0, 4));
}

/**
 * /employee/rides: the drivers' screen, made for a phone. A clinic day's pickup rides in time order (today by
 * default), each with its address for the maps app, the customer's phone and one big button for the ride's next step.
 * Booking events keep it current; canceled rides sit greyed at the end.
 */
export default function EmployeeRidesPage() {
  const config = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const timeZone = config.data?.slot.timeZone;
  const today = timeZone ? todayIn(timeZone) : undefined;
  const asked = params.get('date') ?? '';
  const date = DateSchema.safeParse(asked).success ? asked : today;
  const rides = useRides(date);
  useLiveRides();

  const go = (d: string) => setParams(d === today ? {} : { date: d }, { replace: true });
  const list = rides.data ?? [];
  const shown = [
    ...list.filter((r) => r.rideStatus !== 'canceled'),
    ...list.filter((r) => r.rideStatus === 'canceled'),
  ];

  return (
    <PageShell
      title="Rides"
      intro="Pickup rides of the day in time order. Tap the big button at each step."
      width="narrow"
    >
      <div className="space-y-4">
        <ConnectionNotice what="this list" subject="The list" />
        {config.isError && !date ? (
          <ErrorState message="We could not load the clinic's settings." onRetry={() => void config.refetch()} />
        ) : !date || !today ? (
          <LoadingState label="Loading rides…" />
        ) : (
          <>
            <nav aria-label="Day" className="space-y-2">
              <h2 className="themed text-center text-xl font-semibold" aria-live="polite">
                {dayName(date, today)}
                {RELATIVE.has(dayName(date, today)) && (
                  <span className="ml-2 text-base font-normal">{formatDay(date, today.slice(0, 4))}</span>
                )}
              </h2>
              <div className="grid grid-cols-3 gap-2">
                <Button variant="secondary" className="min-h-12" onClick={() => go(addDays(date, -1))}>
                  <span aria-hidden="true">‹</span> Previous <span className="sr-only">day</span>
                </Button>
                <Button variant="secondary" className="min-h-12" onClick={() => go(today)} disabled={date === today}>
                  Today
                </Button>
                <Button variant="secondary" className="min-h-12" onClick={() => go(addDays(date, 1))}>
                  Next <span className="sr-only">day</span> <span aria-hidden="true">›</span>
                </Button>
              </div>
            </nav>
            {rides.isFetching && !rides.isPending && (
              <p role="status" className="themed text-sm">
                Updating…
              </p>
            )}
            {rides.isPending ? (
              <LoadingState label="Loading rides…" />
            ) : rides.isError ? (
              <ErrorState
                message={errorMessage(rides.error, 'We could not load the rides.')}
                onRetry={() => void rides.refetch()}
              />
            ) : shown.length === 0 ? (
              <EmptyState title="No pickup rides on this day">
                Rides booked for this day show up here as soon as customers book them.
              </EmptyState>
            ) : (
              <ul className="space-y-4" aria-label={`Rides, ${dayName(date, today)}`}>
                {shown.map((r) => (
                  <li key={r.bookingId}>
                    <RideCard ride={r} today={today} onRefused={() => void rides.refetch()} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </PageShell>
  );
}
