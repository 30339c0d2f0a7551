import { eachDay, type Analytics } from '#shared/analytics';
import type { BookingStatus } from '#shared/bookings';
import { BOOKING_STATUS_LABELS } from '../../../components/booking-status-badge.tsx';

/** One stack of a chart: its key in the rows, its name, its colour. */
export interface Series {
  key: string;
  label: string;
  color: string;
}

/** A day of the bookings chart: its date, a count per series key, and the day's total. */
export type BookingDay = { date: string; total: number } & Record<string, number | string>;

export type BookingGrouping = 'service' | 'status';

/** Colours of the statuses, the hues of their badges; the legend and the table carry the names. */
const STATUS_COLORS: Record<BookingStatus, string> = {
  pending: '#d97706',
  confirmed: '#15803d',
  completed: '#0369a1',
  no_show: '#b91c1c',
  canceled: '#6b7280',
};
const STATUS_ORDER: BookingStatus[] = ['pending', 'confirmed', 'completed', 'no_show', 'canceled'];
const OFFERING_COLORS = ['#0f766e', '#7c3aed', '#c2410c', '#be185d', '#1d4ed8', '#4d7c0f', '#0e7490', '#a16207'];

/**
 * Bookings per day of the range, each day present (0 when nothing was booked), split by service or by status: the
 * rows of the stacked bars and of their table.
 */
export function bookingDays(a: Analytics, by: BookingGrouping): { series: Series[]; days: BookingDay[] } {
  const series: Series[] = [];
  if (by === 'status') {
    const present = new Set(a.bookingsPerDay.map((b) => b.status));
    for (const status of STATUS_ORDER)
      if (present.has(status))
        series.push({ key: status, label: BOOKING_STATUS_LABELS[status], color: STATUS_COLORS[status] });
  } else {
    const seen = new Map<string, string>();
    for (const b of a.bookingsPerDay) if (!seen.has(b.serviceId)) seen.set(b.serviceId, b.serviceName);
    [...seen].forEach(([id, name], i) =>
      series.push({ key: id, label: name, color: OFFERING_COLORS[i % OFFERING_COLORS.length]! }),
    );
  }
  const byDate = new Map<string, BookingDay>(
    eachDay(a.from, a.to).map((date) => [
      date,
      { date, total: 0, ...Object.fromEntries(series.map((s) => [s.key, 0])) },
    ]),
  );
  for (const b of a.bookingsPerDay) {
    const day = byDate.get(b.date);
    if (!day) continue;
    const key = by === 'status' ? b.status : b.serviceId;
    day[key] = (day[key] as number) + b.count;
    day.total += b.count;
  }
  return { series, days: [...byDate.values()] };
}

/** Adds amounts in rupees exactly (in paise), as the server does. */
const sumRupees = (amounts: number[]) => amounts.reduce((paise, x) => paise + Math.round(x * 100), 0) / 100;

/** The page's headline figures. */
export function summaryOf(a: Analytics) {
  const bookings = a.bookingsPerDay.reduce((n, b) => n + b.count, 0);
  const canceled = a.bookingsPerDay.filter((b) => b.status === 'canceled').reduce((n, b) => n + b.count, 0);
  const orders = a.ordersByPaymentStatus.reduce((n, p) => n + p.count, 0);
  const revenueOrders = a.revenuePerDay.reduce((n, d) => n + d.orders, 0);
  return {
    bookings,
    canceled,
    completed: a.visits.completed,
    noShow: a.visits.noShow,
    noShowRate: a.visits.noShowRate,
    revenue: sumRupees(a.revenuePerDay.map((d) => d.amount)),
    paid: sumRupees(a.revenuePerDay.map((d) => d.paid)),
    orders,
    cancelledOrders: orders - revenueOrders,
    medianSeconds: a.chatFirstResponse.medianSeconds,
    p90Seconds: a.chatFirstResponse.p90Seconds,
    waits: a.chatFirstResponse.waits,
  };
}
