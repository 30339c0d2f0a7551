import type { SlotBooking } from '#shared/slots';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { formatWhen } from '../lib/format.ts';
import type { SavedBooking } from '../lib/saved-booking.ts';
import { HospitalInfoBlock } from './hospital-info.tsx';
import { StatusBadge } from './status-badge.tsx';

export interface BookedViewProps {
  saved: SavedBooking;
  /** The same booking as the server knows it now (status, hospital info), once loaded. */
  current?: SlotBooking;
  busy: 'cancel' | 'change' | null;
  onCancel: () => void;
  onChange: () => void;
  /** Leaves a booking the clinic canceled and starts a new one. */
  onDismiss: () => void;
}

/** Shown after a successful booking: what was booked, its status, and Cancel / Change Slot. */
export function BookedView({ saved, current, busy, onCancel, onChange, onDismiss }: BookedViewProps) {
  const canceledByClinic = current?.status === 'canceled';
  return (
    <Card as="section" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">
          {canceledByClinic ? 'This booking was canceled' : 'Your slot is booked'}
        </h2>
        {current && <StatusBadge status={current.status} />}
      </div>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
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
      </dl>
      {current?.status === 'pending' && (
        <p className="text-sm text-ink-muted">The clinic will confirm your booking soon; you will be notified here.</p>
      )}
      {current?.status === 'confirmed' && current.hospitalInfo && <HospitalInfoBlock info={current.hospitalInfo} />}
      {canceledByClinic ? (
        <div className="space-y-3">
          <p className="text-sm">The clinic canceled this booking. Please choose another time.</p>
          <Button onClick={onDismiss}>Book another slot</Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onChange} loading={busy === 'change'} disabled={busy !== null}>
            Change Slot
          </Button>
          <Button variant="danger" onClick={onCancel} loading={busy === 'cancel'} disabled={busy !== null}>
            Cancel
          </Button>
        </div>
      )}
    </Card>
  );
}
