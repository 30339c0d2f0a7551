import { desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PET_ALERT_KIND_LABELS, type PetAlert, type PetAlerts, type PetAlertsBody } from '#shared/pet-alerts';
import { announceAudit, recordAudit } from '../audit/record.ts';
import { rowsOf, type Executor } from '../db/client.ts';
import { petAlertChanges } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { AuthUser } from '../lib/caller.ts';
import { readablePet, writablePet } from './access.ts';
import { announceRecord } from './live.ts';

/** How many past changes GET /api/pets/{id}/alerts shows. */
const HISTORY_SHOWN = 50;

/**
 * The pet's alerts now, for a query that has the pet's id in `petId` (a booking's, an emergency's): the newest change
 * of its alerts, read through the index of its changes; an empty list when none were set.
 */
export function alertsOf(petId: AnyColumn | SQL): SQL<PetAlert[]> {
  return sql<PetAlert[]>`coalesce((select a.alerts from pet_alert_changes a where a.pet_id = ${petId}
    order by a.created_at desc, a.id desc limit 1), '[]'::jsonb)`;
}

/** The alerts now of each of several pets (staff views of a page of rows): one statement, one index probe per pet. */
export async function alertsOfPets(db: Executor, petIds: (string | null)[]): Promise<Map<string, PetAlert[]>> {
  const ids = [...new Set(petIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ pet_id: string; alerts: PetAlert[] | string }>(
    await db.execute(sql`select p.id as pet_id, ${alertsOf(sql`p.id`)} as alerts
      from unnest(${sql.param(ids)}::uuid[]) as p(id)`),
  );
  return new Map(
    rows.map((r) => [r.pet_id, typeof r.alerts === 'string' ? (JSON.parse(r.alerts) as PetAlert[]) : r.alerts]),
  );
}

/** The alerts of a pet now and their last changes, newest first (staff). */
export async function readAlerts(deps: Pick<Deps, 'db'>, viewer: AuthUser, petId: string): Promise<PetAlerts> {
  await readablePet(deps.db, viewer, petId);
  const changes = await deps.db
    .select()
    .from(petAlertChanges)
    .where(eq(petAlertChanges.petId, petId))
    .orderBy(desc(petAlertChanges.createdAt), desc(petAlertChanges.id))
    .limit(HISTORY_SHOWN);
  return {
    alerts: changes[0]?.alerts ?? [],
    history: changes.map((c) => ({
      id: c.id,
      alerts: c.alerts,
      setByName: c.setByName,
      setAt: c.createdAt.toISOString(),
    })),
  };
}

const words = (alerts: PetAlert[]) =>
  alerts.length ? alerts.map((a) => `${PET_ALERT_KIND_LABELS[a.kind]}: ${a.text}`).join('; ') : 'none';

/**
 * Sets a pet's alerts (staff): the whole list as it is to be now, kept as a new change (the earlier ones stay, in
 * the pet's history and the audit log). Sending the list it already has records nothing.
 */
export async function setAlerts(
  deps: Pick<Deps, 'db' | 'io'>,
  me: AuthUser,
  petId: string,
  body: PetAlertsBody,
): Promise<PetAlerts> {
  // The same alert twice is one alert.
  const seen = new Set<string>();
  const alerts = body.alerts.filter((a) => {
    const key = `${a.kind}\n${a.text.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const { pet, entry } = await deps.db.transaction(async (tx) => {
    const pet = await writablePet(tx, me, petId);
    const [current] = await tx
      .select({ alerts: petAlertChanges.alerts })
      .from(petAlertChanges)
      .where(eq(petAlertChanges.petId, petId))
      .orderBy(desc(petAlertChanges.createdAt), desc(petAlertChanges.id))
      .limit(1);
    const before = current?.alerts ?? [];
    if (JSON.stringify(before) === JSON.stringify(alerts)) return { pet, entry: undefined };
    // clock_timestamp, not now(): a change that waited for the pet's lock is newer than the one it waited for.
    await tx.insert(petAlertChanges).values({
      petId,
      alerts,
      setBy: me.id,
      setByName: me.name,
      createdAt: sql`clock_timestamp()`,
    });
    const entry = await recordAudit(tx, me, {
      kind: 'pet.alerts_changed',
      subjectType: 'pet',
      subjectId: petId,
      summary: `Set the alerts of ${pet.name} (${pet.ownerName}): ${words(alerts)}`,
      before: { alerts: before },
      after: { alerts },
    });
    return { pet, entry };
  });
  if (entry) {
    announceAudit(deps, entry);
    announceRecord(deps, pet, 'alerts', { staffOnly: true });
  }
  return readAlerts(deps, me, petId);
}
