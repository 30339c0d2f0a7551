import type { Ref } from 'react';
import { formatWhen } from '#shared/dates';
import type { Booking } from '#shared/bookings';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { RideStepper } from '../../../components/ride-stepper.tsx';
import { RIDE_UNDER_WAY_NOTE, rideUnderWay } from '../lib/ride-under-way.ts';
import type { SavedBooking } from '../lib/saved-booking.ts';
import { HospitalInfoBlock } from './hospital-info.tsx';

export interface BookedViewProps {
  saved: SavedBooking;
  /** The same booking as the server knows it now (status, hospital info, service), once loaded. */
  current?: Booking;
  canceling: boolean;
  onCancel: () => void;
  onChange: () => void;
  /** Leaves this view for a fresh form (the booking itself stays). */
  onBookAnother: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Shown after a successful booking (the spec's booked view, kept across reloads by savedBooking): what was booked,
 * its status, Change Slot, Cancel, and Book another. Its heading takes the focus when it appears.
 */
export function BookedView({
  saved,
  current,
  canceling,
  onCancel,
  onChange,
  onBookAnother,
  headingRef,
}: BookedViewProps) {
  const status = current?.status;
  const canceled = status === 'canceled';
  const open = !status || status === 'pending' || status === 'confirmed';
  // The driver has set off: the ride can no longer be moved or canceled from here (the server would refuse it).
  const underWay = !!current && rideUnderWay(current);
  const serviceName = current?.service.name ?? saved.serviceName;
  const providerName = current ? current.providerName : saved.providerName;
  return (
    <section aria-labelledby="booked-view-title">
      <Card className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="booked-view-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
            {canceled ? 'This booking was canceled' : 'Your slot is booked'}
          </h2>
          {status && <BookingStatusBadge status={status} />}
        </div>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {serviceName && (
            <div>
              <dt className="text-sm text-ink-muted">Service</dt>
              <dd className="font-medium">{serviceName}</dd>
            </div>
          )}
          {providerName && (
            <div>
              <dt className="text-sm text-ink-muted">With</dt>
              <dd className="font-medium">{providerName}</dd>
            </div>
          )}
          <div>
            <dt className="text-sm text-ink-muted">When</dt>
            <dd className="font-medium">{formatWhen(saved.date, saved.time)}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Pet</dt>
            <dd className="font-medium">
              {saved.petName}
              {saved.petAge !== '' && `, ${saved.petAge} ${saved.petAge === '1' ? 'year' : 'years'}`}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Owner</dt>
            <dd className="font-medium">{saved.ownerName}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Phone</dt>
            <dd className="font-medium">{saved.phone}</dd>
          </div>
          {current?.pickupAddress && (
            <div>
              <dt className="text-sm text-ink-muted">Pickup address</dt>
              <dd className="font-medium">{current.pickupAddress}</dd>
            </div>
          )}
          {current?.note && (
            <div className="sm:col-span-2">
              <dt className="text-sm text-ink-muted">Note</dt>
              <dd className="whitespace-pre-line break-words">{current.note}</dd>
            </div>
          )}
        </dl>
        {current?.ride && <RideStepper ride={current.ride} date={current.date} />}
        {status === 'pending' && (
          <p className="text-sm text-ink-muted">
            The clinic will confirm your booking soon; you will be notified here.
          </p>
        )}
        {status === 'confirmed' && current?.hospitalInfo && <HospitalInfoBlock info={current.hospitalInfo} />}
        {canceled && <p className="text-sm">This booking was canceled. Please choose another time.</p>}
        <div className="flex flex-wrap gap-3">
          {open && underWay && <p className="basis-full text-sm text-ink-muted">{RIDE_UNDER_WAY_NOTE}</p>}
          {open && !underWay && (
            <>
              <Button variant="secondary" onClick={onChange} disabled={canceling}>
                Change Slot
              </Button>
              <Button variant="danger" onClick={onCancel} loading={canceling}>
                Cancel
              </Button>
            </>
          )}
          <Button variant={open && !underWay ? 'ghost' : 'primary'} onClick={onBookAnother}>
            Book another
          </Button>
        </div>
      </Card>
    </section>
  );
}
