import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  DOCUMENTS_MAX,
  PET_RECORD_MSG,
  type ClinicalNote,
  type ClinicalNoteBody,
  type PetDocument,
} from '#shared/pet-record';
import { announceAudit, recordAudit } from '../audit/record.ts';
import { isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { clinicalNotes, petDocuments, slotBookings, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { openStoredFile, removeStoredFile, writeStoredFile } from '../lib/file-store.ts';
import { isUuid } from '../lib/ids.ts';
import { isStaff } from '../lib/policy.ts';
import { extensionOf, type SendableFile, type StoredFile } from '../lib/uploads.ts';
import { readablePet, writablePet, type RecordPet } from './access.ts';
import { announceRecord } from './live.ts';

type DocumentRow = typeof petDocuments.$inferSelect;
type DocumentDeps = Pick<Deps, 'db' | 'io'> & { config: Pick<Deps['config'], 'dataDir' | 'STORAGE_QUOTA_BYTES'> };

const toDocument = (r: DocumentRow): PetDocument => ({
  id: r.id,
  petId: r.petId,
  bookingId: r.bookingId,
  title: r.title,
  kind: r.kind,
  mime: r.mime,
  size: r.size,
  staffOnly: r.staffOnly,
  uploadedByName: r.uploadedByName,
  uploadedAt: r.createdAt.toISOString(),
  url: `/api/documents/${r.id}`,
});

/** A booking of this pet (a visit a record entry is attached to), else a 400 naming the field. */
async function checkVisit(db: Executor, pet: RecordPet, bookingId: string | undefined | null) {
  if (!bookingId) return;
  const [visit] = await db
    .select({ id: slotBookings.id })
    .from(slotBookings)
    .where(and(eq(slotBookings.id, bookingId), eq(slotBookings.petId, pet.id)))
    .limit(1);
  if (!visit)
    throw errors.validation(PET_RECORD_MSG.bookingUnknown, [
      { path: 'bookingId', message: PET_RECORD_MSG.bookingUnknown },
    ]);
}

/** The documents of a pet, newest first: all of them for staff, those not staff-only for its owner. */
export async function listDocuments(deps: Pick<Deps, 'db'>, viewer: AuthUser, petId: string): Promise<PetDocument[]> {
  await readablePet(deps.db, viewer, petId);
  const rows = await deps.db
    .select()
    .from(petDocuments)
    .where(and(eq(petDocuments.petId, petId), isStaff(viewer) ? undefined : eq(petDocuments.staffOnly, false)))
    .orderBy(desc(petDocuments.createdAt), desc(petDocuments.id))
    .limit(DOCUMENTS_MAX);
  return rows.map(toDocument);
}

/**
 * Staff attach a document (a lab report, an X-ray, a referral letter, a consent form: PDF, JPEG or PNG, already
 * checked by its bytes) to a pet or one of its visits. Its bytes are a file under DATA_DIR, written before the
 * transaction that records it; that transaction moves the owner's storage counter by one conditional statement,
 * refused (413) past STORAGE_QUOTA_BYTES (decision 039). Documents are never changed or removed.
 */
export async function addDocument(
  deps: DocumentDeps,
  me: AuthUser,
  petId: string,
  input: { file: StoredFile; title: string; kind: PetDocument['kind']; staffOnly: boolean; bookingId?: string },
): Promise<PetDocument> {
  const { dataDir, STORAGE_QUOTA_BYTES: quota } = deps.config;
  const { file } = input;
  const written = await writeStoredFile(dataDir, 'pet-documents', petId, file.data, extensionOf(file.mime));
  try {
    const { pet, row, entry } = await deps.db.transaction(async (tx) => {
      const pet = await writablePet(tx, me, petId);
      await checkVisit(tx, pet, input.bookingId);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(petDocuments)
        .where(eq(petDocuments.petId, petId));
      if (n >= DOCUMENTS_MAX) throw errors.conflict(PET_RECORD_MSG.documentsTooMany);
      const [counted] = await tx
        .update(users)
        .set({ storageBytes: sql`${users.storageBytes} + ${written.size}` })
        .where(and(eq(users.id, pet.ownerId), sql`${users.storageBytes} + ${written.size} <= ${quota}`))
        .returning({ storageBytes: users.storageBytes });
      if (!counted) throw errors.tooLarge(PET_RECORD_MSG.storageFull(quota));
      const [row] = await tx
        .insert(petDocuments)
        .values({
          petId,
          bookingId: input.bookingId ?? null,
          title: input.title,
          kind: input.kind,
          fileKey: written.key,
          mime: file.mime,
          size: written.size,
          sha256: written.sha256,
          staffOnly: input.staffOnly,
          uploadedBy: me.id,
          uploadedByName: me.name,
        })
        .returning();
      const entry = await recordAudit(tx, me, {
        kind: 'pet.document_added',
        subjectType: 'pet',
        subjectId: petId,
        summary: `Added ${input.staffOnly ? 'a staff-only' : 'a'} document to the record of ${pet.name} (${pet.ownerName}): ${input.title}`,
        after: {
          documentId: row!.id,
          title: input.title,
          kind: input.kind,
          staffOnly: input.staffOnly,
          size: written.size,
        },
      });
      return { pet, row: row!, entry };
    });
    announceAudit(deps, entry);
    announceRecord(deps, pet, 'documents', { staffOnly: row.staffOnly });
    return toDocument(row);
  } catch (err) {
    await removeStoredFile(dataDir, written.key);
    throw err;
  }
}

/** A document to send: staff any, its pet's owner one that is not staff-only; anyone else 404. */
export async function openDocument(
  deps: Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'dataDir'> },
  viewer: AuthUser,
  id: string,
): Promise<{ file: SendableFile; etag: string; filename: string }> {
  if (!isUuid(id)) throw errors.notFound('Document');
  const [doc] = await deps.db.select().from(petDocuments).where(eq(petDocuments.id, id)).limit(1);
  if (!doc || (doc.staffOnly && !isStaff(viewer))) throw errors.notFound('Document');
  await readablePet(deps.db, viewer, doc.petId).catch(() => {
    throw errors.notFound('Document');
  });
  const opened = await openStoredFile(deps.config.dataDir, doc.fileKey);
  if (!opened) throw errors.notFound('Document');
  return {
    file: { data: opened.stream, mime: doc.mime, size: opened.size },
    etag: `"${doc.sha256}"`,
    filename: `document.${extensionOf(doc.mime)}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Staff-only clinical notes on a visit

/** How many notes (corrections included) one visit may hold. */
const NOTES_PER_VISIT_MAX = 200;

type NoteRow = typeof clinicalNotes.$inferSelect & { correctedById: string | null };

const toNote = (r: NoteRow): ClinicalNote => ({
  id: r.id,
  petId: r.petId,
  bookingId: r.bookingId,
  text: r.text,
  authorName: r.authorName,
  createdAt: r.createdAt.toISOString(),
  correctsId: r.correctsId,
  correctedById: r.correctedById,
});

// Named with its table: inside the subquery a bare "id" would be the correcting note's own.
const correctedBy = sql<string | null>`(select c.id from clinical_notes c where c.corrects_id = "clinical_notes"."id")`;

/** The staff-only clinical notes of a pet's visits, newest first (staff). */
export async function listClinicalNotes(deps: Pick<Deps, 'db'>, me: AuthUser, petId: string): Promise<ClinicalNote[]> {
  if (!isStaff(me)) throw errors.forbidden();
  await readablePet(deps.db, me, petId);
  const rows = await deps.db
    .select({ note: clinicalNotes, correctedById: correctedBy })
    .from(clinicalNotes)
    .where(eq(clinicalNotes.petId, petId))
    .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
    .limit(1000);
  return rows.map((r) => toNote({ ...r.note, correctedById: r.correctedById }));
}

/** Staff add a clinical note to one of the pet's visits, or correct one (which stays). Never shown to the customer. */
export async function addClinicalNote(
  deps: Pick<Deps, 'db' | 'io'>,
  me: AuthUser,
  petId: string,
  body: ClinicalNoteBody,
): Promise<ClinicalNote> {
  try {
    const { pet, row, entry } = await deps.db.transaction(async (tx) => {
      const pet = await writablePet(tx, me, petId);
      await checkVisit(tx, pet, body.bookingId);
      if (body.correctsId) {
        const [corrected] = await tx
          .select({ id: clinicalNotes.id })
          .from(clinicalNotes)
          .where(and(eq(clinicalNotes.id, body.correctsId), eq(clinicalNotes.petId, petId)));
        if (!corrected)
          throw errors.validation(PET_RECORD_MSG.correctsUnknown, [
            { path: 'correctsId', message: PET_RECORD_MSG.correctsUnknown },
          ]);
      }
      const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from clinical_notes where booking_id = ${body.bookingId}`),
      );
      if (Number(n) >= NOTES_PER_VISIT_MAX) throw errors.conflict(PET_RECORD_MSG.notesTooMany);
      const [row] = await tx
        .insert(clinicalNotes)
        .values({
          petId,
          bookingId: body.bookingId,
          text: body.text,
          correctsId: body.correctsId,
          authorId: me.id,
          authorName: me.name,
        })
        .returning();
      const entry = await recordAudit(tx, me, {
        kind: 'pet.clinical_note_added',
        subjectType: 'pet',
        subjectId: petId,
        summary: `${body.correctsId ? 'Corrected a clinical note of' : 'Added a clinical note to'} a visit of ${pet.name} (${pet.ownerName})`,
        after: { noteId: row!.id, bookingId: body.bookingId, correctsId: body.correctsId },
      });
      return { pet, row: row!, entry };
    });
    announceAudit(deps, entry);
    announceRecord(deps, pet, 'notes', { staffOnly: true });
    return toNote({ ...row, correctedById: null });
  } catch (err) {
    if (isUniqueViolation(err, 'clinical_notes_corrects_uq')) throw errors.conflict(PET_RECORD_MSG.correctsAlready);
    throw err;
  }
}
