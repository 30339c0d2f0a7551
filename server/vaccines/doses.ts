import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry } from '#shared/audit';
import { WEEKDAYS } from '#shared/clinic-settings';
import { addDays, formatDay, todayIn, zonedTimeToUtc } from '#shared/dates';
import {
  VACCINATION_RECORDED_EVENT,
  DOSES_PER_PET_PER_DAY,
  VACCINE_MSG,
  nextDueOn,
  type CareStatusItem,
  type Dose,
  type DoseCreate,
} from '#shared/vaccines';
import { announceAudit, recordAudit } from '../audit/record.ts';
import { readClinic, type ClinicDefaultsConfig } from '../clinic/settings.ts';
import { isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { withRetry } from '../db/retry.ts';
import { careReminders, petCareDue, slotBookings, vaccinations, vaccines } from '../db/schema/index.ts';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isUuid } from '../lib/ids.ts';
import { decodeCursor, type Cursor } from '../lib/pagination.ts';
import { roleRoom, userRoom } from '../lib/realtime.ts';
import { findVaccine } from './catalogue.ts';
import { careStatusOfPet } from './status.ts';

type DoseRow = typeof vaccinations.$inferSelect;
/** What recording a dose needs: the database, and the clinic's clock, opening and reminder steps. */
export type DoseConfig = ClinicDefaultsConfig & Pick<Config, 'REMINDER_DAYS_BEFORE' | 'CARE_OVERDUE_REMINDER_DAYS'>;

const corrections = alias(vaccinations, 'corrections');

/** The API shape of a stored dose; `correctedById` is the entry that corrects it, if any. */
function toDoseDto(row: DoseRow, kind: Dose['kind'], correctedById: string | null): Dose {
  return {
    id: row.id,
    petId: row.petId,
    vaccineId: row.vaccineId,
    vaccineName: row.vaccineName,
    kind,
    product: row.product,
    manufacturer: row.manufacturer,
    batch: row.batch,
    expiresOn: row.expiresOn,
    givenOn: row.givenOn,
    site: row.site,
    givenById: row.givenById,
    givenByName: row.givenByName,
    bookingId: row.bookingId,
    doseNumber: row.doseNumber,
    seriesDoses: row.seriesDoses,
    nextDueOn: row.nextDueOn,
    nextDueReason: row.nextDueReason,
    correctsId: row.correctsId,
    correctedById,
    recordedAt: row.recordedAt.toISOString(),
  };
}

/** A dose's place in the list: newest given first, then by id (descending). */
export const doseCursor = (d: Dose): Cursor => ({ at: new Date(`${d.givenOn}T00:00:00.000Z`), id: d.id });

/**
 * One page of a pet's doses (the caller has checked who may see the pet), newest given first, each with the entry
 * that corrected it, if any: an index range of `vaccinations_pet_given_idx`.
 */
