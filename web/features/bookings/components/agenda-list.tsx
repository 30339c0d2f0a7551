import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDay, formatWhen } from '#shared/dates';
import { type Booking } from '#shared/bookings';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { alertsOf, PetAlertList } from '../../../components/pet-alerts.tsx';
import { Button } from '../../../components/button.tsx';
import { CareStateBadge } from '../../../components/care-state-badge.tsx';
import { RecordDoseDialog } from '../../../components/record-dose-dialog.tsx';
import { useCareStatusBatch, useLiveCare } from '../../../lib/care.ts';
import type { CareStatusItem } from '#shared/vaccines';
import { useAgendaClock } from '../hooks/use-agenda-clock.ts';
import { addMinutes, dayHeading, groupByDay } from './agenda-days.ts';
import { BookingActionButtons, hasActions, type BookingHandlers } from './booking-action-buttons.tsx';

export interface AgendaListProps {
  /** Sorted by appointment time, as GET /api/slots/bookings?sort=appointment gives them. */
  bookings: Booking[];
  /** The level of each day's heading, under the page's own headings. */
  headingLevel: 'h2' | 'h3';
  handlers: BookingHandlers;
}

const RELATIVE = new Set(['Today', 'Tomorrow', 'Yesterday']);

// Below the lg breakpoint each row is a stacked card (a phone, a narrow tablet); from lg on, a table row. The roles keep the
// table's meaning for assistive technology whatever the display.
/** Fixed shares of the width, so the tables of every day line up. */
const COLUMNS = [
  ['Time', 'lg:w-[11%]'],
  ['Service', 'lg:w-[13%]'],
  ['Pet', 'lg:w-[11%]'],
  ['Owner', 'lg:w-[20%]'],
  ['Note', 'lg:w-[19%]'],
  ['Status', 'lg:w-[11%]'],
  ['Actions', 'lg:w-[15%]'],
] as const;
const cellClass = 'block px-0 py-0.5 align-top lg:table-cell lg:px-3 lg:py-3';

/**
 * The staff agenda: bookings grouped by day ("Today", "Tomorrow", "Tue, 24 Nov"), each with its time, service, pet,
 * owner, note, status and the actions its status and time allow; a recorded visit opens in the booking's panel. Past
 * bookings without an outcome are flagged.
 */
