import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PET_MSG, type Pet } from '#shared/pets';
import { petPhotos, pets, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { Executor } from '../db/client.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { photoForStorage } from '../lib/images.ts';
import { openStoredFile, removeStoredFile, writeStoredFile } from '../lib/file-store.ts';
import type { SendableFile, StoredFile } from '../lib/uploads.ts';
import { assertPetVisible, getPet, type PetDeps, type PetViewer } from './service.ts';

/** What the photo's changes work with: the pets service's deps, the data directory and the storage quota. */
export type PhotoDeps = PetDeps & {
  config: PetDeps['config'] & Pick<Deps['config'], 'dataDir' | 'STORAGE_QUOTA_BYTES'>;
};

/**
 * The owner's pet for a change of its photo, locked when `lock` (racing changes of one pet's photo take turns): 404
 * when it is not theirs, 409 when archived unless `archivedToo` (a photo may still be removed to free storage).
 */
async function ownPet(db: Executor, ownerId: string, id: string, opts: { lock: boolean; archivedToo?: boolean }) {
  const query = db
    .select({ archivedAt: pets.archivedAt })
    .from(pets)
    .where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)));
  const [pet] = opts.lock ? await query.for('update') : await query;
  if (!pet) throw errors.notFound('Pet');
  if (pet.archivedAt && !opts.archivedToo) throw errors.conflict(PET_MSG.archived);
}

/**
 * Sets (or replaces) the photo of the owner's pet, already checked by its bytes. The picture is downscaled and
 * re-encoded without metadata, written to disk, then recorded: one transaction swaps the row and moves the owner's
 * storage counter by the difference in one conditional update, refused (413) past STORAGE_QUOTA_BYTES.
 */
export async function setPetPhoto(deps: PhotoDeps, ownerId: string, id: string, file: StoredFile): Promise<Pet> {
  if (!isUuid(id)) throw errors.notFound('Pet');
  const { dataDir, STORAGE_QUOTA_BYTES: quota } = deps.config;
  // Asked before the picture is decoded, so an archived pet costs no image work; asked again under the lock.
  await ownPet(deps.db, ownerId, id, { lock: false });
  const image = await photoForStorage(file.data, PET_MSG.photoType);
  const written = await writeStoredFile(dataDir, 'pet-photos', id, image.data, 'webp');
  let replacedKey: string | null;
  try {
    replacedKey = await deps.db.transaction(async (tx) => {
      await ownPet(tx, ownerId, id, { lock: true });
      const [old] = await tx
        .select({ size: petPhotos.size, fileKey: petPhotos.fileKey })
        .from(petPhotos)
        .where(eq(petPhotos.petId, id));
      const delta = written.size - (old?.size ?? 0);
      // A smaller photo always fits, even for an account already over a quota that was lowered since.
      const [counted] = await tx
        .update(users)
        .set({ storageBytes: sql`${users.storageBytes} + ${delta}` })
        .where(and(eq(users.id, ownerId), delta > 0 ? sql`${users.storageBytes} + ${delta} <= ${quota}` : undefined))
        .returning({ storageBytes: users.storageBytes });
      if (!counted) throw errors.tooLarge(PET_MSG.storageFull(quota));
      const row = {
        data: null,
        fileKey: written.key,
        sha256: written.sha256,
        mime: image.mime,
        size: written.size,
        updatedAt: new Date(),
      };
      await tx
        .insert(petPhotos)
        .values({ petId: id, ...row })
        .onConflictDoUpdate({ target: petPhotos.petId, set: row });
      return old?.fileKey ?? null;
    });
  } catch (err) {
    await removeStoredFile(dataDir, written.key);
    throw err;
  }
  // The row no longer names the old file; losing this removal to a crash leaves a stray file, never a broken photo.
  await removeStoredFile(dataDir, replacedKey);
  return getPet(deps, { id: ownerId, role: 'user' }, id);
}

/**
 * Removes the photo of the owner's pet (nothing happens when it has none), archived pets' too: archiving keeps the
 * photo and its bytes in the owner's storage, removing it frees them.
 */
export async function deletePetPhoto(deps: PhotoDeps, ownerId: string, id: string): Promise<Pet> {
  if (!isUuid(id)) throw errors.notFound('Pet');
  const removedKey = await deps.db.transaction(async (tx) => {
    await ownPet(tx, ownerId, id, { lock: true, archivedToo: true });
    const [gone] = await tx
      .delete(petPhotos)
      .where(eq(petPhotos.petId, id))
      .returning({ size: petPhotos.size, fileKey: petPhotos.fileKey });
    if (!gone) return null;
    await tx
      .update(users)
      .set({ storageBytes: sql`${users.storageBytes} - ${gone.size}` })
      .where(eq(users.id, ownerId));
    return gone.fileKey;
  });
  await removeStoredFile(deps.config.dataDir, removedKey);
  return getPet(deps, { id: ownerId, role: 'user' }, id);
}

/** A pet photo to send: its type, size and ETag, and where its bytes are (a file on disk, or an older row's bytes). */
export interface PetPhotoToSend {
  mime: string;
  size: number;
  /** Quoted strong ETag: the SHA-256 of the bytes. */
  etag: string;
  fileKey: string | null;
  data: Buffer | null;
}

/**
 * The photo of a pet the viewer may see (owner or staff); 404 otherwise or when it has none. A photo stored before
 * decision 039 is still read from its row (its ETag is then hashed from those bytes).
 */
export async function getPetPhoto(deps: Pick<PetDeps, 'db'>, viewer: PetViewer, id: string): Promise<PetPhotoToSend> {
  await assertPetVisible(deps, viewer, id);
  const [photo] = await deps.db
    .select({
      data: petPhotos.data,
      fileKey: petPhotos.fileKey,
      sha256: petPhotos.sha256,
      mime: petPhotos.mime,
      size: petPhotos.size,
    })
    .from(petPhotos)
    .where(eq(petPhotos.petId, id))
    .limit(1);
  if (!photo || (!photo.fileKey && !photo.data)) throw errors.notFound('Pet photo');
  const sha256 = photo.sha256 ?? createHash('sha256').update(photo.data!).digest('hex');
  return { mime: photo.mime, size: photo.size, etag: `"${sha256}"`, fileKey: photo.fileKey, data: photo.data };
}

/** The bytes of a photo to send: a stream of its file, or an older row's bytes; 404 when its file is missing. */
export async function openPetPhoto(
  deps: { config: Pick<Deps['config'], 'dataDir'> },
  photo: PetPhotoToSend,
): Promise<SendableFile> {
  if (photo.fileKey) {
    const opened = await openStoredFile(deps.config.dataDir, photo.fileKey);
    if (!opened) throw errors.notFound('Pet photo');
    return { data: opened.stream, mime: photo.mime, size: opened.size };
  }
  if (!photo.data) throw errors.notFound('Pet photo');
  return { data: photo.data, mime: photo.mime, size: photo.size };
}
