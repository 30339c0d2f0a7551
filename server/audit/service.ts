import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditActor, AuditEntry, AuditListQuery } from '#shared/audit';
import { addDays, zonedTimeToUtc } from '#shared/dates';
import { rowsOf } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import { toAuditEntry } from './record.ts';

/** What reading the log needs: the database and the clinic's time zone (the days of the date filter are its days). */
type AuditDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'CLINIC_TZ'> };

/**
 * A page of the audit log, newest first, filtered by person, kind and clinic-local days (inclusive). Each filter is
 * served by an index of migration 0007: the person's (actor_id, at, id), the kind's (kind, at, id), or (at, id)
 * alone, each read from the newest entry down and stopped after a page; a day range bounds the `at` of whichever
 * index is read. Person and kind together read the person's index and skip their other kinds.
 */
export async function listAudit(
  { db, config }: AuditDeps,
  filter: Pick<AuditListQuery, 'actorId' | 'kind' | 'from' | 'to'>,
  limit: number,
  cursor?: Cursor,
): Promise<AuditEntry[]> {
  const tz = config.CLINIC_TZ;
  const conds: (SQL | undefined)[] = [];
  if (filter.actorId) conds.push(eq(auditLog.actorId, filter.actorId));
  if (filter.kind) conds.push(eq(auditLog.kind, filter.kind));
  if (filter.from) conds.push(gte(auditLog.at, zonedTimeToUtc(filter.from, '00:00', tz)));
  if (filter.to) conds.push(lt(auditLog.at, zonedTimeToUtc(addDays(filter.to, 1), '00:00', tz)));
  if (cursor) conds.push(olderThanRow(auditLog, auditLog.at, auditLog.id, cursor));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conds))
    // The indexes of migration 0007 keep `at` and `id` DESC NULLS LAST; a plain DESC (NULLS FIRST) would not match
    // them, and the whole filtered log would be read and sorted.
    .orderBy(sql`${auditLog.at} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(limit + 1);
  return rows.map(toAuditEntry);
}

/** At most this many people are listed for the person filter (a clinic's staff are far fewer). */
const ACTORS_MAX = 500;

/**
 * Everyone who appears in the log, by name, as their latest entry names them (an entry outlives its account, so
 * people whose accounts are gone are listed too). A skip scan of the (actor_id, at, id) index: each step asks for the
 * first entry after the previous person in that index's own order, which is the next person's latest entry, so the
 * cost follows the number of people, not of entries. (Asking for "the latest entry of this person" separately let
 * the planner read the log from its newest entry down until it met that person, the whole log for someone who left.)
 */
export async function listAuditActors({ db }: Pick<Deps, 'db'>): Promise<AuditActor[]> {
  const rows = rowsOf<{ id: string; name: string; email: string; role: string }>(
    await db.execute(sql`
      with recursive people(id, name, email, role) as (
        (select actor_id, actor_name, actor_email, actor_role from audit_log where actor_id is not null
          order by actor_id, at desc nulls last, id desc nulls last limit 1)
        union all
        select next.*
          from people
          cross join lateral (
            select a.actor_id, a.actor_name, a.actor_email, a.actor_role from audit_log a where a.actor_id > people.id
             order by a.actor_id, a.at desc nulls last, a.id desc nulls last limit 1
          ) next
      )
      select id, name, email, role from people limit ${ACTORS_MAX}`),
  );
  return rows
    .map((r) => ({ id: String(r.id), name: r.name, email: r.email, role: r.role }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}
