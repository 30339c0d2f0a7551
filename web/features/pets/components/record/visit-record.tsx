import { useId, useState } from 'react';
import { DOCUMENT_KIND_LABELS, type ClinicalNote, type PetDocument } from '#shared/pet-record';
import { Button } from '../../../../components/button.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { TextAreaField } from '../../../../components/field.tsx';
import { ErrorState, LoadingState } from '../../../../components/states.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFormatInstant } from '../../../../lib/clinic-time.ts';
import { useAddClinicalNote, useClinicalNotes, useDocuments } from '../../api/record.ts';
import { OpenDocument, UploadForm, sizeText } from './documents-section.tsx';

const NOTE_MAX = 4000;

/** Writes a note on the visit, or the correction of one (which appends and names the note it corrects). */
function NoteForm({
  petId,
  bookingId,
  correcting,
  onDone,
}: {
  petId: string;
  bookingId: string;
  correcting: ClinicalNote | null;
  onDone: () => void;
}) {
  const [text, setText] = useState(correcting?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddClinicalNote(petId);
  const submit = () => {
    if (!text.trim()) return setProblem('Note is required');
    setProblem(null);
    add.mutate(
      { bookingId, text: text.trim(), correctsId: correcting?.id ?? null },
      {
        onSuccess: onDone,
        onError: (err) => setProblem(errorMessage(err, 'Could not save the note. Please try again.')),
      },
    );
  };
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextAreaField
        label={correcting ? 'Corrected note' : 'Note'}
        value={text}
        maxLength={NOTE_MAX}
        className="min-h-32"
        error={problem ?? undefined}
        hint={
          correcting
            ? 'The note you correct stays on the record, marked as corrected.'
            : 'Seen by staff only, never by the customer.'
        }
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={add.isPending}>
          {correcting ? 'Save correction' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}

/** The staff-only clinical notes of one visit, oldest first, each correction after the note it corrects. */
function VisitNotes({
  petId,
  bookingId,
  canWrite,
  label,
}: {
  petId: string;
  bookingId: string;
  canWrite: boolean;
  label: string;
}) {
  const notes = useClinicalNotes(petId, true);
  const formatInstant = useFormatInstant();
  const headingId = useId();
  const [writing, setWriting] = useState<{ correcting: ClinicalNote | null } | null>(null);
  const mine = (notes.data ?? []).filter((n) => n.bookingId === bookingId).reverse();
  const byId = new Map(mine.map((n) => [n.id, n]));
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold">
          Clinical notes <span className="text-sm font-normal text-ink-muted">(staff only)</span>
        </h4>
        {canWrite && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setWriting({ correcting: null })}
            aria-label={`Add a clinical note to ${label}`}
          >
            Add a clinical note
          </Button>
        )}
      </div>
      {notes.isPending ? (
        <LoadingState label="Loading the notes…" />
      ) : notes.isError ? (
        <ErrorState
          message={errorMessage(notes.error, 'Could not load the clinical notes.')}
          onRetry={() => void notes.refetch()}
        />
      ) : mine.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No clinical notes on this visit.</p>
      ) : (
        <ol className="mt-2 space-y-2" aria-label={`Clinical notes of ${label}`}>
          {mine.map((n) => {
            const corrected = n.correctedById !== null;
            const corrects = n.correctsId ? byId.get(n.correctsId) : undefined;
            return (
              <li
                key={n.id}
                className={`rounded-md bg-white p-3 ring-1 ring-black/5 ${corrected ? 'text-ink-muted' : ''}`}
              >
                {corrected && (
                  <p className="mb-1 text-xs font-semibold tracking-wide uppercase">Corrected by a later note</p>
                )}
                {n.correctsId && (
                  <p className="mb-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
                    Correction
                    {corrects ? ` of the note of ${formatInstant(corrects.createdAt)}` : ''}
                  </p>
                )}
                <p className={`break-words whitespace-pre-line ${corrected ? 'line-through' : ''}`}>{n.text}</p>
                <p className="mt-1 text-sm text-ink-muted">
                  {n.authorName}, {formatInstant(n.createdAt)}
                </p>
                {canWrite && !corrected && (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="mt-2"
                    onClick={() => setWriting({ correcting: n })}
                    aria-label={`Correct the note of ${formatInstant(n.createdAt)} by ${n.authorName}`}
                  >
                    Correct
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Dialog
        open={writing !== null}
        title={writing?.correcting ? 'Correct a clinical note' : `Clinical note on ${label}`}
        onClose={() => setWriting(null)}
      >
        {writing && (
          <NoteForm
            petId={petId}
            bookingId={bookingId}
            correcting={writing.correcting}
            onDone={() => setWriting(null)}
          />
        )}
      </Dialog>
    </section>
  );
}

/** The documents attached to one visit (the owner sees those not staff-only), with staff's "Attach a document". */
function VisitDocuments({
  petId,
  bookingId,
  staff,
  canWrite,
  label,
}: {
  petId: string;
  bookingId: string;
  staff: boolean;
  canWrite: boolean;
  label: string;
}) {
  const docs = useDocuments(petId);
  const formatInstant = useFormatInstant();
  const [adding, setAdding] = useState(false);
  const mine: PetDocument[] = (docs.data ?? []).filter((d) => d.bookingId === bookingId);
  if (!staff && mine.length === 0) return null;
  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">Documents</h4>
        {staff && canWrite && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setAdding(true)}
            aria-label={`Attach a document to ${label}`}
          >
            Attach a document
          </Button>
        )}
      </div>
      {docs.isError ? (
        <p role="alert" className="text-sm font-medium text-red-900">
          {errorMessage(docs.error, 'Could not load the documents.')}
        </p>
      ) : docs.isPending ? null : mine.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No documents attached to this visit.</p>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label={`Documents of ${label}`}>
          {mine.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {d.title}
                  {d.staffOnly && (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-300 ring-inset">
                      Staff only
                    </span>
                  )}
                </p>
                <p className="text-sm text-ink-muted">
                  {DOCUMENT_KIND_LABELS[d.kind]}, {sizeText(d.size)} · {d.uploadedByName}, {formatInstant(d.uploadedAt)}
                </p>
              </div>
              <OpenDocument doc={d} />
            </li>
          ))}
        </ul>
      )}
      <Dialog open={adding} title={`Attach a document to ${label}`} onClose={() => setAdding(false)}>
        {adding && <UploadForm petId={petId} bookingId={bookingId} onDone={() => setAdding(false)} />}
      </Dialog>
    </div>
  );
}

/**
 * What the record holds on one visit, under it in the pet's visit list: its documents (the owner sees those not
 * staff-only) and, for staff only, its clinical notes, which staff add and correct here.
 */
export function VisitRecord({
  petId,
  bookingId,
  label,
  staff,
  canWrite,
  withNotes,
}: {
  petId: string;
  bookingId: string;
  /** The visit in words ("Pet Health Checkup, Wed, 4 Mar 2026 at 10:00"), for names of its controls. */
  label: string;
  staff: boolean;
  canWrite: boolean;
  /** Clinical notes belong to visits that took place. */
  withNotes: boolean;
}) {
  return (
    <>
      <VisitDocuments petId={petId} bookingId={bookingId} staff={staff} canWrite={canWrite} label={label} />
      {staff && withNotes && <VisitNotes petId={petId} bookingId={bookingId} canWrite={canWrite} label={label} />}
    </>
  );
}
