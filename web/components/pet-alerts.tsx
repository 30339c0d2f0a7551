import { PET_ALERT_KIND_LABELS, type PetAlert } from '#shared/pet-alerts';

/**
 * The alerts staff set on a pet (allergy, behaviour, condition, medication), shown wherever staff meet it: a short
 * list headed "Alerts for <pet>", its kind in words before each text (the colour only repeats it). Nothing is shown
 * when the pet has none.
 */
export function PetAlertList({
  alerts,
  petName,
  compact = false,
}: {
  alerts: readonly PetAlert[] | undefined;
  petName: string;
  compact?: boolean;
}) {
  if (!alerts || alerts.length === 0) return null;
  return (
    <div
      role="note"
      aria-label={`Alerts for ${petName}`}
      className={`rounded-lg bg-red-50 text-red-950 ring-1 ring-red-300 ring-inset ${compact ? 'px-2 py-1 text-sm' : 'p-3'}`}
    >
      {!compact && <p className="mb-1 text-sm font-semibold">Alerts for {petName}</p>}
      <ul className={compact ? 'flex flex-wrap gap-x-3 gap-y-0.5' : 'space-y-1'}>
        {alerts.map((a, i) => (
          <li key={`${a.kind}-${i}`} className="break-words">
            <span aria-hidden="true">⚠ </span>
            <strong className="font-semibold">{PET_ALERT_KIND_LABELS[a.kind]}:</strong> {a.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The alerts a staff view of a row carries (a booking of the agenda, a live event's booking), if any. */
export function alertsOf(row: object): PetAlert[] | undefined {
  return 'alerts' in row ? (row.alerts as PetAlert[] | undefined) : undefined;
}
