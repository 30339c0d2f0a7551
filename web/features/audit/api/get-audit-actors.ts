import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTORS_ENDPOINT, type AuditActor } from '#shared/audit';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { auditKeys } from './keys.ts';

/** GET /api/audit/actors (admin): everyone who appears in the log, by name. */
function getAuditActors(signal?: AbortSignal): Promise<AuditActor[]> {
  return answer(client.GET(AUDIT_ACTORS_ENDPOINT, { signal }));
}

/** The people of the person filter; someone new joins it live (see applyAuditEntry). */
export function useAuditActors() {
  return useQuery({
    queryKey: auditKeys.actors,
    queryFn: ({ signal }) => getAuditActors(signal),
    ...LIVE_QUERY,
  });
}
