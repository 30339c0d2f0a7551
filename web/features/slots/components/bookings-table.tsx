import type { SlotBooking } from '#shared/slots';
import { Button } from '../../../components/button';
import { formatWhen } from '../lib/format';
import { StatusBadge } from './status-badge';

export interface RowAction {
  id: string;
  kind: 'confirm' | 'cancel';
}

export interface BookingsTableProps {
  bookings: SlotBooking[];
  caption: string;
  onConfirm: (b: SlotBooking) => void;
  onCancel: (b: SlotBooking) => void;
  /** The row whose action is in flight. */
  pending: RowAction | null;
}

/** Bookings as a table for staff, with Confirm (only while not confirmed) and Cancel per row. */
export function BookingsTable({ bookings, caption, onConfirm, onCancel, pending }: BookingsTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              When
            </th>
            <th scope="col" className="px-4 py-3">
              Pet
            </th>
            <th scope="col" className="px-4 py-3">
              Owner
            </th>
            <th scope="col" className="px-4 py-3">
              Phone
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {bookings.map((b) => {
            const busy = pending?.id === b.id;
            return (
              <tr key={b.id}>
                <td className="whitespace-nowrap px-4 py-3 font-medium">{formatWhen(b.date, b.time)}</td>
                <td className="px-4 py-3">
                  {b.petName}
                  {b.petAge != null && <span className="text-ink-muted">, {b.petAge} y</span>}
                </td>
                <td className="px-4 py-3">
                  <div>{b.ownerName}</div>
                  <div className="text-xs text-ink-muted">{b.userEmail}</div>
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <a className="underline" href={`tel:${b.phone}`}>
                    {b.phone}
                  </a>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={b.status} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <div className="flex justify-end gap-2">
                    {b.status === 'pending' && (
                      <Button
                        size="sm"
                        onClick={() => onConfirm(b)}
                        loading={busy && pending?.kind === 'confirm'}
                        disabled={busy}
                        aria-label={`Confirm booking for ${b.petName} on ${formatWhen(b.date, b.time)}`}
                      >
                        Confirm
                      </Button>
                    )}
                    {b.status !== 'canceled' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => onCancel(b)}
                        loading={busy && pending?.kind === 'cancel'}
                        disabled={busy}
                        aria-label={`Cancel booking for ${b.petName} on ${formatWhen(b.date, b.time)}`}
                      >
                        Cancel
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
