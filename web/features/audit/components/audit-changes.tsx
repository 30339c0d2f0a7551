import type { AuditEntry } from '#shared/audit';

/** Names of fields people read better than their keys. */
const FIELD_LABELS: Record<string, string> = {
  paymentStatus: 'Payment status',
  durationMinutes: 'Duration (minutes)',
  sortOrder: 'Position',
  details: 'Description',
  image: 'Picture',
};

/** 'paymentStatus' as 'Payment status'. */
function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ROLE_WORDS: Record<string, string> = { user: 'customer', employee: 'employee', admin: 'admin' };

/** A stored value as people read it: none, yes/no, a role or status in words, else the text itself. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return key === 'role' ? (ROLE_WORDS[value] ?? value) : value.replaceAll('_', ' ');
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields an entry changed, each as it was and as it became; empty when the entry keeps none. */
function changesOf(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const before = isFields(entry.before) ? entry.before : {};
  const after = isFields(entry.after) ? entry.after : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((k) => ({
    field: fieldLabel(k),
    before: k in before ? valueText(k, before[k]) : 'none',
    after: k in after ? valueText(k, after[k]) : 'none',
  }));
}

/** A disclosure under an entry with what it changed: each field, before → after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  if (changes.length === 0) return <span className="text-ink-muted">—</span>;
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer rounded font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        Before and after<span className="sr-only"> of: {entry.summary}</span>
      </summary>
      <dl className="mt-2 space-y-1">
        {changes.map((c) => (
          <div key={c.field} className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{c.field}:</dt>
            <dd className="break-words">
              <span className="text-ink-muted line-through decoration-1">{c.before}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
              <span className="font-semibold">{c.after}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
