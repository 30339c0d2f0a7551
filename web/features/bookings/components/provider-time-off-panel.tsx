import { useId, useState } from 'react';
import { formatDateTime, formatWhen } from '#shared/dates';
import type { Booking } from '#shared/bookings';
import type { Provider, TimeOffBooking } from '#shared/providers';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { filterControlClass } from '../../../components/filter-select.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { providersOf, useProviders } from '../../../lib/providers.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { toast } from '../../../lib/toast.ts';
import { useProviderTimeOff } from '../api/get-provider-time-off.ts';
import { useReassignBooking } from '../api/reassign-booking.ts';
import { RescheduleDialog, type RescheduleTarget } from './reschedule-dialog.tsx';

/** One booking whose provider is off: who to give it to (any other free provider, or one named), and Move. */
function TimeOffRow({
  item,
  providers,
  timeZone,
  onMove,
}: {
  item: TimeOffBooking;
  providers: Provider[] | undefined;
  timeZone: string;
  onMove: (b: Booking) => void;
}) {
  const { booking: b, timeOff } = item;
  const reassign = useReassignBooking();
  const [to, setTo] = useState('');
  const selectId = useId();
  const others = providersOf(providers, b.serviceId).filter((p) => p.id !== b.providerId);
  const give = () =>
    reassign.mutate(
      { id: b.id, providerId: to || null },
      {
        onSuccess: (moved) =>
          toast.success(`${moved.petName}'s visit is now with ${moved.providerName ?? 'another provider'}.`),
        onError: (err) => toast.error(errorMessage(err, 'Could not give the booking to another provider.')),
      },
    );
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">
          {b.petName} · {b.service.name}
        </p>
        <p className="text-sm">
          {formatWhen(b.date, b.time)} with {b.providerName}
        </p>
        <p className="text-sm text-ink-muted">
          {b.ownerName}, <a href={`tel:${b.phone}`}>{b.phone}</a>
        </p>
        <p className="text-sm font-medium text-red-800">
          {b.providerName} is off from {formatDateTime(timeOff.from, timeZone)} to{' '}
          {formatDateTime(timeOff.to, timeZone)}
          {timeOff.reason ? ` (${timeOff.reason})` : ''}.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <BookingStatusBadge status={b.status} />
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium">
            Give to
          </label>
          <select id={selectId} value={to} onChange={(e) => setTo(e.target.value)} className={filterControlClass}>
            <option value="">Any other free provider</option>
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName}
              </option>
            ))}
          </select>
        </div>
        <Button
          loading={reassign.isPending}
          onClick={give}
          aria-label={`Give ${b.petName}'s visit to another provider`}
        >
          Give
        </Button>
        <Button variant="secondary" onClick={() => onMove(b)} aria-label={`Move ${b.petName}'s visit`}>
          Move
        </Button>
      </div>
    </li>
  );
}

/**
 * The staff's list of upcoming bookings whose provider has time off then: nothing canceled them; each is given to
 * another provider in one step, or moved to another time. It follows booking events live.
 */
export function ProviderTimeOffPanel({ headingLevel: H = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const query = useProviderTimeOff();
  // Asked for with the list, not after it: each row offers the colleagues who do its service.
  const providers = useProviders();
  const timeZone = usePublicConfig().data?.slot.timeZone;
  const [moving, setMoving] = useState<RescheduleTarget | null>(null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="provider-time-off-title" className="space-y-3">
      <H id="provider-time-off-title" className="themed text-2xl font-semibold">
        Bookings during a provider&apos;s time off
      </H>
      {query.isPending || !timeZone ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner className="h-4 w-4" /> Loading…
        </p>
      ) : query.isError ? (
        <ErrorState message="We could not load the bookings during time off." onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <p className="themed text-sm">No upcoming booking falls in a provider&apos;s time off.</p>
      ) : (
        <>
          <p className="themed text-sm">
            These were booked before their provider took time off. They are not canceled: give each to another provider,
            or move it with the customer.
          </p>
          <ul
            aria-label="Bookings during a provider's time off"
            className="divide-y divide-gray-200 rounded-lg bg-white text-ink shadow-sm ring-1 ring-black/5"
          >
            {items.map((item) => (
              <TimeOffRow
                key={item.booking.id}
                item={item}
                providers={providers.data}
                timeZone={timeZone}
                onMove={(b) =>
                  setMoving({
                    id: b.id,
                    date: b.date,
                    time: b.time,
                    petName: b.petName,
                    serviceId: b.serviceId,
                    serviceName: b.service.name,
                  })
                }
              />
            ))}
          </ul>
          {query.hasNextPage && (
            <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Show more
            </Button>
          )}
        </>
      )}
      {timeZone && (
        <RescheduleDialog
          target={moving}
          timeZone={timeZone}
          onClose={() => setMoving(null)}
          onMoved={(b) => {
            setMoving(null);
            toast.success(`Booking moved to ${formatWhen(b.date, b.time)}.`);
          }}
        />
      )}
    </section>
  );
}
