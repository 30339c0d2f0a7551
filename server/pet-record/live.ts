import { PET_RECORD_CHANGED_EVENT, type PetRecordPart } from '#shared/pet-record';
import type { Deps } from '../deps.ts';
import { roleRoom, userRoom } from '../lib/realtime.ts';
import type { RecordPet } from './access.ts';

/**
 * Tells open pet pages (staff, and the owner's tabs unless the change is staff-only) that a part of the pet's record
 * changed: they read that part again. Call after the change has committed.
 */
export function announceRecord(
  { io }: Pick<Deps, 'io'>,
  pet: Pick<RecordPet, 'id' | 'ownerId'>,
  part: PetRecordPart,
  opts: { staffOnly?: boolean } = {},
): void {
  const event = { petId: pet.id, part };
  const rooms = io.to(roleRoom('employee')).to(roleRoom('admin'));
  (opts.staffOnly ? rooms : rooms.to(userRoom(pet.ownerId))).emit(PET_RECORD_CHANGED_EVENT, event);
}
