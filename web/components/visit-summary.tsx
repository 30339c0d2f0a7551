import { formatDay } from '#shared/dates';
import type { Visit } from '#shared/bookings';

/**
 * What staff recorded at a completed visit; fields left empty are not shown. Staff read it as the "Visit record",
 * owners as the "Visit summary".
 */
export function VisitSummary({ visit, title = 'Visit summary' }: { visit: Visit; title?: string }) {
  const rows: [string, string][] = [];
  if (visit.findings) rows.push(['Findings', visit.findings]);
  if (visit.treatment) rows.push(['Treatment', visit.treatment]);
  if (visit.medicines) rows.push(['Medicines', visit.medicines]);
  if (visit.weightKg != null) rows.push(['Weight', `${visit.weightKg} kg`]);
  if (visit.nextDueDate)
    rows.push(['Next due', `${formatDay(visit.nextDueDate)}${visit.nextDueReason ? `: ${visit.nextDueReason}` : ''}`]);
  return (
    <div className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950 ring-1 ring-sky-200">
      <p className="font-semibold">{title}</p>
      {rows.length === 0 ? (
        <p className="mt-1">No notes were recorded.</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium">{term}</dt>
              <dd className="break-words whitespace-pre-line">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {visit.recordedByName && <p className="mt-1 text-xs">Recorded by {visit.recordedByName}</p>}
    </div>
  );
}