export async function listDoses(
  { db }: Pick<Deps, 'db'>,
  petId: string,
  limit: number,
  rawCursor: string | undefined,
): Promise<Dose[]> {
  const cursor = decodeCursor(rawCursor);
  const rows = await db
    .select({ dose: vaccinations, kind: vaccines.kind, correctedById: corrections.id })
    .from(vaccinations)
    .innerJoin(vaccines, eq(vaccines.id, vaccinations.vaccineId))
    .leftJoin(corrections, eq(corrections.correctsId, vaccinations.id))
    .where(
      and(
        eq(vaccinations.petId, petId),
        cursor
          ? sql`(${vaccinations.givenOn}, ${vaccinations.id}) < (${cursor.at.toISOString().slice(0, 10)}::date, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(vaccinations.givenOn), desc(vaccinations.id))
    .limit(limit + 1);
  return rows.map((r) => toDoseDto(r.dose, r.kind, r.correctedById));
}

/** The clinic's earliest opening time of the week: when care reminders go out (09:00 while no day is open). */
async function firstOpening(tx: Executor, config: ClinicDefaultsConfig): Promise<string> {
  const { settings } = await readClinic(tx, config);
  return WEEKDAYS.flatMap((d) => settings.hours[d]?.open ?? []).sort()[0] ?? '09:00';
}

interface LatestDose extends Record<string, unknown> {
  id: string;
  given_on: string | Date;
  next_due_on: string | Date | null;
  counted: number | string;
}

const dateText = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/**
 * Sets the pet's due row for one protocol from its doses that count (those no later entry corrects): the latest
 * one's next due date, and the number of the dose due next. With no dose left, the row goes. The protocol's unsent
 * reminders are replaced by those of the new due date (one before it, one at each overdue step), each step of a date
 * sent at most once (the unique index keeps a step already sent). Runs in the dose's transaction, under the pet's
 * row lock.
 */
async function refreshDue(
  tx: Executor,
  config: DoseConfig,
  pet: PetFacts,
  vaccineId: string,
  now: Date,
): Promise<void> {
  const [latest] = rowsOf<LatestDose>(
    await tx.execute(sql`
      select v.id, v.given_on, v.next_due_on, count(*) over () as counted
        from vaccinations v
       where v.pet_id = ${pet.id}::uuid and v.vaccine_id = ${vaccineId}::uuid
         and not exists (select 1 from vaccinations c where c.corrects_id = v.id)
       order by v.given_on desc, v.recorded_at desc, v.id desc
       limit 1`),
  );
  await tx
    .delete(careReminders)
    .where(
      and(
        eq(careReminders.petId, pet.id),
        eq(careReminders.vaccineId, vaccineId),
        sql`${careReminders.sentAt} is null`,
      ),
    );
  if (!latest || latest.next_due_on === null) {
    await tx.delete(petCareDue).where(and(eq(petCareDue.petId, pet.id), eq(petCareDue.vaccineId, vaccineId)));
    return;
  }
  const due = dateText(latest.next_due_on);
  const values = {
    petId: pet.id,
    vaccineId,
    ownerId: pet.ownerId,
    species: pet.species,
    petArchived: pet.archived,
    nextDueOn: due,
    nextDoseNumber: Number(latest.counted) + 1,
    lastGivenOn: dateText(latest.given_on),
    lastDoseId: latest.id,
    updatedAt: now,
  };
  await tx
    .insert(petCareDue)
    .values(values)
    .onConflictDoUpdate({ target: [petCareDue.petId, petCareDue.vaccineId], set: values });
  const steps = await reminderSteps(tx, config, due, now);
  if (steps.length) {
    await tx
      .insert(careReminders)
      .values(steps.map((s) => ({ petId: pet.id, vaccineId, ownerId: pet.ownerId, forOn: due, ...s })))
      .onConflictDoNothing();
  }
}

/**
 * The reminders of a due date, at the clinic's opening time: REMINDER_DAYS_BEFORE days before it, then at each
 * overdue step. A step already past is left out, except the last past one, which goes the next morning (a dose
 * recorded from an old card: one reminder that it is overdue, not every step at once); the step before the date is
 * kept only while it still comes before the date.
 */
async function reminderSteps(
  tx: Executor,
  config: DoseConfig,
  due: string,
  now: Date,
): Promise<{ overdueDays: number; dueAt: Date }[]> {
  const tz = config.CLINIC_TZ;
  const opening = await firstOpening(tx, config);
  const at = (date: string) => zonedTimeToUtc(date, opening, tz);
  const tomorrow = at(addDays(todayIn(tz, now), 1));
  const steps: { overdueDays: number; dueAt: Date }[] = [];
  const before = at(addDays(due, -config.REMINDER_DAYS_BEFORE));
  const dueMorning = at(due);
  if (before > now) steps.push({ overdueDays: 0, dueAt: before });
  else if (tomorrow < dueMorning) steps.push({ overdueDays: 0, dueAt: tomorrow });
  const overdue = config.CARE_OVERDUE_REMINDER_DAYS.map((d) => ({ overdueDays: d, dueAt: at(addDays(due, d)) }));
  const past = overdue.filter((s) => s.dueAt <= now);
  if (past.length) steps.push({ overdueDays: past.at(-1)!.overdueDays, dueAt: tomorrow });
  steps.push(...overdue.filter((s) => s.dueAt > now));
  return steps;
}

interface PetFacts {
  id: string;
  ownerId: string;
  name: string;
  species: string;
  birthDate: string | null;
  archived: boolean;
}

/** Locks the pet's row for the dose's transaction (doses of one pet are recorded one after another). */
async function lockPet(tx: Executor, petId: string): Promise<PetFacts> {
  const [row] = rowsOf<{
    id: string;
    owner_id: string;
    name: string;
    species: string;
    birth_date: string | Date | null;
    archived: boolean;
  }>(
    await tx.execute(sql`
      select id, owner_id, name, species, birth_date, archived_at is not null as archived
        from pets where id = ${petId}::uuid for no key update`),
  );
  if (!row) throw errors.notFound('Pet');
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    species: row.species,
    birthDate: row.birth_date === null ? null : dateText(row.birth_date),
    archived: row.archived,
  };
}

const invalid = (path: string, message: string) => errors.validation(message, [{ path, message }]);

/**
 * Records a dose given to a pet (staff), or a correction of an earlier entry (`correctsId`: the new entry replaces
 * it; both stay). In one transaction under the pet's row lock: the checks (the vaccine is in use and given to the
 * pet's species, the batch had not expired on the day given, the dates make sense, the visit is the pet's, the entry
 * to correct is the pet's and not corrected yet, the day's cap), the entry with its place in the protocol and its
 * next due date (from the protocol unless staff set another with a reason), the pet's due row and reminders, and
 * the audit entry.
 */
export async function recordDose(
  deps: { db: Executor; config: DoseConfig },
  me: AuthUser,
  petId: string,
  body: DoseCreate,
  now = new Date(),
): Promise<RecordedDose> {
  const { db, config } = deps;
  if (!isUuid(petId)) throw errors.notFound('Pet');
  checkDoseDates(config, body, now);
  return withRetry(() =>
    db
      .transaction((tx) => recordDoseIn(tx, config, me, petId, body, now))
      .catch((err: unknown) => {
        throw doseConflict(err);
      }),
  );
}

/** What recording a dose gives back: the entry, to whom it is announced, the pet's status and the audit entry. */
export interface RecordedDose {
  dose: Dose;
  ownerId: string;
  status: CareStatusItem[];
  audit: AuditEntry;
}

/** The checks of a dose's dates that need no database: not in the future, the batch good on the day, due after. */
export function checkDoseDates(config: DoseConfig, body: DoseCreate, now: Date): void {
  const today = todayIn(config.CLINIC_TZ, now);
  if (body.givenOn > today) throw invalid('givenOn', VACCINE_MSG.givenInFuture);
  if (body.expiresOn < body.givenOn) {
    throw invalid('expiresOn', VACCINE_MSG.batchExpired(body.batch, body.expiresOn, body.givenOn));
  }
  if (body.nextDueOn !== null && body.nextDueOn <= body.givenOn)
    throw invalid('nextDueOn', VACCINE_MSG.nextDueBeforeGiven);
}

/** A second correction of one entry, caught by the unique index, as the API says it. */
export function doseConflict(err: unknown): unknown {
  return isUniqueViolation(err, 'vaccinations_corrects_uq') ? errors.conflict(VACCINE_MSG.alreadyCorrected) : err;
}

/**
 * Records a dose inside the caller's transaction (a dose on its own, or the doses given at a visit being completed,
 * with its outcome): everything `recordDose` does after the date checks (the caller runs `checkDoseDates` first).
 */
export async function recordDoseIn(
  tx: Executor,
  config: DoseConfig,
  me: AuthUser,
  petId: string,
  body: DoseCreate,
  now: Date,
): Promise<RecordedDose> {
  const today = todayIn(config.CLINIC_TZ, now);
  const pet = await lockPet(tx, petId);
  if (pet.archived) throw errors.conflict(VACCINE_MSG.archived);
  if (pet.birthDate && body.givenOn < pet.birthDate) throw invalid('givenOn', VACCINE_MSG.givenBeforeBirth);
  const start = zonedTimeToUtc(today, '00:00', config.CLINIC_TZ);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(vaccinations)
    .where(and(eq(vaccinations.petId, petId), gte(vaccinations.recordedAt, start)));
  if (n >= DOSES_PER_PET_PER_DAY) throw errors.rateLimited(VACCINE_MSG.tooManyToday);

  let corrected: DoseRow | undefined;
  if (body.correctsId) {
    [corrected] = await tx
      .select()
      .from(vaccinations)
      .where(and(eq(vaccinations.id, body.correctsId), eq(vaccinations.petId, petId)));
    if (!corrected) throw invalid('correctsId', VACCINE_MSG.correctsUnknown);
    const [again] = await tx
      .select({ id: vaccinations.id })
      .from(vaccinations)
      .where(eq(vaccinations.correctsId, corrected.id))
      .limit(1);
    if (again) throw errors.conflict(VACCINE_MSG.alreadyCorrected);
  }
  const vaccine = await findVaccine(tx, body.vaccineId);
  if (!vaccine) throw invalid('vaccineId', VACCINE_MSG.notFound);
  const keepsRetired = corrected?.vaccineId === vaccine.id;
  if (!vaccine.active && !keepsRetired) throw invalid('vaccineId', VACCINE_MSG.inactive);
  if (!vaccine.species.includes(pet.species) && !keepsRetired) {
    throw invalid('vaccineId', VACCINE_MSG.wrongSpecies(vaccine.name, pet.species));
  }
  if (body.bookingId) {
    const [booking] = await tx
      .select({ id: slotBookings.id })
      .from(slotBookings)
      .where(and(eq(slotBookings.id, body.bookingId), eq(slotBookings.petId, petId)));
    if (!booking) throw invalid('bookingId', VACCINE_MSG.bookingMismatch);
  }

  // Its place in the protocol: one after the doses of this vaccine that count, given on or before it.
  const [{ before } = { before: 0 }] = rowsOf<{ before: number | string }>(
    await tx.execute(sql`
        select count(*) as before from vaccinations v
         where v.pet_id = ${petId}::uuid and v.vaccine_id = ${vaccine.id}::uuid and v.given_on <= ${body.givenOn}::date
           and v.id is distinct from ${corrected?.id ?? null}::uuid
           and not exists (select 1 from vaccinations c where c.corrects_id = v.id)`),
  );
  const doseNumber = Number(before) + 1;
  const computed = nextDueOn(vaccine, doseNumber, body.givenOn);
  const chosen = body.nextDueOn ?? computed;
  if (chosen !== computed && !body.nextDueReason) throw invalid('nextDueReason', VACCINE_MSG.nextDueReasonRequired);

  const [row] = await tx
    .insert(vaccinations)
    .values({
      petId,
      vaccineId: vaccine.id,
      vaccineName: vaccine.name,
      product: body.product ?? vaccine.name,
      manufacturer: body.manufacturer,
      batch: body.batch,
      expiresOn: body.expiresOn,
      givenOn: body.givenOn,
      site: body.site,
      givenById: me.id,
      givenByName: me.name,
      bookingId: body.bookingId,
      doseNumber,
      seriesDoses: vaccine.seriesDoses,
      nextDueOn: chosen,
      nextDueReason: chosen === computed ? null : body.nextDueReason,
      correctsId: corrected?.id ?? null,
    })
    .returning();
  await refreshDue(tx, config, pet, vaccine.id, now);
  if (corrected && corrected.vaccineId !== vaccine.id) await refreshDue(tx, config, pet, corrected.vaccineId, now);

  const what = `${vaccine.name} (batch ${body.batch}, given ${formatDay(body.givenOn)})`;
  const audit = await recordAudit(tx, me, {
    kind: corrected ? 'vaccination.corrected' : 'vaccination.recorded',
    subjectType: 'pet',
    subjectId: petId,
    summary: corrected
      ? `Corrected ${pet.name}'s ${corrected.vaccineName} entry of ${formatDay(corrected.givenOn)}: now ${what}`
      : `Recorded ${what} for ${pet.name}`,
    before: corrected
      ? {
          id: corrected.id,
          vaccine: corrected.vaccineName,
          batch: corrected.batch,
          givenOn: corrected.givenOn,
          expiresOn: corrected.expiresOn,
          nextDueOn: corrected.nextDueOn,
        }
      : null,
    after: {
      id: row!.id,
      vaccine: vaccine.name,
      batch: body.batch,
      givenOn: body.givenOn,
      expiresOn: body.expiresOn,
      nextDueOn: chosen,
    },
  });
  const status = await careStatusOfPet({ db: tx, config }, petId, now);
  return { dose: toDoseDto(row!, vaccine.kind, null), ownerId: pet.ownerId, status, audit };
}

/** Tells the pet's owner and staff, after the dose's transaction committed, and shows admins the audit entry. */
export function announceDose(deps: Pick<Deps, 'io'>, result: RecordedDose): void {
  const event = { petId: result.dose.petId, ownerId: result.ownerId, dose: result.dose, status: result.status };
  deps.io
    .to(userRoom(result.ownerId))
    .to(roleRoom('employee'))
    .to(roleRoom('admin'))
    .emit(VACCINATION_RECORDED_EVENT, event);
  announceAudit(deps, result.audit);
}