export function AgendaList({ bookings, headingLevel: Heading, handlers }: AgendaListProps) {
  const { now, today } = useAgendaClock();
  const baseId = useId();
  // The pets' preventive care beside each booking: one request for the page's pets, kept current live.
  useLiveCare();
  const care = useCareStatusBatch(bookings.flatMap((b) => (b.petId ? [b.petId] : [])));
  const careOf = new Map((care.data ?? []).map((p) => [p.petId, p.items]));
  const [dosing, setDosing] = useState<Booking | null>(null);

  return (
    <div className="space-y-6">
      {groupByDay(bookings).map((day) => {
        const headingId = `${baseId}-${day.date}`;
        const title = dayHeading(day.date, today);
        return (
          <section key={day.date} aria-labelledby={headingId} className="space-y-2">
            <Heading id={headingId} className="themed text-xl font-semibold">
              {title}
              {RELATIVE.has(title) && (
                <span className="ml-2 text-base font-normal">{formatDay(day.date, today.slice(0, 4))}</span>
              )}
            </Heading>
            <div className="rounded-xl bg-white px-4 text-ink shadow-sm ring-1 ring-black/5 lg:px-0">
              <table role="table" className="block w-full text-left text-sm lg:table lg:table-fixed">
                <caption className="sr-only">Bookings, {title}</caption>
                <thead role="rowgroup" className="max-lg:sr-only lg:table-header-group">
                  <tr role="row" className="text-ink-muted">
                    {COLUMNS.map(([h, width]) => (
                      <th key={h} role="columnheader" scope="col" className={`px-3 py-2 font-semibold ${width}`}>
                        {h === 'Actions' ? <span className="sr-only">{h}</span> : h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody role="rowgroup" className="block divide-y divide-gray-100 lg:table-row-group">
                  {day.items.map((b) => (
                    <AgendaRow
                      key={b.id}
                      booking={b}
                      now={now}
                      today={today}
                      handlers={handlers}
                      care={b.petId ? careOf.get(b.petId) : undefined}
                      onRecordDose={setDosing}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      <RecordDoseDialog
        open={dosing !== null}
        pet={{ id: dosing?.petId ?? '', name: dosing?.petName ?? '' }}
        bookingId={dosing?.id}
        onClose={() => setDosing(null)}
      />
    </div>
  );
}

/** The protocols due soon or overdue of a booking's pet, as small badges under its name. */
function CareBadges({ items }: { items: CareStatusItem[] | undefined }) {
  const due = (items ?? []).filter((s) => s.state === 'overdue' || s.state === 'due_soon');
  if (!due.length) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {due.slice(0, 3).map((s) => (
        <CareStateBadge key={s.vaccineId} state={s.state} prefix={s.vaccineName.split(' (')[0]} />
      ))}
      {due.length > 3 && <span className="text-xs text-ink-muted">and {due.length - 3} more</span>}
    </span>
  );
}

function AgendaRow({
  booking: b,
  now,
  today,
  handlers,
  care,
  onRecordDose,
}: {
  booking: Booking;
  now: number;
  today: string;
  handlers: BookingHandlers;
  care: CareStatusItem[] | undefined;
  onRecordDose: (b: Booking) => void;
}) {
  const canDose = !!b.petId && (b.status === 'confirmed' || b.status === 'completed') && b.date <= today;
  return (
    <tr role="row" className={`block py-3 lg:table-row lg:py-0 ${b.needsOutcome ? 'bg-amber-50' : ''}`}>
      <th role="rowheader" scope="row" className={`${cellClass} font-semibold`}>
        {b.time}
        <span className="font-normal whitespace-nowrap text-ink-muted lg:block">
          {' '}
          to {addMinutes(b.time, b.service.durationMinutes)}
        </span>
      </th>
      <td role="cell" className={cellClass}>
        <span className="font-medium">{b.service.name}</span>
        {b.providerName && <span className="block text-sm">With {b.providerName}</span>}
        {b.pickupAddress && (
          <span className="block text-xs break-words text-ink-muted">Pickup from {b.pickupAddress}</span>
        )}
      </td>
      <td role="cell" className={cellClass}>
        {b.petId ? (
          <Link className="font-medium underline" to={`/employee/pets/${encodeURIComponent(b.petId)}`}>
            {b.petName}
          </Link>
        ) : (
          <span className="font-medium">{b.petName}</span>
        )}
        {b.petAge != null && (
          <span className="text-ink-muted">
            , {b.petAge} {b.petAge === 1 ? 'year' : 'years'}
          </span>
        )}
        <div className="mt-1">
          <PetAlertList alerts={alertsOf(b)} petName={b.petName} compact />
        </div>
        <CareBadges items={care} />
      </td>
      <td role="cell" className={cellClass}>
        <span className="block">{b.ownerName}</span>
        <a className="underline" href={`tel:${b.phone}`}>
          {b.phone}
        </a>
        <EmailAddress email={b.userEmail} className="text-xs text-ink-muted" />
      </td>
      <td role="cell" className={cellClass}>
        {b.note ? (
          <p className="break-words whitespace-pre-line">
            <span className="text-ink-muted lg:sr-only">Note: </span>
            {b.note}
          </p>
        ) : (
          <span className="text-ink-muted max-lg:hidden">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No note</span>
          </span>
        )}
      </td>
      <td role="cell" className={`${cellClass} max-lg:py-1`}>
        <span className="flex flex-wrap gap-1 lg:flex-col lg:items-start">
          <BookingStatusBadge status={b.status} />
          {b.needsOutcome && (
            <span className="inline-flex items-center rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-400 ring-inset">
              Needs outcome
            </span>
          )}
        </span>
      </td>
      <td role="cell" className={`${cellClass} max-lg:pt-2`}>
        {(hasActions(b) || b.visit || canDose) && (
          <div className="flex flex-wrap gap-2 lg:justify-end">
            {hasActions(b) && <BookingActionButtons booking={b} now={now} today={today} handlers={handlers} />}
            {canDose && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onRecordDose(b)}
                aria-label={`Record a dose for ${b.petName} on ${formatWhen(b.date, b.time)}`}
              >
                Record dose
              </Button>
            )}
            {/* The record opens in the booking's panel, not in the row. */}
            {b.visit && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => handlers.onView(b)}
                aria-label={`Visit record for ${b.petName} on ${formatWhen(b.date, b.time)}`}
              >
                Visit record
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
