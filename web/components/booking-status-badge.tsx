import type { BookingStatus } from '#shared/bookings';

/** The name of each booking status as screens show it. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  canceled: 'Canceled',
  completed: 'Completed',
  no_show: 'No-show',
};

const styles: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  confirmed: 'bg-green-100 text-green-900 ring-green-300',
  canceled: 'bg-gray-100 text-gray-800 ring-gray-300',
  completed: 'bg-sky-100 text-sky-900 ring-sky-300',
  no_show: 'bg-red-100 text-red-900 ring-red-300',
};

/** A booking's status as a coloured label (the text carries the meaning, not the colour). */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${styles[status]}`}
    >
      {BOOKING_STATUS_LABELS[status]}
    </span>
  );
}
