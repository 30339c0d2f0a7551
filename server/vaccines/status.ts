import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, todayIn } from '#shared/dates';
import type { PetSpecies } from '#shared/pets';
import {
  careStateOn,
  type CareDueItem,
  type CareDueQuery,
  type CareStatusBatch,
  type CareStatusItem,
} from '#shared/vaccines';
import { rowsOf, type Executor } from '../db/client.ts';
import { petCareDue, pets, vaccines } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { isRealDate } from '#shared/dates';

/** What reading a status needs: the database, the clinic's clock and the "due soon" window (the reminder's days). */
export type StatusDeps = { db: Executor; config: Pick<Deps['config'], 'CLINIC_TZ' | 'REMINDER_DAYS_BEFORE'> };

type DueRow = typeof petCareDue.$inferSelect;
type VaccineRow = typeof vaccines.$inferSelect;

function statusItem(v: VaccineRow, due: DueRow | undefined, today: string, dueSoonDays: number): CareStatusItem {
  return {
    vaccineId: v.id,
    vaccineName: v.name,
    kind: v.kind,
    state: careStateOn(due?.nextDueOn ?? null, today, dueSoonDays),
    nextDueOn: due?.nextDueOn ?? null,
    nextDoseNumber: due?.nextDoseNumber ?? 1,
    seriesDoses: v.seriesDoses,
    lastGivenOn: due?.lastGivenOn ?? null,
  };
}

/**
 * The protocols of each pet: the active ones given to its species, and any other it has a dose of (a retired
 * vaccine, one given to another species by exception). Overdue first, then due soon, not started, up to date.
 */
function statusOf(
  species: string,
  active: VaccineRow[],
  dues: DueRow[],
  extra: Map<string, VaccineRow>,
  today: string,
  dueSoonDays: number,
): CareStatusItem[] {
  const byVaccine = new Map(dues.map((d) => [d.vaccineId, d]));
  const shown = active.filter((v) => v.species.includes(species) || byVaccine.has(v.id));
  for (const d of dues)
    if (!shown.some((v) => v.id === d.vaccineId) && extra.has(d.vaccineId)) shown.push(extra.get(d.vaccineId)!);
  const rank = { overdue: 0, due_soon: 1, not_started: 2, up_to_date: 3 } as const;
  return shown
    .map((v) => statusItem(v, byVaccine.get(v.id), today, dueSoonDays))
    .sort(
      (a, b) =>
        rank[a.state] - rank[b.state] ||
        (a.nextDueOn ?? '').localeCompare(b.nextDueOn ?? '') ||
        a.vaccineName.localeCompare(b.vaccineName),
    );
}

/** The status of each pet named (that exists), per protocol, on the clinic's today at `now`. */
export async function careStatusOfPets(
  { db, config }: StatusDeps,
  petIds: string[],
  now = new Date(),
): Promise<CareStatusBatch> {
  const ids = petIds.filter(isUuid);
  if (!ids.length) return [];
  const today = todayIn(config.CLINIC_TZ, now);
  const [found, dues, active] = await Promise.all([
    db.select({ id: pets.id, species: pets.species }).from(pets).where(inArray(pets.id, ids)),
    db.select().from(petCareDue).where(inArray(petCareDue.petId, ids)),
    db.select().from(vaccines).where(eq(vaccines.active, true)).orderBy(asc(vaccines.name)),
  ]);
  const missing = [...new Set(dues.map((d) => d.vaccineId))].filter((id) => !active.some((v) => v.id === id));
  const extra = new Map(
    (missing.length ? await db.select().from(vaccines).where(inArray(vaccines.id, missing)) : []).map((v) => [v.id, v]),
  );
  return found.map((p) => ({
    petId: p.id,
    items: statusOf(
      p.species,
      active,
      dues.filter((d) => d.petId === p.id),
      extra,
      today,
      config.REMINDER_DAYS_BEFORE,
    ),
  }));
}

/** One pet's status per protocol (the caller has checked who may see it). */
export async function careStatusOfPet(deps: StatusDeps, petId: string, now = new Date()): Promise<CareStatusItem[]> {
  const [one] = await careStatusOfPets(deps, [petId], now);
  return one?.items ?? [];
}

// ---------------------------------------------------------------------------------------------------------------
// The clinic's "Due and overdue" list
// ---------------------------------------------------------------------------------------------------------------

