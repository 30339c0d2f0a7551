import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ageInYears, PET_MSG, PETS_MAX, type Pet, type PetCreate, type PetUpdate } from '#shared/pets';
import { todayIn } from '#shared/dates';
import type { Role } from '#shared/roles';
import { petPhotos, pets } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { present } from '../db/rows.ts';
import { isStaff } from '../lib/policy.ts';
import { alertsOfPets } from '../pet-record/alerts.ts';

type PetRow = typeof pets.$inferSelect;
/** What the pets service reads: the database and the clinic's time zone (for "today"). */
export type PetDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'CLINIC_TZ'> };
/** Who asks: a customer sees their own pets only, staff every pet. */
export interface PetViewer {
  id: string;
  role: Role;
}

/** The API shape of a stored pet; `photoAt` is its photo's last change (null when it has none). */
function toPetDto(row: PetRow, photoAt: Date | null, today: string): Pet {
  return {
    ...present(row, [
      'ownerId',
      'name',
      'species',
      'breed',
      'sex',
      'birthDate',
      'markings',
      'microchip',
      'allergies',
      'notes',
      'createdAt',
      'updatedAt',
    ]),
    ageYears: ageInYears(row, today),
    weightKg: row.weightKg === null ? null : Number(row.weightKg),
    photoUrl: photoAt ? `/api/pets/${row.id}/photo?v=${photoAt.getTime()}` : null,
    archived: row.archivedAt !== null,
  };
}

const today = ({ config }: Pick<PetDeps, 'config'>) => todayIn(config.CLINIC_TZ);

function checkBirthDate(birthDate: string | null | undefined, todayDate: string) {
  if (birthDate && birthDate > todayDate) {
    throw errors.validation(PET_MSG.birthDateFuture, [{ path: 'birthDate', message: PET_MSG.birthDateFuture }]);
  }
}

/** The stored values of the fields a create or an update sends (the others stay as they are). */
function columnsOf(fields: PetUpdate, todayDate: string): Partial<typeof pets.$inferInsert> {
  const out: Partial<typeof pets.$inferInsert> = {};
  if (fields.name !== undefined) out.name = fields.name;
  if (fields.species !== undefined) out.species = fields.species;
  if (fields.breed !== undefined) out.breed = fields.breed;
  if (fields.sex !== undefined) out.sex = fields.sex;
  if (fields.birthDate !== undefined) out.birthDate = fields.birthDate;
  if (fields.ageYears !== undefined) {
    // The age is told as of today; it grows from there.
    out.ageYears = fields.ageYears;
    out.ageAsOf = fields.ageYears === null ? null : todayDate;
  }
  if (fields.weightKg !== undefined) out.weightKg = fields.weightKg === null ? null : String(fields.weightKg);
  if (fields.markings !== undefined) out.markings = fields.markings;
  if (fields.microchip !== undefined) out.microchip = fields.microchip;
  if (fields.allergies !== undefined) out.allergies = fields.allergies;
  if (fields.notes !== undefined) out.notes = fields.notes;
  return out;
}

/** A pet with its photo's time, by id, with no check of who asks; undefined when there is none. */
async function findPet({ db }: Pick<PetDeps, 'db'>, id: string) {
  if (!isUuid(id)) return undefined;
  const [found] = await db
    .select({ pet: pets, photoAt: petPhotos.updatedAt })
    .from(pets)
    .leftJoin(petPhotos, eq(petPhotos.petId, pets.id))
    .where(eq(pets.id, id))
    .limit(1);
  return found;
}

/**
 * A pet the viewer may see (the owner, or staff); anyone else hears 404 exactly as for an id that does not exist,
 * so ids cannot be probed.
 */
async function visiblePet(deps: Pick<PetDeps, 'db'>, viewer: PetViewer, id: string) {
  const found = await findPet(deps, id);
  if (!found || (found.pet.ownerId !== viewer.id && !isStaff(viewer))) throw errors.notFound('Pet');
  return found;
}

/** Staff views of pets carry the alerts set on them; the owner's do not. */
async function withAlerts(deps: Pick<PetDeps, 'db'>, viewer: PetViewer, list: Pet[]): Promise<Pet[]> {
  if (!isStaff(viewer) || list.length === 0) return list;
  const alerts = await alertsOfPets(
    deps.db,
    list.map((p) => p.id),
  );
  return list.map((p) => ({ ...p, alerts: alerts.get(p.id) ?? [] }));
}

