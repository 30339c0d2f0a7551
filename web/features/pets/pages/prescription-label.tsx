import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSession } from '../../../lib/session.tsx';
import { usePrescriptions } from '../api/record.ts';
import { usePet } from '../../../lib/pets.ts';

/** Only the label is printed: the page's header, navigation and buttons stay on screen. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #rx-label, #rx-label * { visibility: visible; }
  #rx-label { position: absolute; left: 0; top: 0; width: 100%; box-shadow: none; border: 1px solid #000; }
}`;

/**
 * /customer/pets/:id/prescriptions/:rxId and /employee/...: a prescription's label and summary, laid out to print
 * (the clinic, the pet and its owner, the drug, how to give it, refills, who prescribed it and when).
 */
export default function PrescriptionLabelPage() {
  const { id = '', rxId = '' } = useParams();
  const { user } = useSession();
  const staff = user?.role === 'employee' || user?.role === 'admin';
  const pet = usePet(id);
  const list = usePrescriptions(id);
  const config = usePublicConfig();
  const formatInstant = useFormatInstant();
  const back = (
    <Link
      to={`${staff ? '/employee' : '/customer'}/pets/${encodeURIComponent(id)}`}
      className="text-brand-800 underline underline-offset-4"
    >
      Back to the pet
    </Link>
  );

  if (pet.isPending || list.isPending) {
    return (
      <PageShell title="Prescription label" width="normal">
        <LoadingState label="Loading the prescription…" />
      </PageShell>
    );
  }
  const rx = list.data?.find((p) => p.id === rxId);
  if (pet.isError || list.isError || !rx) {
    return (
      <PageShell title="Prescription label" width="normal" intro={back}>
        <ErrorState
          message={errorMessage(pet.error ?? list.error, 'This prescription could not be found.')}
          onRetry={() => void Promise.all([pet.refetch(), list.refetch()])}
        />
      </PageShell>
    );
  }
  const clinic = config.data?.clinic;
  return (
    <PageShell
      title="Prescription label"
      width="normal"
      intro={back}
      actions={<Button onClick={() => window.print()}>Print</Button>}
    >
      <style>{PRINT_CSS}</style>
      <article
        id="rx-label"
        aria-label={`Label: ${rx.drug} ${rx.strength} for ${pet.data.name}`}
        className="max-w-xl rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/10"
      >
        {clinic && (
          <header className="border-b border-gray-300 pb-3">
            <p className="text-lg font-bold">{clinic.name}</p>
            <p className="text-sm">
              {clinic.address} · {clinic.phone}
            </p>
          </header>
        )}
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-semibold">Pet</dt>
          <dd>{pet.data.name}</dd>
          <dt className="font-semibold">Medicine</dt>
          <dd className="text-lg font-bold break-words">
            {rx.drug} {rx.strength}
          </dd>
          <dt className="font-semibold">Give</dt>
          <dd className="break-words">
            {rx.dose}, {rx.frequency}, for {rx.durationDays} {rx.durationDays === 1 ? 'day' : 'days'}
          </dd>
          <dt className="font-semibold">Quantity</dt>
          <dd>{rx.quantity}</dd>
          {rx.instructions && (
            <>
              <dt className="font-semibold">Instructions</dt>
              <dd className="break-words whitespace-pre-line">{rx.instructions}</dd>
            </>
          )}
          <dt className="font-semibold">Refills</dt>
          <dd>
            {rx.refillsLeft} of {rx.refills} left
          </dd>
          <dt className="font-semibold">Prescribed</dt>
          <dd>
            {rx.prescribedByName}, {formatInstant(rx.prescribedAt)}
          </dd>
        </dl>
        {rx.correctedById && (
          <p className="mt-4 font-semibold text-red-900">This prescription was corrected; use the newer one.</p>
        )}
      </article>
    </PageShell>
  );
}
