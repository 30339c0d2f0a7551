import { useState, type FormEvent } from 'react';
import { formatDateTime, formatWhen, todayIn, zonedTimeToUtc } from '#shared/dates';
import type { Booking } from '#shared/bookings';
import type { Provider, TimeOff } from '#shared/providers';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/field.tsx';
import { FormOutcome } from '../../../components/form-outcome.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddTimeOff, useRemoveTimeOff, useTimeOff } from '../api/time-off.ts';

/** The bookings a new time off covers: they stay; staff give them to another provider or move them. */
function Covered({ bookings, count }: { bookings: Booking[]; count: number }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby="covered-title" className="space-y-2 rounded-md bg-amber-50 p-4 text-ink">
      <h3 id="covered-title" className="font-semibold">
        {count} booking{count === 1 ? '' : 's'} fall{count === 1 ? 's' : ''} in this time off
      </h3>
      <p className="text-sm">
        Nothing was canceled. The front desk sees them on the dashboard, to give each to another provider or move it.
      </p>
      <ul className="list-disc pl-5 text-sm">
        {bookings.map((b) => (
          <li key={b.id}>
            {formatWhen(b.date, b.time)}: {b.petName}, {b.service.name} ({b.ownerName})
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Adding a time off: from and to (clinic-local day and time) and an optional reason. */
function AddTimeOff({ provider, timeZone }: { provider: Provider; timeZone: string }) {
  const today = todayIn(timeZone);
  const [from, setFrom] = useState({ date: today, time: '09:00' });
  const [to, setTo] = useState({ date: today, time: '18:00' });
  const [reason, setReason] = useState('');
  const add = useAddTimeOff(provider.id);
  const [outcome, setOutcome] = useState<{ message: string; alert: boolean }>({ message: '', alert: false });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!from.date || !from.time || !to.date || !to.time) {
      setOutcome({ message: 'Please pick when the time off starts and ends.', alert: true });
      return;
    }
    add.mutate(
      {
        from: zonedTimeToUtc(from.date, from.time, timeZone).toISOString(),
        to: zonedTimeToUtc(to.date, to.time, timeZone).toISOString(),
        reason: reason.trim() || null,
      },
      {
        onSuccess: (created) => {
          setOutcome({ message: 'Time off added.', alert: false });
          setReason('');
          toast.success('Time off added');
          if (created.affectedCount > 0)
            toast.info(`${created.affectedCount} booking${created.affectedCount === 1 ? '' : 's'} to give to others`);
        },
        onError: (err) => setOutcome({ message: errorMessage(err, 'Could not add the time off.'), alert: true }),
      },
    );
  };

  return (
    <Card className="space-y-4">
      <h2 className="text-xl font-semibold">Add time off</h2>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add time off">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="From (day)"
            type="date"
            value={from.date}
            onChange={(e) => setFrom({ ...from, date: e.target.value })}
            markRequired
          />
          <TextField
            label="From (time)"
            type="time"
            value={from.time}
            onChange={(e) => setFrom({ ...from, time: e.target.value })}
            markRequired
          />
          <TextField
            label="To (day)"
            type="date"
            value={to.date}
            onChange={(e) => setTo({ ...to, date: e.target.value })}
            markRequired
          />
          <TextField
            label="To (time)"
            type="time"
            value={to.time}
            onChange={(e) => setTo({ ...to, time: e.target.value })}
            markRequired
          />
        </div>
        <TextField
          label="Reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          hint="Optional, e.g. Holiday."
        />
        <FormOutcome message={outcome.message} alert={outcome.alert} focusKey={add.submittedAt} />
        <Button type="submit" loading={add.isPending}>
          Add time off
        </Button>
      </form>
      {add.data && <Covered bookings={add.data.affectedBookings} count={add.data.affectedCount} />}
    </Card>
  );
}

/** A provider's time off, with Remove for each and the form to add one. */
export function TimeOffManager({ provider, timeZone }: { provider: Provider; timeZone: string }) {
  const list = useTimeOff(provider.id);
  const remove = useRemoveTimeOff(provider.id);
  const [removing, setRemoving] = useState<TimeOff | null>(null);
  const when = (o: TimeOff) => `${formatDateTime(o.from, timeZone)} to ${formatDateTime(o.to, timeZone)}`;

  let body;
  if (list.isPending) body = <LoadingState label="Loading time off…" />;
  else if (list.isError)
    body = <ErrorState message="Could not load the time off." onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <EmptyState title="No time off">Nothing planned.</EmptyState>;
  else
    body = (
      <ul
        aria-label={`Time off of ${provider.displayName}`}
        className="divide-y divide-gray-200 rounded-lg bg-white text-ink shadow-sm ring-1 ring-black/5"
      >
        {list.data.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <div>
              <p className="font-medium">{when(o)}</p>
              {o.reason && <p className="text-sm text-ink-muted">{o.reason}</p>}
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setRemoving(o)}
              aria-label={`Remove time off ${when(o)}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-8">
      <AddTimeOff provider={provider} timeZone={timeZone} />
      <section aria-labelledby="time-off-list-title" className="space-y-3">
        <h2 id="time-off-list-title" className="themed text-2xl font-semibold">
          Planned time off
        </h2>
        {body}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this time off?"
        confirmLabel="Remove"
        variant="danger"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast.success('Time off removed'),
            onError: (err) => toast.error(errorMessage(err, 'Could not remove the time off.')),
            onSettled: () => setRemoving(null),
          })
        }
      >
        <p>{removing && `${when(removing)}: customers can book ${provider.displayName} then again.`}</p>
      </ConfirmDialog>
    </div>
  );
}
