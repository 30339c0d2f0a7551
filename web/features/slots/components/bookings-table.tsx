import type { SlotBooking } from '#shared/slots';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { formatWhen } from '../lib/format.ts';
import { StatusBadge } from './status-badge.tsx';

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
  const columns: Column<SlotBooking>[] = [
    {
      id: 'when',
      header: 'When',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (b) => formatWhen(b.date, b.time),
    },
    {
      id: 'pet',
      header: 'Pet',
      cell: (b) => (
        <>
          {b.petName}
          {b.petAge != null && <span className="text-ink-muted">, {b.petAge} y</span>}
        </>
      ),
    },
    {
      id: 'owner',
      header: 'Owner',
      cell: (b) => (
        <>
          <div>{b.ownerName}</div>
          <div className="text-xs text-ink-muted">{b.userEmail}</div>
        </>
      ),
    },
    {
      id: 'phone',
      header: 'Phone',
      className: 'whitespace-nowrap',
      cell: (b) => (
        <a className="underline" href={`tel:${b.phone}`}>
          {b.phone}
        </a>
      ),
    },
    { id: 'status', header: 'Status', cell: (b) => <StatusBadge status={b.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'whitespace-nowrap',
      cell: (b) => <RowButtons booking={b} onConfirm={onConfirm} onCancel={onCancel} pending={pending} />,
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={bookings} rowKey={(b) => b.id} />;
}

function RowButtons({
  booking: b,
  onConfirm,
  onCancel,
  pending,
}: Pick<BookingsTableProps, 'onConfirm' | 'onCancel' | 'pending'> & { booking: SlotBooking }) {
  const busy = pending?.id === b.id;
  return (
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
  );
}
