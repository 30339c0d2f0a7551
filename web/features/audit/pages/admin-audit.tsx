import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, AUDIT_MSG, type AuditEntry, type AuditKind } from '#shared/audit';
import { DateSchema } from '#shared/common';
import { Button } from '../../../components/button.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useAuditActors } from '../api/get-audit-actors.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import type { AuditFilters } from '../api/keys.ts';
import { AuditChanges } from '../components/audit-changes.tsx';
import { useLiveAudit } from '../lib/audit-lists.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isKind = (v: string): v is AuditKind => (AUDIT_KINDS as readonly string[]).includes(v);
const isDay = (v: string) => DateSchema.safeParse(v).success;

const ROLE_NAMES: Record<string, string> = { user: 'Customer', employee: 'Employee', admin: 'Admin' };
const roleName = (role: string) => ROLE_NAMES[role] ?? role;
const kindLabel = (kind: string) => (isKind(kind) ? AUDIT_KIND_LABELS[kind] : kind);

/**
 * The log's filters, kept in the address (`?actorId=&kind=&from=&to=`) so a filtered view can be reloaded and shared.
 * Values that do not parse are ignored, as if absent.
 */
function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const raw = (name: keyof AuditFilters) => params.get(name) ?? '';
  const kind = raw('kind');
  const values: AuditFilters = {
    actorId: UUID.test(raw('actorId')) ? raw('actorId') : '',
    kind: isKind(kind) ? kind : '',
    from: isDay(raw('from')) ? raw('from') : '',
    to: isDay(raw('to')) ? raw('to') : '',
  };
  const set = (next: Partial<AuditFilters>) => {
    const merged = { ...values, ...next };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) if (v) out.set(k, v);
    setParams(out, { replace: true });
  };
  const filtered = Object.values(values).some(Boolean);
  return { values, set, filtered, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

/** Who did it: their name and, beside it, the role they had then. */
function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <span>
      <span className="font-medium">{entry.actor.name}</span>{' '}
      <span className="text-ink-muted">({roleName(entry.actor.role)})</span>
    </span>
  );
}

/**
 * /admin/audit: what staff and admins did, newest first: when, who (with their role), what, of which kind, and the
 * fields each action changed. Filters by person, kind and days; "Load more" reads older entries; new entries
 * appear at the top as they are written.
 */
export default function AdminAuditPage() {
  const filters = useAuditFilters();
  const { values, set } = filters;
  const rangeError = values.from && values.to && values.from > values.to ? AUDIT_MSG.fromAfterTo : undefined;
  const log = useAuditLog(values, !rangeError);
  const actors = useAuditActors();
  const formatInstant = useFormatInstant();
  const [latest, setLatest] = useState('');
  useLiveAudit((entry) => setLatest(`New entry: ${entry.summary}`));
  const listRef = useRef<HTMLDivElement>(null);

  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];

  // After "Load more", keyboard focus goes to the first entry it loaded (the button may be gone: nothing older is left).
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    const targets = listRef.current?.querySelectorAll<HTMLElement>(`[data-entry="${focusId}"]`) ?? [];
    // Cards on phones, a table on wider screens: the one shown.
    const shown = [...targets].find((el) => el.offsetParent !== null) ?? targets[0];
    shown?.focus();
    setFocusId(null);
  }, [focusId]);

  const loadMore = async () => {
    const before = entries.length;
    const result = await log.fetchNextPage();
    const first = result.data?.pages.flatMap((p) => p.items)[before];
    if (first) setFocusId(first.id);
  };

  const when = (e: AuditEntry) => (
    <time dateTime={e.at} data-entry={e.id} tabIndex={-1} className="rounded focus:outline-2 focus:outline-brand-700">
      {formatInstant(e.at)}
    </time>
  );

  const columns: Column<AuditEntry>[] = [
    { id: 'when', header: 'When', rowHeader: true, className: 'whitespace-nowrap', cell: when },
    { id: 'who', header: 'Who', cell: (e) => <Actor entry={e} /> },
    { id: 'what', header: 'What', className: 'min-w-64 break-words', cell: (e) => e.summary },
    { id: 'kind', header: 'Kind', className: 'whitespace-nowrap', cell: (e) => kindLabel(e.kind) },
    { id: 'changes', header: 'Changes', cell: (e) => <AuditChanges entry={e} /> },
  ];

  const people = actors.data ?? [];
  const emptyTitle = filters.filtered ? 'No entries match these filters' : 'Nothing has been recorded yet';

  return (
    <PageShell
      title="Audit log"
      intro="Who did what, and when: every change staff and admins make, with what it was before and after. Entries cannot be changed or removed."
    >
      <Card className="mb-6 grid gap-4 p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-5">
        <SelectField
          label="Person"
          value={values.actorId}
          onChange={(e) => set({ actorId: e.target.value })}
          hint={actors.isError ? 'Could not load the people of the log' : undefined}
        >
          <option value="">Everyone</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({roleName(p.role)})
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={values.kind} onChange={(e) => set({ kind: e.target.value as AuditKind | '' })}>
          <option value="">All kinds</option>
          {AUDIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {AUDIT_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <TextField type="date" label="From" value={values.from} onChange={(e) => set({ from: e.target.value })} />
        <TextField
          type="date"
          label="To"
          value={values.to}
          error={rangeError}
          onChange={(e) => set({ to: e.target.value })}
        />
        <div className="flex items-end">
          <Button variant="ghost" onClick={filters.clear} disabled={!filters.filtered}>
            Clear filters
          </Button>
        </div>
      </Card>
      <p role="status" className="sr-only">
        {latest}
      </p>
      {rangeError ? (
        <EmptyState title="Choose a “from” day on or before the “to” day" />
      ) : log.isPending ? (
        <LoadingState label="Loading the audit log…" />
      ) : log.isError ? (
        <ErrorState
          message={errorMessage(log.error, 'Could not load the audit log. Please try again.')}
          onRetry={() => void log.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState title={emptyTitle}>
          {filters.filtered ? 'Try another person, kind or day.' : 'Changes staff and admins make will show here.'}
        </EmptyState>
      ) : (
        <div ref={listRef} className="space-y-4">
          <CardsOrTable
            caption="Audit log"
            columns={columns}
            rows={entries}
            rowKey={(e) => e.id}
            cardHeader={(e) => (
              <div>
                <h2 className="font-semibold break-words">{e.summary}</h2>
                <p className="text-sm text-ink-muted">{when(e)}</p>
              </div>
            )}
            cardDetails={(e) => [
              ['Who', <Actor entry={e} />],
              ['Kind', kindLabel(e.kind)],
            ]}
            cardActions={(e) => <AuditChanges entry={e} />}
          />
          {log.hasNextPage && (
            <div className="text-center">
              <Button variant="secondary" loading={log.isFetchingNextPage} onClick={() => void loadMore()}>
                Load more
              </Button>
            </div>
          )}
        </div>
      )}
    </PageShell>
  );
}
