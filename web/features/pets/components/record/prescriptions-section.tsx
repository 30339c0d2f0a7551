import { useState } from 'react';
import { Link } from 'react-router';
import type { Prescription } from '#shared/pet-record';
import { Button } from '../../../../components/button.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFormatInstant } from '../../../../lib/clinic-time.ts';
import { usePrescriptions, useRequestRefill } from '../../api/record.ts';
import { PrescriptionForm } from './prescription-form.tsx';
import { RecordSection } from './record-section.tsx';

const REFILL_WORDS = {
  open: 'Refill requested, waiting for the clinic',
  approved: 'Refill approved',
  refused: 'Refill refused',
};

/** What the customer can do about refills of one prescription, or why not. */
function RefillControl({ rx, petId }: { rx: Prescription; petId: string }) {
  const ask = useRequestRefill(petId);
  const [problem, setProblem] = useState<string | null>(null);
  if (rx.correctedById) return null;
  const waiting = rx.latestRefill?.status === 'open';
  if (waiting || rx.refillsLeft === 0) return null;
  return (
    <div className="mt-3">
      <Button
        size="sm"
        loading={ask.isPending}
        onClick={() =>
          ask.mutate(rx.id, {
            onSuccess: () => setProblem(null),
            onError: (err) => setProblem(errorMessage(err, 'Could not ask for the refill. Please try again.')),
          })
        }
        aria-label={`Ask for a refill of ${rx.drug} ${rx.strength}`}
      >
        Ask for a refill
      </Button>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-900">
          {problem}
        </p>
      )}
    </div>
  );
}

function PrescriptionCard({
  rx,
  petId,
  staff,
  owner,
  printBase,
  onCorrect,
}: {
  rx: Prescription;
  petId: string;
  staff: boolean;
  owner: boolean;
  printBase: string;
  onCorrect: (rx: Prescription) => void;
}) {
  const formatInstant = useFormatInstant();
  const corrected = rx.correctedById !== null;
  const refill = rx.latestRefill;
  return (
    <li className={`rounded-lg p-4 ring-1 ${corrected ? 'bg-gray-50 text-ink-muted ring-gray-200' : 'ring-black/10'}`}>
      <article aria-label={`${rx.drug} ${rx.strength}`}>
        <h3 className="font-semibold break-words">
          {corrected ? <s>{`${rx.drug} ${rx.strength}`}</s> : `${rx.drug} ${rx.strength}`}
          {corrected && <span className="ml-2 text-sm font-normal">(corrected)</span>}
        </h3>
        <p className="mt-1 break-words">
          {rx.dose}, {rx.frequency}, for {rx.durationDays} {rx.durationDays === 1 ? 'day' : 'days'}. Quantity{' '}
          {rx.quantity}.
        </p>
        {rx.instructions && <p className="mt-1 break-words whitespace-pre-line">{rx.instructions}</p>}
        <p className="mt-1 text-sm text-ink-muted">
          {rx.refillsLeft} of {rx.refills} {rx.refills === 1 ? 'refill' : 'refills'} left
          {rx.productName && <> · In the shop: {rx.productName}</>} · {rx.prescribedByName},{' '}
          {formatInstant(rx.prescribedAt)}
        </p>
        {refill && !corrected && (
          <p className="mt-2 text-sm font-medium" role="status">
            {REFILL_WORDS[refill.status]}
            {refill.decisionNote && <>: {refill.decisionNote}</>}
            {refill.cart === 'added' && ' It is in your cart.'}
            {refill.cartMessage && ` ${refill.cartMessage}`}
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-3 text-sm">
          <Link className="font-medium text-brand-800 underline" to={`${printBase}/${encodeURIComponent(rx.id)}`}>
            Print label<span className="sr-only"> for {rx.drug}</span>
          </Link>
          {staff && !corrected && (
            <button type="button" className="font-medium text-brand-800 underline" onClick={() => onCorrect(rx)}>
              Correct<span className="sr-only"> {rx.drug}</span>
            </button>
          )}
        </div>
        {owner && <RefillControl rx={rx} petId={petId} />}
      </article>
    </li>
  );
}

/**
 * The pet's prescriptions (owner and staff): each with its dose, refills left and its latest refill request; the
 * owner asks for a refill, staff write and correct prescriptions; each has a printable label.
 */
export function PrescriptionsSection({
  petId,
  petName,
  staff,
  owner,
  canWrite,
}: {
  petId: string;
  petName: string;
  staff: boolean;
  owner: boolean;
  canWrite: boolean;
}) {
  const list = usePrescriptions(petId);
  const [form, setForm] = useState<{ correcting: Prescription | null } | null>(null);
  const printBase = `${staff ? '/employee' : '/customer'}/pets/${encodeURIComponent(petId)}/prescriptions`;
  return (
    <RecordSection
      title="Prescriptions"
      intro={owner ? 'Ask for a refill here; the clinic answers on this page.' : undefined}
      actions={
        staff && canWrite ? (
          <Button size="sm" variant="secondary" onClick={() => setForm({ correcting: null })}>
            Write a prescription
          </Button>
        ) : undefined
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading the prescriptions…" />
      ) : list.isError ? (
        <ErrorState
          message={errorMessage(list.error, 'Could not load the prescriptions.')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title="No prescriptions yet." />
      ) : (
        <ul className="space-y-3">
          {list.data.map((rx) => (
            <PrescriptionCard
              key={rx.id}
              rx={rx}
              petId={petId}
              staff={staff && canWrite}
              owner={owner}
              printBase={printBase}
              onCorrect={(p) => setForm({ correcting: p })}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={form !== null}
        title={form?.correcting ? `Correct a prescription for ${petName}` : `Write a prescription for ${petName}`}
        onClose={() => setForm(null)}
      >
        {form && <PrescriptionForm petId={petId} correcting={form.correcting} onDone={() => setForm(null)} />}
      </Dialog>
    </RecordSection>
  );
}
