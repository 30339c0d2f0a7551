import { formatRupees } from '#shared/money';
import type { summaryOf } from '../lib/series.ts';
import { formatCount, formatDuration, formatRate } from '../lib/format.ts';

/** The headline figures of the range, each with what it counts. */
export function SummaryFigures({ summary: s }: { summary: ReturnType<typeof summaryOf> }) {
  const items = [
    {
      label: 'Bookings',
      value: formatCount(s.bookings),
      hint: s.canceled ? `${formatCount(s.canceled)} of them canceled` : 'By appointment day',
    },
    {
      label: 'Completed visits',
      value: formatCount(s.completed),
      hint: s.noShow === 1 ? '1 no-show' : `${formatCount(s.noShow)} no-shows`,
    },
    { label: 'No-show rate', value: formatRate(s.noShowRate), hint: 'Of completed visits and no-shows' },
    { label: 'Revenue', value: formatRupees(s.revenue), hint: `${formatRupees(s.paid)} paid so far` },
    {
      label: 'Orders',
      value: formatCount(s.orders),
      hint: s.cancelledOrders ? `${formatCount(s.cancelledOrders)} of them canceled` : 'Placed in the range',
    },
    {
      label: 'Median first response',
      value: formatDuration(s.medianSeconds),
      hint:
        s.p90Seconds === null ? `${formatCount(s.waits)} chat waits` : `9 in 10 within ${formatDuration(s.p90Seconds)}`,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
      {items.map((it) => (
        <div key={it.label} className="rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5">
          <dt className="text-sm font-medium text-ink-muted">{it.label}</dt>
          <dd className="mt-1 text-xl font-bold break-words tabular-nums sm:text-2xl">{it.value}</dd>
          <dd className="mt-1 text-xs text-ink-muted">{it.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
