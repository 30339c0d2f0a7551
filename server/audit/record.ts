import { AUDIT_EVENT, type AuditEntry, type AuditKind, type AuditSubject } from '#shared/audit';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { AuthUser } from '../lib/caller.ts';
import { roleRoom } from '../lib/realtime.ts';

export interface AuditFact {
  kind: AuditKind;
  subjectType: AuditSubject;
  subjectId?: string | null;
  /** One line a person reads in the log, e.g. "Changed Asha Rao's role from customer to employee". */
  summary: string;
  /** The fields that changed, as they were and as they are now: `{ role: 'user' }` -> `{ role: 'employee' }`. */
  before?: unknown;
  after?: unknown;
}

type AuditRow = typeof auditLog.$inferSelect;

/** Who an entry names: a signed-in person, or the app itself (`SYSTEM_ACTOR`). */
export type AuditActor = Pick<AuthUser, 'name' | 'email'> & { id: string | null; role: string };

/** The app acting on its own (a job, not a person): no account, role 'system'. */
export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'Pawcare', email: 'system', role: 'system' };

/** An entry as `GET /api/audit` and the live event show it. */
export function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { id: r.actorId, name: r.actorName, email: r.actorEmail, role: r.actorRole },
    kind: r.kind,
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    summary: r.summary,
    before: r.before ?? null,
    after: r.after ?? null,
  };
}

/**
 * Writes one audit entry and answers it. Pass the transaction of the change it records (`db.transaction(async (tx) =>
 * ...)`), so the entry and the change are stored together or not at all; announce the answer with `announceAudit`
 * once that transaction has committed.
 */
export async function recordAudit(db: Executor, actor: AuditActor, fact: AuditFact): Promise<AuditEntry> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      actorRole: actor.role,
      kind: fact.kind,
      subjectType: fact.subjectType,
      subjectId: fact.subjectId ?? null,
      summary: fact.summary,
      before: fact.before ?? null,
      after: fact.after ?? null,
    })
    .returning();
  return toAuditEntry(row!);
}

/** Shows admins' open audit logs a new entry at once. Call after the change it records has committed. */
export function announceAudit({ io }: Pick<Deps, 'io'>, entry: AuditEntry | undefined): void {
  if (entry) io.to(roleRoom('admin')).emit(AUDIT_EVENT, entry);
}

/**
 * The fields of `next` whose values differ from `current`, as `{ before, after }` (undefined when none differ): the
 * small objects an entry keeps.
 */
export function changedFields<T extends Record<string, unknown>>(
  current: T,
  next: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | undefined {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] === undefined || next[key] === current[key]) continue;
    before[key] = current[key];
    after[key] = next[key];
  }
  return Object.keys(after).length ? { before, after } : undefined;
}
