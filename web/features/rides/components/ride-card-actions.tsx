import { useId } from 'react';
import { Link } from 'react-router';
import { RIDE_MESSAGE_MAX, RIDE_STATUS_LABELS, type Ride } from '#shared/rides';
import { Button } from '../../../components/button.tsx';
import type { RideActions } from '../hooks/use-ride-actions.ts';

/** The ride's next step as one big button, or why it cannot move now. */
export function RideNextStep({
  ride,
  today,
  actions,
  headingId,
}: {
  ride: Ride;
  today: string;
  actions: RideActions;
  /** The card's heading, which says which ride the button moves. */
  headingId: string;
}) {
  if (ride.rideStatus === 'canceled') return <p className="font-medium">This ride was canceled with its booking.</p>;
  if (ride.rideStatus === 'dropped_off') return <p className="font-medium">Ride complete.</p>;
  if (ride.bookingStatus === 'pending')
    return (
      <p className="rounded-lg bg-amber-50 p-3 font-medium text-amber-950 ring-1 ring-amber-300">
        Confirm the booking first.{' '}
        <Link className="underline underline-offset-2" to={`/employee/slots?date=${ride.date}&status=pending`}>
          Open the schedule
        </Link>
      </p>
    );
  if (ride.bookingStatus === 'no_show') return <p className="font-medium">The booking was marked as a no-show.</p>;
  if (ride.date > today) return <p className="font-medium">This ride can start on its day.</p>;
  if (!actions.next) return null;
  return (
    <Button
      size="lg"
      className="min-h-14 w-full text-lg"
      onClick={actions.step}
      loading={actions.stepping}
      disabled={actions.busy}
      aria-describedby={headingId}
    >
      {RIDE_STATUS_LABELS[actions.next]}
    </Button>
  );
}

/** A short message to the customer, sent on its own with Send or with the next step. */
export function RideMessageForm({ ride, actions }: { ride: Ride; actions: RideActions }) {
  const messageId = useId();
  return (
    <form onSubmit={actions.sendMessage} className="space-y-1">
      <label htmlFor={messageId} className="block text-sm font-medium">
        Message to the customer (optional)
      </label>
      <div className="flex gap-2">
        <input
          id={messageId}
          value={actions.message}
          onChange={(e) => actions.setMessage(e.target.value)}
          maxLength={RIDE_MESSAGE_MAX}
          placeholder="5 minutes away"
          aria-describedby={`${messageId}-hint`}
          className="block min-h-11 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-gray-500"
        />
        <Button
          type="submit"
          variant="secondary"
          className="min-h-11 shrink-0"
          loading={actions.sending}
          disabled={actions.busy || !actions.text}
        >
          Send <span className="sr-only">to {ride.customerName}</span>
        </Button>
      </div>
      <p id={`${messageId}-hint`} className="text-xs text-ink-muted">
        Sent on its own with Send, or with the next step.
      </p>
    </form>
  );
}
