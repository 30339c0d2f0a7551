import { asc, count, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { VACCINE_MSG, VACCINES_MAX, type Vaccine, type VaccineCreate, type VaccineUpdate } from '#shared/vaccines';
import type { PetSpecies } from '#shared/pets';
import { changedFields, recordAudit } from '../audit/record.ts';
import { isUniqueViolation, type Executor } from '../db/client.ts';
import { vaccines } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { AuthUser } from '../lib/caller.ts';

export type VaccineRow = typeof vaccines.$inferSelect;

/** The API shape of a catalogue row. */
function toVaccineDto(row: VaccineRow): Vaccine {
  return {
    id: row.id,
    name: row.name,
    species: row.species as PetSpecies[],
    kind: row.kind,
    seriesDoses: row.seriesDoses,
    seriesIntervalDays: row.seriesIntervalDays,
    boosterIntervalDays: row.boosterIntervalDays,
    active: row.active,
  };
}

/** A catalogue row by id (active or not); undefined for an unknown id or one that is not a UUID. */
export async function findVaccine(db: Executor, id: string): Promise<VaccineRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(vaccines).where(eq(vaccines.id, id)).limit(1);
  return row;
}

/** The catalogue by name: the active entries, or every one when `all` (admins). */
export async function listVaccines({ db }: Pick<Deps, 'db'>, { all = false } = {}): Promise<Vaccine[]> {
  const rows = await db
    .select()
    .from(vaccines)
    .where(all ? undefined : eq(vaccines.active, true))
    .orderBy(asc(sql`lower(${vaccines.name})`), asc(vaccines.id));
  return rows.map(toVaccineDto);
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'vaccines_name_lower_uq')) throw errors.conflict(VACCINE_MSG.nameTaken);
  throw err;
}

const protocolWords = (v: Pick<Vaccine, 'seriesDoses' | 'seriesIntervalDays' | 'boosterIntervalDays'>) =>
  `${v.seriesDoses} dose${v.seriesDoses === 1 ? '' : 's'}` +
  (v.seriesDoses > 1 ? ` ${v.seriesIntervalDays} days apart` : '') +
  `, booster every ${v.boosterIntervalDays} days`;

/**
 * Adds a catalogue entry (admin). The catalogue's size is counted under a transaction-wide advisory lock, so racing
 * additions count one after another; the audit entry is written in the same transaction.
 */
export async function createVaccine(
  { db }: Pick<Deps, 'db'>,
  actor: AuthUser,
  input: VaccineCreate,
): Promise<{ vaccine: Vaccine; audit: AuditEntry }> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vaccines-catalogue'))`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(vaccines);
      if (n >= VACCINES_MAX) throw errors.conflict(VACCINE_MSG.tooMany);
      const [row] = await tx.insert(vaccines).values(input).returning();
      const audit = await recordAudit(tx, actor, {
        kind: 'vaccine.created',
        subjectType: 'vaccine',
        subjectId: row!.id,
        summary: `Added ${row!.name} to the vaccines (${protocolWords(row!)})`,
        before: null,
        after: { ...input },
      });
      return { vaccine: toVaccineDto(row!), audit };
    })
    .catch(nameTaken);
}

/**
 * Changes the fields sent of a catalogue entry (admin); `active: false` retires it. A protocol change applies to
 * the doses recorded from then on: each dose keeps the due date it was given.
 */
export async function updateVaccine(
  { db }: Pick<Deps, 'db'>,
  actor: AuthUser,
  id: string,
  patch: VaccineUpdate,
): Promise<{ vaccine: Vaccine; audit?: AuditEntry }> {
  if (!isUuid(id)) throw errors.notFound('Vaccine');
  return db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(vaccines).where(eq(vaccines.id, id)).for('update');
      if (!current) throw errors.notFound('Vaccine');
      const merged = {
        ...toVaccineDto(current),
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      };
      if (merged.seriesDoses > 1 && merged.seriesIntervalDays < 1) {
        throw errors.validation(VACCINE_MSG.seriesIntervalNeeded, [
          { path: 'seriesIntervalDays', message: VACCINE_MSG.seriesIntervalNeeded },
        ]);
      }
      const [row] = await tx
        .update(vaccines)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(vaccines.id, id))
        .returning();
      const { id: _id, ...before } = toVaccineDto(current);
      const change = changedFields<Record<string, unknown>>(
        { ...before, species: before.species.join(', ') },
        { ...patch, ...(patch.species ? { species: patch.species.join(', ') } : {}) },
      );
      if (!change) return { vaccine: toVaccineDto(row!) };
      const words = Object.keys(change.after)
        .map((k) => `${k} ${String(change.before[k])} → ${String(change.after[k])}`)
        .join(', ');
      const audit = await recordAudit(tx, actor, {
        kind: 'vaccine.updated',
        subjectType: 'vaccine',
        subjectId: id,
        summary: `Changed ${current.name}: ${words}`,
        before: change.before,
        after: change.after,
      });
      return { vaccine: toVaccineDto(row!), audit };
    })
    .catch(nameTaken);
}
