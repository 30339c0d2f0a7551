import type { SlotStats } from '#shared/slots';

const items: { key: keyof SlotStats; label: string; hint: string }[] = [
  { key: 'pending', label: 'Pending', hint: 'Waiting for confirmation' },
  { key: 'confirmed', label: 'Confirmed', hint: 'Upcoming, from today on' },
  { key: 'confirmedToday', label: 'Confirmed today', hint: "On today's schedule" },
  { key: 'total', label: 'Total slots', hint: 'All upcoming bookings' },
];

/** The dashboard's four counts (spec section 9). */
export function StatsCards({ stats, loading }: { stats: SlotStats | undefined; loading: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-busy={loading || undefined}>
      {items.map((it) => (
        <li key={it.key} className="rounded-xl bg-white p-5 text-ink shadow-sm ring-1 ring-black/5">
          <p className="text-sm font-medium text-ink-muted">{it.label}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums">{stats ? stats[it.key] : '–'}</p>
          <p className="mt-1 text-xs text-ink-muted">{it.hint}</p>
        </li>
      ))}
    </ul>
  );
}
