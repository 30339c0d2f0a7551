import type { OutsideHoursBooking } from '#shared/clinic-settings';
import { formatWhen } from '#shared/dates';
import { BookingStatusBadge } from './booking-status-badge.tsx';

/**
 * Upcoming bookings the clinic's hours or closures no longer cover, each with why: what staff must move or cancel
 * with the customer (nothing was canceled for them). Shared by the staff dashboard and the admin's settings page.
 */
export function OutsideHoursList({ items, label }: { items: OutsideHoursBooking[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-gray-200 rounded-lg bg-white text-ink shadow-sm ring-1 ring-black/5"
    >
      {items.map(({ booking: b, reason }) => (
        <li key={b.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="font-semibold">
              {b.petName} · {b.service.name}
            </p>
            <p className="text-sm">{formatWhen(b.date, b.time)}</p>
            <p className="text-sm text-ink-muted">
              {b.ownerName}, <a href={`tel:${b.phone}`}>{b.phone}</a>
            </p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <BookingStatusBadge status={b.status} />
            <p className="text-sm font-medium text-red-800">{reason}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