/** One pet as the viewer may see it (owner or staff, who also read its alerts), else 404. */
export async function getPet(deps: PetDeps, viewer: PetViewer, id: string): Promise<Pet> {
  const { pet, photoAt } = await visiblePet(deps, viewer, id);
  const [dto] = await withAlerts(deps, viewer, [toPetDto(pet, photoAt, today(deps))]);
  return dto!;
}

/** Checks that the viewer may see the pet (owner or staff), else 404; for the pet's photo and timeline. */
export async function assertPetVisible(deps: Pick<PetDeps, 'db'>, viewer: PetViewer, id: string): Promise<void> {
  await visiblePet(deps, viewer, id);
}

/**
 * An owner's pets, by name; archived ones instead when `archived`. The photos' bytes are not read. Staff (`viewer`)
 * read their alerts too.
 */
export async function listPets(deps: PetDeps, ownerId: string, archived: boolean, viewer?: PetViewer): Promise<Pet[]> {
  const rows = await deps.db
    .select({ pet: pets, photoAt: petPhotos.updatedAt })
    .from(pets)
    .leftJoin(petPhotos, eq(petPhotos.petId, pets.id))
    .where(and(eq(pets.ownerId, ownerId), archived ? isNotNull(pets.archivedAt) : isNull(pets.archivedAt)))
    .orderBy(asc(sql`lower(${pets.name})`), asc(pets.createdAt), asc(pets.id));
  const todayDate = today(deps);
  const list = rows.map((r) => toPetDto(r.pet, r.photoAt, todayDate));
  return viewer ? withAlerts(deps, viewer, list) : list;
}

/** Adds a pet for its owner. The birth date may not lie after the clinic's today. */
export async function createPet(deps: PetDeps, ownerId: string, body: PetCreate): Promise<Pet> {
  const todayDate = today(deps);
  checkBirthDate(body.birthDate, todayDate);
  const row = await deps.db.transaction(async (tx) => {
    // The owner's row lock makes the count exact under racing requests (a second tab, a scripted client).
    await tx.execute(sql`select 1 from users where id = ${ownerId}::uuid for no key update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(pets)
      .where(and(eq(pets.ownerId, ownerId), isNull(pets.archivedAt)));
    if (n >= PETS_MAX) throw errors.conflict(PET_MSG.tooMany);
    const [inserted] = await tx
      .insert(pets)
      .values({ ...columnsOf(body, todayDate), name: body.name, species: body.species, ownerId })
      .returning();
    return inserted!;
  });
  return toPetDto(row, null, todayDate);
}

/**
 * The owner's pet, not archived, for a change: 404 when it is not theirs, 409 when archived. Used before changes
 * that touch another table (the photo); the pet's own row is changed by one guarded statement instead.
 */
async function ownOpenPet(deps: Pick<PetDeps, 'db'>, ownerId: string, id: string) {
  const found = await findPet(deps, id);
  if (!found || found.pet.ownerId !== ownerId) throw errors.notFound('Pet');
  if (found.pet.archivedAt) throw errors.conflict(PET_MSG.archived);
  return found;
}

/** Changes the fields sent (null clears an optional one) of the owner's pet; an archived pet is 409. */
export async function updatePet(deps: PetDeps, ownerId: string, id: string, patch: PetUpdate): Promise<Pet> {
  if (!isUuid(id)) throw errors.notFound('Pet');
  const todayDate = today(deps);
  checkBirthDate(patch.birthDate, todayDate);
  // One statement decides: a pet archived meanwhile is not changed.
  const [row] = await deps.db
    .update(pets)
    .set({ ...columnsOf(patch, todayDate), updatedAt: new Date() })
    .where(and(eq(pets.id, id), eq(pets.ownerId, ownerId), isNull(pets.archivedAt)))
    .returning({ id: pets.id });
  if (!row) {
    await ownOpenPet(deps, ownerId, id); // 404 or 409, whichever it was
    throw errors.conflict(PET_MSG.archived); // archived and reopened in between: still not changed
  }
  return getPet(deps, { id: ownerId, role: 'user' }, id);
}

/** Archives the owner's pet (its bookings and visits stay); archiving again changes nothing. */
export async function archivePet(deps: PetDeps, ownerId: string, id: string): Promise<Pet> {
  if (!isUuid(id)) throw errors.notFound('Pet');
  const [row] = await deps.db
    .update(pets)
    .set({ archivedAt: sql`coalesce(${pets.archivedAt}, now())` })
    .where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)))
    .returning({ id: pets.id });
  if (!row) throw errors.notFound('Pet');
  return getPet(deps, { id: ownerId, role: 'user' }, id);
}
