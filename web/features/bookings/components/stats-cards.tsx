import type { BookingStats } from '#shared/bookings';

const percent = (rate: number | null) => (rate == null ? '—' : `${Math.round(rate * 100)}%`);

const items: { key: keyof BookingStats; label: string; hint: string; show?: (s: BookingStats) => string }[] = [
  { key: 'pending', label: 'Pending', hint: 'Waiting for confirmation' },
  { key: 'confirmed', label: 'Confirmed', hint: 'Upcoming, from today on' },
  { key: 'confirmedToday', label: 'Confirmed today', hint: "On today's schedule" },
  { key: 'total', label: 'Total slots', hint: 'All upcoming bookings' },
  { key: 'completedThisWeek', label: 'Completed this week', hint: 'Visits recorded since Monday' },
  {
    key: 'noShowRate',
    label: 'No-show rate',
    hint: 'Of the outcomes in the last 30 days',
    show: (s) => percent(s.noShowRate),
  },
];

/** The dashboard's counts: the spec's four (section 9), visits completed this week and the no-show rate. */
export function StatsCards({ stats, loading }: { stats: BookingStats | undefined; loading: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6" aria-busy={loading || undefined}>
      {items.map((it) => (
        <li key={it.key} className="rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5 sm:p-5">
          <p className="text-sm font-medium text-ink-muted">{it.label}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums">
            {stats ? (it.show ? it.show(stats) : stats[it.key]) : '–'}
          </p>
          <p className="mt-1 text-xs text-ink-muted">{it.hint}</p>
        </li>
      ))}
    </ul>
  );
}
