import { useId } from 'react';
import type { Ride } from '#shared/rides';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { PetAlertList } from '../../../components/pet-alerts.tsx';
import { RideStepper } from '../../../components/ride-stepper.tsx';
import { useRideActions } from '../hooks/use-ride-actions.ts';
import { RideMessageForm, RideNextStep } from './ride-card-actions.tsx';

/** Opens the device's maps app (or Google Maps in the browser) at the address; nothing of a map is loaded here. */
const mapsHref = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export interface RideCardProps {
  ride: Ride;
  /** Today in clinic time: a ride can only move on its day (or after, if it was left unfinished). */
  today: string;
  /** The server refused a step (the ride changed under us): the day is loaded again. */
  onRefused: () => void;
}

/** Whose pet, where to collect it (a link to the maps app) and the customer's phone. */
function RideContact({ ride }: { ride: Ride }) {
  return (
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
  );
}

/**
 * One ride on the driver's phone: when, which pet, whose, where (a link to the maps app), the customer's phone, the
 * ride's progress and one big button for its next step. A short message to the customer can go on its own or with
 * the step.
 */
export function RideCard({ ride, today, onRefused }: RideCardProps) {
  const headingId = useId();
  const actions = useRideActions(ride, onRefused);
  const canceled = ride.rideStatus === 'canceled';
  const over = canceled || ride.rideStatus === 'dropped_off';

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
      <PetAlertList alerts={ride.alerts} petName={ride.petName} />
      {ride.note && <p className="text-sm break-words whitespace-pre-line">{ride.note}</p>}
      <RideContact ride={ride} />
      <RideStepper ride={{ status: ride.rideStatus, steps: ride.steps }} date={ride.date} title="Ride" compact />
      {actions.problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {actions.problem}
        </p>
      )}
      <RideNextStep ride={ride} today={today} actions={actions} headingId={headingId} />
      {!over && <RideMessageForm ride={ride} actions={actions} />}
    </article>
  );
}
