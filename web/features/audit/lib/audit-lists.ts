import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AUDIT_EVENT, type AuditActor, type AuditEntry } from '#shared/audit';
import { zonedDateTime } from '#shared/dates';
import { applyRow } from '../../../lib/live-lists.ts';
import { cachedTimeZone } from '../../../lib/public-config.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { auditKeys } from '../api/keys.ts';

/** Newest first by the time of the entry, then by id, descending: the order of GET /api/audit. */
function newestEntryFirst(a: AuditEntry, b: AuditEntry): number {
  return Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * Puts a new entry into every cached page list of the log whose filters it meets (its person, kind and clinic-local
 * day), at its place (the top, as it is the newest), and its person into the person filter when they are new: no
 * request is made.
 */
function applyAuditEntry(client: QueryClient, entry: AuditEntry): void {
  const day = zonedDateTime(new Date(entry.at), cachedTimeZone(client)).date;
  applyRow(client, auditKeys.lists, entry, (key) => {
    const [, , actorId, kind, from, to] = key as ReturnType<typeof auditKeys.list>;
    return {
      includes: (e) =>
        (!actorId || e.actor.id === actorId) &&
        (!kind || e.kind === kind) &&
        (!from || day >= from) &&
        (!to || day <= to),
      compare: newestEntryFirst,
    };
  });
  const { id, name, email, role } = entry.actor;
  const actors = client.getQueryData<AuditActor[]>(auditKeys.actors);
  if (id && actors && !actors.some((a) => a.id === id)) {
    const next = [...actors, { id, name, email, role }].sort(
      (a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email),
    );
    client.setQueryData(auditKeys.actors, next);
  }
}

/** Keeps the audit log on screen current: each entry the server announces joins the lists it belongs to. */
export function useLiveAudit(onEntry?: (entry: AuditEntry) => void): void {
  const client = useQueryClient();
  useSocketEvent(AUDIT_EVENT, (entry) => {
    applyAuditEntry(client, entry);
    onEntry?.(entry);
  });
}
