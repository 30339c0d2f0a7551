import { useState } from 'react';
import { formatDay } from '#shared/dates';
import type { PetSpecies } from '#shared/pets';
import { doseLabel, type CareStatusItem, type Dose } from '#shared/vaccines';
import { useCareStatus, useDoses, useLiveCare } from '../lib/care.ts';
import { Button } from './button.tsx';
import { CareStateBadge } from './care-state-badge.tsx';
import { RecordDoseDialog } from './record-dose-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

export interface PetCareSectionProps {
  pet: { id: string; name: string; species: PetSpecies; archived: boolean };
  /** Staff see "Record a dose" and "Correct" on each entry; owners read. */
  staff: boolean;
}

/** What is due next of a protocol, in words. */
function nextText(s: CareStatusItem): string {
  if (!s.nextDueOn) return 'No dose recorded yet.';
  return `${doseLabel(s.nextDoseNumber, s.seriesDoses)} due on ${formatDay(s.nextDueOn)}.`;
}

function StatusList({ items }: { items: CareStatusItem[] }) {
  if (!items.length) {
    return <p className="text-ink-muted">The clinic has no vaccinations or treatments for this species.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Preventive care status">
      {items.map((s) => (
        <li key={s.vaccineId} className="rounded-lg bg-white p-4 ring-1 ring-black/5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <span className="font-semibold break-words">{s.vaccineName}</span>
            <CareStateBadge state={s.state} />
          </div>
          <p className="mt-1 text-sm">{nextText(s)}</p>
          {s.lastGivenOn && <p className="text-sm text-ink-muted">Last given on {formatDay(s.lastGivenOn)}.</p>}
        </li>
      ))}
    </ul>
  );
}

function DoseRow({ dose, staff, onCorrect }: { dose: Dose; staff: boolean; onCorrect: (d: Dose) => void }) {
  const corrected = dose.correctedById !== null;
  return (
    <li className={`rounded-lg bg-white p-4 ring-1 ring-black/5 ${corrected ? 'opacity-70' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {corrected ? <s>{dose.vaccineName}</s> : dose.vaccineName}{' '}
            <span className="font-normal text-ink-muted">
              ({doseLabel(dose.doseNumber, dose.seriesDoses).toLowerCase()})
            </span>
          </p>
          <p className="text-sm">
            Given on {formatDay(dose.givenOn)} by {dose.givenByName}
            {dose.site ? `, ${dose.site}` : ''}
          </p>
        </div>
        {corrected ? (
          <span className="rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-semibold text-gray-800">Corrected</span>
        ) : (
          staff && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onCorrect(dose)}
              aria-label={`Correct ${dose.vaccineName} of ${formatDay(dose.givenOn)}`}
            >
              Correct
            </Button>
          )
        )}
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-ink-muted">Product: </dt>
          <dd className="inline break-words">
            {dose.product}
            {dose.manufacturer ? ` (${dose.manufacturer})` : ''}
          </dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">Batch: </dt>
          <dd className="inline break-words">
            {dose.batch}, expires {formatDay(dose.expiresOn)}
          </dd>
        </div>
        {dose.nextDueOn && (
          <div>
            <dt className="inline text-ink-muted">Next due: </dt>
            <dd className="inline">
              {formatDay(dose.nextDueOn)}
              {dose.nextDueReason ? ` (${dose.nextDueReason})` : ''}
            </dd>
          </div>
        )}
        {dose.correctsId && (
          <div>
            <dt className="sr-only">Note: </dt>
            <dd className="inline text-ink-muted">Corrects an earlier entry.</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/**
 * "Vaccinations and preventive care" on the pet's page: its status per protocol and its doses, newest first, live
 * as staff record them; staff record a dose or correct an entry from here.
 */
export function PetCareSection({ pet, staff }: PetCareSectionProps) {
  useLiveCare(pet.id);
  const status = useCareStatus(pet.id);
  const doses = useDoses(pet.id);
  const [recording, setRecording] = useState(false);
  const [correcting, setCorrecting] = useState<Dose | null>(null);
  const list = doses.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="pet-care" className="mt-8">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="pet-care" className="themed text-2xl font-bold">
          Vaccinations and preventive care
        </h2>
        {staff && !pet.archived && <Button onClick={() => setRecording(true)}>Record a dose</Button>}
      </div>
      {status.isPending ? (
        <LoadingState label="Loading the vaccination status…" />
      ) : status.isError ? (
        <ErrorState message="Could not load the vaccination status." onRetry={() => void status.refetch()} />
      ) : (
        <StatusList items={status.data} />
      )}
      <h3 className="mt-6 mb-3 text-xl font-semibold">Doses given</h3>
      {doses.isPending ? (
        <LoadingState label="Loading the doses…" />
      ) : doses.isError ? (
        <ErrorState message="Could not load the doses." onRetry={() => void doses.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No doses recorded yet">
          Doses the clinic gives appear here with their batch and date.
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Doses given">
            {list.map((d) => (
              <DoseRow key={d.id} dose={d} staff={staff && !pet.archived} onCorrect={setCorrecting} />
            ))}
          </ul>
          {doses.hasNextPage && (
            <Button
              className="mt-3"
              variant="secondary"
              loading={doses.isFetchingNextPage}
              onClick={() => void doses.fetchNextPage()}
            >
              Load more doses
            </Button>
          )}
        </>
      )}
      {staff && (
        <RecordDoseDialog
          open={recording || correcting !== null}
          pet={pet}
          correcting={correcting}
          onClose={() => {
            setRecording(false);
            setCorrecting(null);
          }}
        />
      )}
    </section>
  );
}
