import type { AuditKind } from '#shared/audit';

/** The audit log's filters as the screen holds them: '' for none. */
export interface AuditFilters {
  actorId: string;
  kind: AuditKind | '';
  from: string;
  to: string;
}

/** Query keys of the audit log. */
export const auditKeys = {
  /** Every cached page list of the log, whatever its filters. */
  lists: ['audit', 'list'] as const,
  list: (f: AuditFilters) => ['audit', 'list', f.actorId, f.kind, f.from, f.to] as const,
  actors: ['audit', 'actors'] as const,
};
