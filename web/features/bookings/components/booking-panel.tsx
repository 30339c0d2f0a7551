import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatWhen } from '#shared/dates';
import type { Booking } from '#shared/bookings';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { alertsOf, PetAlertList } from '../../../components/pet-alerts.tsx';
import { VisitSummary } from '../../../components/visit-summary.tsx';
import { addMinutes } from './agenda-days.ts';
import { BookingActionButtons, hasActions, type BookingHandlers } from './booking-action-buttons.tsx';

export interface BookingPanelProps {
  booking: Booking;
  now: number;
  today: string;
  /** Each action closes the panel first, then goes on as it does from the list. */
  handlers: BookingHandlers;
  onClose: () => void;
}

/**
 * One booking in a panel of its own, opened from the agenda: when, what, who, the note, its status, the visit record
 * once the visit is recorded, and the actions its status and time allow.
 */
export function BookingPanel({ booking: b, now, today, handlers, onClose }: BookingPanelProps) {
  const year = today.slice(0, 4);
  const rows: [string, ReactNode][] = [
    ['Service', `${b.service.name}, ${b.time} to ${addMinutes(b.time, b.service.durationMinutes)}`],
    [
      'Pet',
      <>
        {b.petId ? (
          <Link className="font-medium underline" to={`/employee/pets/${encodeURIComponent(b.petId)}`}>
            {b.petName}
          </Link>
        ) : (
          b.petName
        )}
        {b.petAge != null && `, ${b.petAge} ${b.petAge === 1 ? 'year' : 'years'}`}
      </>,
    ],
    [
      'Owner',
      <>
        {b.ownerName}
        {', '}
        <a className="underline" href={`tel:${b.phone}`}>
          {b.phone}
        </a>
        <EmailAddress email={b.userEmail} className="text-ink-muted" />
      </>,
    ],
  ];
  if (b.pickupAddress) rows.push(['Pickup from', b.pickupAddress]);
  if (b.note) rows.push(['Note', <span className="whitespace-pre-line">{b.note}</span>]);

  return (
    <Dialog open title={`${b.petName}, ${formatWhen(b.date, b.time, year)}`} onClose={onClose}>
      <p className="mt-2 flex flex-wrap gap-1">
        <BookingStatusBadge status={b.status} />
        {b.needsOutcome && (
          <span className="inline-flex items-center rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-400 ring-inset">
            Needs outcome
          </span>
        )}
      </p>
      <div className="mt-4">
        <PetAlertList alerts={alertsOf(b)} petName={b.petName} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {b.visit && (
        <div className="mt-4">
          <VisitSummary visit={b.visit} title="Visit record" />
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {hasActions(b) && <BookingActionButtons booking={b} now={now} today={today} handlers={handlers} />}
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
