import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { pets, users } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isStaff } from '../lib/policy.ts';
import { PET_RECORD_MSG } from '#shared/pet-record';

/** The pet a record entry belongs to, as the record's rules read it. */
export interface RecordPet {
  id: string;
  name: string;
  ownerId: string;
  ownerName: string;
  archived: boolean;
}

/** Who reads or writes a record: the signed-in person. */
export type RecordViewer = Pick<AuthUser, 'id' | 'role'>;

/**
 * The pet of a record the viewer may read (its owner, or staff); anyone else hears 404 exactly as for a pet that
 * does not exist, so ids cannot be probed. `lock` takes the pet's row lock for the rest of the transaction: writes
 * to one pet's record take turns.
 */
export async function readablePet(
  db: Executor,
  viewer: RecordViewer,
  petId: string,
  opts: { lock?: boolean } = {},
): Promise<RecordPet> {
  if (!isUuid(petId)) throw errors.notFound('Pet');
  const query = db
    .select({ id: pets.id, name: pets.name, ownerId: pets.ownerId, ownerName: users.name, archivedAt: pets.archivedAt })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.ownerId))
    .where(eq(pets.id, petId))
    .limit(1);
  const [pet] = opts.lock ? await query.for('no key update', { of: pets }) : await query;
  if (!pet || (pet.ownerId !== viewer.id && !isStaff(viewer))) throw errors.notFound('Pet');
  return { id: pet.id, name: pet.name, ownerId: pet.ownerId, ownerName: pet.ownerName, archived: !!pet.archivedAt };
}

/**
 * The pet of a record staff add to, locked for the transaction: 404 when it does not exist, 409 when archived (its
 * record can be read, not added to).
 */
export async function writablePet(tx: Executor, staff: RecordViewer, petId: string): Promise<RecordPet> {
  if (!isStaff(staff)) throw errors.forbidden();
  const pet = await readablePet(tx, staff, petId, { lock: true });
  if (pet.archived) throw errors.conflict(PET_RECORD_MSG.archived);
  return pet;
}
