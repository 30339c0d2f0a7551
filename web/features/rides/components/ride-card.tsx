import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { nextRideStep, RIDE_MESSAGE_MAX, RIDE_STATUS_LABELS, type Ride } from '#shared/rides';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { RideStepper } from '../../../components/ride-stepper.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAdvanceRide } from '../api/advance-ride.ts';
import { useMessageRide } from '../api/message-ride.ts';

/** Opens the device's maps app (or Google Maps in the browser) at the address; nothing of a map is loaded here. */
const mapsHref = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export interface RideCardProps {
  ride: Ride;
  /** Today in clinic time: a ride can only move on its day (or after, if it was left unfinished). */
  today: string;
  /** The server refused a step (the ride changed under us): the day is loaded again. */
  onRefused: () => void;
}

/**
 * One ride on the driver's phone: when, which pet, whose, where (a link to the maps app), the customer's phone, the
 * ride's progress and one big button for its next step. A short message to the customer can go on its own or with
 * the step.
 */
export function RideCard({ ride, today, onRefused }: RideCardProps) {
  const headingId = useId();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const advance = useAdvanceRide();
  const send = useMessageRide();
  const next = nextRideStep(ride.rideStatus);
  const canceled = ride.rideStatus === 'canceled';
  const over = canceled || ride.rideStatus === 'dropped_off';
  const busy = advance.isPending || send.isPending;
  const text = message.trim();

  const refused = (fallback: string) => (err: unknown) => {
    setProblem(errorMessage(err, fallback));
    if (err instanceof ApiError && err.status === 409) onRefused();
  };

  function step() {
    if (!next) return;
    setProblem(null);
    advance.mutate(
      { bookingId: ride.bookingId, status: next, ...(text ? { message: text } : {}) },
      {
        onSuccess: () => {
          setMessage('');
          toast.success(`${ride.petName}: ${RIDE_STATUS_LABELS[next]}${text ? ', message sent' : ''}`);
        },
        onError: refused('Could not update the ride. Please try again.'),
      },
    );
  }

  function sendMessage(e: FormEvent) {
    e.preventDefault();
    if (!text) return;
    setProblem(null);
    send.mutate(
      { bookingId: ride.bookingId, message: text },
      {
        onSuccess: () => {
          setMessage('');
          toast.success(`Message sent to ${ride.customerName}`);
        },
        onError: refused('Could not send the message. Please try again.'),
      },
    );
  }

  let action;
  if (canceled) action = <p className="font-medium">This ride was canceled with its booking.</p>;
  else if (ride.rideStatus === 'dropped_off') action = <p className="font-medium">Ride complete.</p>;
  else if (ride.bookingStatus === 'pending')
    action = (
      <p className="rounded-lg bg-amber-50 p-3 font-medium text-amber-950 ring-1 ring-amber-300">
        Confirm the booking first.{' '}
        <Link className="underline underline-offset-2" to={`/employee/slots?date=${ride.date}&status=pending`}>
          Open the schedule
        </Link>
      </p>
    );
  else if (ride.bookingStatus === 'no_show')
    action = <p className="font-medium">The booking was marked as a no-show.</p>;
  else if (ride.date > today) action = <p className="font-medium">This ride can start on its day.</p>;
  else if (next)
    action = (
      <Button
        size="lg"
        className="min-h-14 w-full text-lg"
        onClick={step}
        loading={advance.isPending}
        disabled={busy}
        aria-describedby={headingId}
      >
        {RIDE_STATUS_LABELS[next]}
      </Button>
    );

  return (
    <article
      aria-labelledby={headingId}
      className={`space-y-3 rounded-xl p-4 shadow-sm ring-1 ${
        canceled ? 'bg-gray-100 text-ink-muted ring-gray-300' : 'bg-white text-ink ring-black/5'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          <span className="tabular-nums">{ride.time}</span> {ride.petName}
        </h3>
        {ride.bookingStatus !== 'confirmed' && <BookingStatusBadge status={ride.bookingStatus} />}
      </div>
      {ride.note && <p className="text-sm break-words whitespace-pre-line">{ride.note}</p>}
      <dl className="space-y-2">
        <div>
          <dt className="text-sm text-ink-muted">Customer</dt>
          <dd className="font-medium break-words">{ride.customerName}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Pickup address</dt>
          <dd className="break-words">
            {ride.address ? (
              <a
                href={mapsHref(ride.address)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-block min-h-11 py-2 font-medium underline underline-offset-2"
              >
                {ride.address} <span className="sr-only">(open in maps)</span>
              </a>
            ) : (
              'No address given'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Phone</dt>
          <dd>
            <a
              href={`tel:${ride.phone}`}
              className="inline-block min-h-11 py-2 font-medium underline underline-offset-2"
              aria-label={`Call ${ride.customerName}, ${ride.phone}`}
            >
              {ride.phone}
            </a>
          </dd>
        </div>
      </dl>
      <RideStepper ride={{ status: ride.rideStatus, steps: ride.steps }} date={ride.date} title="Ride" compact />
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      {action}
      {!over && (
        <form onSubmit={sendMessage} className="space-y-1">
          <label htmlFor={messageId} className="block text-sm font-medium">
            Message to the customer (optional)
          </label>
          <div className="flex gap-2">
            <input
              id={messageId}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={RIDE_MESSAGE_MAX}
              placeholder="5 minutes away"
              aria-describedby={`${messageId}-hint`}
              className="block min-h-11 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-gray-500"
            />
            <Button
              type="submit"
              variant="secondary"
              className="min-h-11 shrink-0"
              loading={send.isPending}
              disabled={busy || !text}
            >
              Send <span className="sr-only">to {ride.customerName}</span>
            </Button>
          </div>
          <p id={`${messageId}-hint`} className="text-xs text-ink-muted">
            Sent on its own with Send, or with the next step.
          </p>
        </form>
      )}
    </article>
  );
}
