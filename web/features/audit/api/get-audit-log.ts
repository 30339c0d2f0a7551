import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_ENDPOINT, type AuditEntry } from '#shared/audit';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { auditKeys, type AuditFilters } from './keys.ts';

const PAGE_SIZE = 25;

/** GET /api/audit (admin): one page of the log, newest first, with the filters that are set. */
function getAuditLog(f: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return page(
    client.GET(AUDIT_ENDPOINT, {
      // Filters left empty ('') are not sent.
      params: {
        query: {
          limit: PAGE_SIZE,
          cursor: cursor ?? undefined,
          actorId: f.actorId,
          kind: f.kind || undefined,
          from: f.from,
          to: f.to,
        },
      },
      signal,
    }),
  );
}

/** The audit log page by page; new entries join its first page live (see applyAuditEntry). */
export function useAuditLog(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    ...LIVE_QUERY,
  });
}
