import { sql } from 'drizzle-orm';
import { todayIn } from '#shared/dates';
import { PET_RECORD_MSG, PET_WEIGHTS_MAX, type WeightBody, type WeightEntry } from '#shared/pet-record';
import { announceAudit, recordAudit } from '../audit/record.ts';
import { isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { petWeights } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { readablePet, writablePet } from './access.ts';
import { announceRecord } from './live.ts';

type WeightDeps = Pick<Deps, 'db' | 'io'> & { config: Pick<Deps['config'], 'CLINIC_TZ'> };

interface WeightRow {
  id: string;
  source: 'measured' | 'visit';
  weight_kg: string;
  measured_on: string;
  body_condition: number | null;
  booking_id: string | null;
  recorded_by_name: string | null;
  recorded_at: Date | string;
  corrects_id: string | null;
  corrected_by_id: string | null;
}

const toEntry = (r: WeightRow): WeightEntry => ({
  id: r.id,
  source: r.source,
  weightKg: Number(r.weight_kg),
  measuredOn: r.measured_on,
  bodyCondition: r.body_condition === null ? null : Number(r.body_condition),
  bookingId: r.booking_id,
  recordedByName: r.recorded_by_name,
  recordedAt: new Date(r.recorded_at).toISOString(),
  correctsId: r.corrects_id,
  correctedById: r.corrected_by_id,
});

/**
 * Every weight of a pet, newest measurement first: those measured on their own and those of its visits (their day on
 * the clinic's clock), each with the entry that corrected it, if any. `only` reads one entry by id.
 */
async function weightRows(db: Executor, tz: string, petId: string, limit: number, only?: string) {
  return rowsOf<WeightRow>(
    await db.execute(sql`
      select * from (
        select w.id, 'measured' as source, w.weight_kg::text, to_char(w.measured_on, 'YYYY-MM-DD') as measured_on,
               w.body_condition, null::uuid as booking_id, w.recorded_by_name, w.created_at as recorded_at,
               w.corrects_id, (select c.id from pet_weights c where c.corrects_id = w.id) as corrected_by_id
          from pet_weights w where w.pet_id = ${petId}
        union all
        select b.id, 'visit', v.weight_kg::text, to_char((b.starts_at at time zone ${tz})::date, 'YYYY-MM-DD'),
               null, b.id, v.recorded_by_name, v.created_at, null,
               (select c.id from pet_weights c where c.corrects_id = b.id)
          from slot_bookings b join visits v on v.booking_id = b.id
         where b.pet_id = ${petId} and v.weight_kg is not null
      ) x
      ${only ? sql`where x.id = ${only}` : sql``}
      order by x.measured_on desc, x.recorded_at desc, x.id desc
      limit ${limit}`),
  );
}

/** A pet's weights (its owner and staff), newest measurement first, at most `limit`. */
export async function listWeights(
  deps: Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'CLINIC_TZ'> },
  viewer: AuthUser,
  petId: string,
  limit: number,
): Promise<WeightEntry[]> {
  await readablePet(deps.db, viewer, petId);
  return (await weightRows(deps.db, deps.config.CLINIC_TZ, petId, limit)).map(toEntry);
}

/**
 * Records a weight measured on its own (staff), optionally with a body condition score, or the correction of an
 * earlier weight (one measured on its own or a visit's), which stays. The measurement becomes the pet's current
 * weight unless a later one is on record. Audited, and announced to open pet pages.
 */
export async function recordWeight(
  deps: WeightDeps,
  me: AuthUser,
  petId: string,
  body: WeightBody,
): Promise<WeightEntry> {
  const tz = deps.config.CLINIC_TZ;
  if (body.measuredOn > todayIn(tz)) {
    throw errors.validation(PET_RECORD_MSG.weightFuture, [
      { path: 'measuredOn', message: PET_RECORD_MSG.weightFuture },
    ]);
  }
  try {
    const { pet, id, entry } = await deps.db.transaction(async (tx) => {
      const pet = await writablePet(tx, me, petId);
      if (body.correctsId) {
        const [corrected] = await weightRows(tx, tz, petId, 1, body.correctsId);
        if (!corrected) throw errors.validation(PET_RECORD_MSG.correctsUnknown);
        if (corrected.corrected_by_id) throw errors.conflict(PET_RECORD_MSG.correctsAlready);
      }
      const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from pet_weights where pet_id = ${petId}`),
      );
      if (Number(n) >= PET_WEIGHTS_MAX) throw errors.conflict(PET_RECORD_MSG.weightsTooMany);
      const [row] = await tx
        .insert(petWeights)
        .values({
          petId,
          weightKg: body.weightKg.toFixed(2),
          measuredOn: body.measuredOn,
          bodyCondition: body.bodyCondition,
          correctsId: body.correctsId,
          recordedBy: me.id,
          recordedByName: me.name,
        })
        .returning({ id: petWeights.id });
      // The pet's current weight follows the latest measurement on record.
      await tx.execute(sql`
        update pets set weight_kg = ${body.weightKg.toFixed(2)}::numeric, updated_at = now()
         where id = ${petId}
           and not exists (select 1 from pet_weights w where w.pet_id = ${petId} and w.measured_on > ${body.measuredOn}::date)
           and not exists (select 1 from slot_bookings b join visits v on v.booking_id = b.id
                            where b.pet_id = ${petId} and v.weight_kg is not null
                              and (b.starts_at at time zone ${tz})::date > ${body.measuredOn}::date)`);
      const entry = await recordAudit(tx, me, {
        kind: 'pet.weight_recorded',
        subjectType: 'pet',
        subjectId: petId,
        summary: `${body.correctsId ? 'Corrected a weight of' : 'Recorded the weight of'} ${pet.name} (${pet.ownerName}): ${body.weightKg} kg on ${body.measuredOn}${body.bodyCondition ? `, body condition ${body.bodyCondition}/9` : ''}`,
        after: {
          weightKg: body.weightKg,
          measuredOn: body.measuredOn,
          bodyCondition: body.bodyCondition,
          correctsId: body.correctsId,
        },
      });
      return { pet, id: row!.id, entry };
    });
    announceAudit(deps, entry);
    announceRecord(deps, pet, 'weights');
    const [saved] = await weightRows(deps.db, tz, petId, 1, id);
    return toEntry(saved!);
  } catch (err) {
    // Two corrections of one weight at once: the unique index keeps one.
    if (isUniqueViolation(err, 'pet_weights_corrects_uq')) throw errors.conflict(PET_RECORD_MSG.correctsAlready);
    throw err;
  }
}
