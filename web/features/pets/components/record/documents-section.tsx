import { useState } from 'react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE,
  PET_RECORD_MSG,
  type PetDocument,
} from '#shared/pet-record';
import { Button } from '../../../../components/button.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { SelectField, TextField } from '../../../../components/field.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states.tsx';
import { apiBlob, errorMessage } from '../../../../lib/api-client.ts';
import { useFormatInstant } from '../../../../lib/clinic-time.ts';
import { useDocuments, useUploadDocument } from '../../api/record.ts';
import { RecordSection } from './record-section.tsx';

export const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Opens a document in a new tab: it needs the bearer token, so its bytes are fetched and shown from memory. */
export function OpenDocument({ doc }: { doc: PetDocument }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // The tab is opened at the click, so a pop-up blocker lets it through; it gets the file once fetched.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const blob = await apiBlob(doc.url, { fallback: 'Could not open the document.' });
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setProblem(null);
    } catch (err) {
      tab?.close();
      setProblem(errorMessage(err, 'Could not open the document.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void open()} aria-label={`Open ${doc.title}`}>
        Open
      </Button>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-900">
          {problem}
        </p>
      )}
    </>
  );
}

/**
 * Staff attach a file (PDF, JPEG or PNG) with its title and kind, shown to the owner unless marked staff-only; to the
 * pet, or to one of its visits (`bookingId`).
 */
export function UploadForm({
  petId,
  bookingId = null,
  onDone,
}: {
  petId: string;
  bookingId?: string | null;
  onDone: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<(typeof DOCUMENT_KINDS)[number]>('lab_report');
  const [staffOnly, setStaffOnly] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadDocument(petId);

  const submit = () => {
    if (!file) return setProblem(PET_RECORD_MSG.documentRequired);
    if (file.size > DOCUMENT_MAX_BYTES) return setProblem(DOCUMENT_TOO_LARGE);
    if (!title.trim()) return setProblem('Title is required');
    setProblem(null);
    upload.mutate(
      { file, title: title.trim(), kind, staffOnly, bookingId },
      {
        onSuccess: onDone,
        onError: (err) => setProblem(errorMessage(err, 'Could not add the document. Please try again.')),
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
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      <TextField
        label="File"
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        hint="PDF, JPEG or PNG, at most 10 MB"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <TextField label="Title" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
      <SelectField
        label="Kind"
        value={kind}
        onChange={(e) => setKind(e.target.value as (typeof DOCUMENT_KINDS)[number])}
      >
        {DOCUMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {DOCUMENT_KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={staffOnly}
          onChange={(e) => setStaffOnly(e.target.checked)}
        />
        Staff only (the customer does not see it)
      </label>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={upload.isPending}>
          Add document
        </Button>
      </div>
    </form>
  );
}

/**
 * The pet's documents (lab reports, X-rays, referral letters, consent forms): the owner sees those not staff-only;
 * staff see all and add them.
 */
export function DocumentsSection({ petId, staff, canWrite }: { petId: string; staff: boolean; canWrite: boolean }) {
  const docs = useDocuments(petId);
  const [adding, setAdding] = useState(false);
  const formatInstant = useFormatInstant();
  return (
    <RecordSection
      title="Documents"
      actions={
        staff && canWrite ? (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            Add a document
          </Button>
        ) : undefined
      }
    >
      {docs.isPending ? (
        <LoadingState label="Loading the documents…" />
      ) : docs.isError ? (
        <ErrorState
          message={errorMessage(docs.error, 'Could not load the documents.')}
          onRetry={() => void docs.refetch()}
        />
      ) : docs.data.length === 0 ? (
        <EmptyState title="No documents yet." />
      ) : (
        <ul className="divide-y divide-gray-200">
          {docs.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
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
                  {DOCUMENT_KIND_LABELS[d.kind]} · {d.mime === 'application/pdf' ? 'PDF' : 'Image'}, {sizeText(d.size)}{' '}
                  · {d.uploadedByName}, {formatInstant(d.uploadedAt)}
                </p>
              </div>
              <OpenDocument doc={d} />
            </li>
          ))}
        </ul>
      )}
      <Dialog open={adding} title="Add a document" onClose={() => setAdding(false)}>
        {adding && <UploadForm petId={petId} onDone={() => setAdding(false)} />}
      </Dialog>
    </RecordSection>
  );
}
