import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '#shared/messages';
import type { BookingListQuery, SlotBooking } from '#shared/slots';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useBookings } from '../api/get-bookings.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { ConfirmBookingDialog } from '../components/confirm-booking-dialog.tsx';
import { HospitalInfoBlock } from '../components/hospital-info.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatWhen } from '../lib/format.ts';
import { useBookingActions } from '../lib/use-booking-actions.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';

type StatusFilter = 'active' | 'pending' | 'confirmed';

/** /employee/slots: every booked slot (canceled ones hidden), confirm with hospital info, cancel. */
export default function EmployeeSlotsPage() {
  const [status, setStatus] = useState<StatusFilter>('active');
  const [date, setDate] = useState('');
  const filter: BookingListQuery = date ? { status, date } : { status };
  const list = useBookings(filter);
  const config = usePublicConfig();
  const actions = useBookingActions();
  const [confirming, setConfirming] = useState<SlotBooking | null>(null);
  useLiveBookings();

  useEffect(() => {
    if (list.isError) {
      console.warn('fetching bookings failed', list.error);
      toast.error(MSG.slotsFetchError, { toastId: 'slots-fetch-error' });
    }
  }, [list.isError, list.error]);

  const bookings = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageShell
      title="Booked Slots"
      intro="Every booking that is not canceled. Confirm a booking to send the customer the hospital details."
    >
      <div className="space-y-6">
        <Card className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="active">Pending and confirmed</option>
            <option value="pending">Pending</option>
            <option value="confirmed">Confirmed</option>
          </SelectField>
          <TextField type="date" label="Day" value={date} onChange={(e) => setDate(e.target.value)} />
          <div className="flex items-end">
            <Button variant="ghost" onClick={() => setDate('')} disabled={!date}>
              Show every day
            </Button>
          </div>
        </Card>

        {list.isPending ? (
          <LoadingState label="Loading bookings…" />
        ) : list.isError ? (
          <ErrorState message={MSG.slotsFetchError} onRetry={() => void list.refetch()} />
        ) : bookings.length === 0 ? (
          <EmptyState title="No bookings">
            {date ? 'Nothing is booked on this day.' : 'New bookings show up here as soon as customers make them.'}
          </EmptyState>
        ) : (
          <ul className="grid items-start gap-4 md:grid-cols-2" aria-label="Bookings">
            {bookings.map((b) => {
              const busy = actions.pending?.id === b.id;
              return (
                <Card as="li" key={b.id} className="space-y-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">{formatWhen(b.date, b.time)}</p>
                      <p className="text-sm">
                        {b.petName}
                        {b.petAge != null && `, ${b.petAge} ${b.petAge === 1 ? 'year' : 'years'}`}
                      </p>
                    </div>
                    <StatusBadge status={b.status} />
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                    <dt className="text-ink-muted">Owner</dt>
                    <dd>{b.ownerName}</dd>
                    <dt className="text-ink-muted">Account</dt>
                    <dd className="break-all">
                      {b.userName} ({b.userEmail})
                    </dd>
                    <dt className="text-ink-muted">Phone</dt>
                    <dd>
                      <a className="underline" href={`tel:${b.phone}`}>
                        {b.phone}
                      </a>
                    </dd>
                    {b.userAddress && (
                      <>
                        <dt className="text-ink-muted">Address</dt>
                        <dd>{b.userAddress}</dd>
                      </>
                    )}
                  </dl>
                  {b.status === 'confirmed' && b.hospitalInfo && <HospitalInfoBlock info={b.hospitalInfo} />}
                  <div className="flex flex-wrap gap-2">
                    {b.status !== 'confirmed' && (
                      <Button
                        size="sm"
                        onClick={() => setConfirming(b)}
                        disabled={busy || !config.data}
                        aria-label={`Confirm booking for ${b.petName} on ${formatWhen(b.date, b.time)}`}
                      >
                        Confirm
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => actions.cancel(b)}
                      loading={busy && actions.pending?.kind === 'cancel'}
                      disabled={busy}
                      aria-label={`Cancel booking for ${b.petName} on ${formatWhen(b.date, b.time)}`}
                    >
                      Cancel
                    </Button>
                  </div>
                </Card>
              );
            })}
          </ul>
        )}
        {list.hasNextPage && (
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </div>
      {confirming && config.data && (
        <ConfirmBookingDialog
          booking={confirming}
          defaults={config.data.clinic}
          submitting={actions.confirming}
          onClose={() => setConfirming(null)}
          onSubmit={(info) => actions.confirm(confirming, info, () => setConfirming(null))}
        />
      )}
    </PageShell>
  );
}