interface DueCursor {
  on: string;
  petId: string;
  vaccineId: string;
}

const encodeDueCursor = (c: DueCursor) => Buffer.from(`${c.on}|${c.petId}|${c.vaccineId}`).toString('base64url');

function decodeDueCursor(raw: string | undefined): DueCursor | undefined {
  if (!raw) return undefined;
  const [on = '', petId = '', vaccineId = '', ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length || !/^\d{4}-\d{2}-\d{2}$/.test(on) || !isRealDate(on) || !isUuid(petId) || !isUuid(vaccineId)) {
    throw errors.badRequest('Invalid cursor');
  }
  return { on, petId, vaccineId };
}

interface DueListRow extends Record<string, unknown> {
  pet_id: string;
  vaccine_id: string;
  next_due_on: string | Date;
  next_dose_number: number;
  species: string;
  owner_id: string;
  pet_name: string;
  owner_name: string;
  owner_phone: string | null;
  vaccine_name: string;
  series_doses: number;
}

/** A date column as 'YYYY-MM-DD', whichever way the driver hands it back. */
const dateText = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/**
 * One page of the pets due soon or overdue, by due date (the longest overdue first), then pet and protocol. It is
 * one range of `pet_care_due_next_idx` (or `..._vaccine_next_idx` with a protocol), joining only the page's rows,
 * so it reads about a page of rows at any number of pets and doses. Retired protocols are left out.
 */
export async function careDueList(
  { db, config }: StatusDeps,
  query: CareDueQuery,
  now = new Date(),
): Promise<{ items: CareDueItem[]; nextCursor?: string }> {
  const today = todayIn(config.CLINIC_TZ, now);
  const cursor = decodeDueCursor(query.cursor);
  const range: SQL =
    query.state === 'overdue'
      ? sql`d.next_due_on <= ${addDays(today, -Math.max(1, query.minDaysOverdue ?? 1))}::date`
      : sql`d.next_due_on between ${today}::date and ${addDays(today, config.REMINDER_DAYS_BEFORE)}::date`;
  const filters: SQL[] = [sql`not d.pet_archived`, range];
  if (query.species) filters.push(sql`d.species = ${query.species}`);
  if (query.vaccineId) filters.push(sql`d.vaccine_id = ${query.vaccineId}::uuid`);
  if (cursor) {
    filters.push(
      sql`(d.next_due_on, d.pet_id, d.vaccine_id) > (${cursor.on}::date, ${cursor.petId}::uuid, ${cursor.vaccineId}::uuid)`,
    );
  }
  // The page of due rows first (one range of the index), then each of its rows' names looked up by primary key:
  // the plan stays the same however many pets and owners there are.
  const rows = rowsOf<DueListRow>(
    await db.execute(sql`
      select d.pet_id, d.vaccine_id, d.next_due_on, d.next_dose_number, d.species, d.owner_id,
             (select p.name from pets p where p.id = d.pet_id) as pet_name,
             (select u.name from users u where u.id = d.owner_id) as owner_name,
             (select u.phone from users u where u.id = d.owner_id) as owner_phone,
             (select v.name from vaccines v where v.id = d.vaccine_id) as vaccine_name,
             (select v.series_doses from vaccines v where v.id = d.vaccine_id) as series_doses
        from pet_care_due d
       where ${sql.join(filters, sql` and `)}
         and d.vaccine_id in (select id from vaccines where active)
       order by d.next_due_on, d.pet_id, d.vaccine_id
       limit ${query.limit + 1}`),
  );
  const page = rows.slice(0, query.limit);
  const items = page.map((r): CareDueItem => ({
    id: `${r.pet_id}:${r.vaccine_id}`,
    petId: r.pet_id,
    petName: r.pet_name,
    species: r.species as PetSpecies,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    ownerPhone: r.owner_phone,
    vaccineId: r.vaccine_id,
    vaccineName: r.vaccine_name,
    state: careStateOn(dateText(r.next_due_on), today, config.REMINDER_DAYS_BEFORE),
    nextDueOn: dateText(r.next_due_on),
    nextDoseNumber: Number(r.next_dose_number),
    seriesDoses: Number(r.series_doses),
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeDueCursor({ on: last.nextDueOn, petId: last.petId, vaccineId: last.vaccineId })
        : undefined,
  };
}
