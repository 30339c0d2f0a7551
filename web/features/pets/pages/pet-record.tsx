import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDay } from '#shared/dates';
import type { Pet } from '#shared/pets';
import { Button, LinkButton } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { PetCareSection } from '../../../components/pet-care-section.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { usePet } from '../../../lib/pets.ts';
import { PetForm } from '../components/pet-form.tsx';
import { PetPhoto } from '../components/pet-photo.tsx';
import { PetTimeline } from '../components/pet-timeline.tsx';
import { CertificateSection } from '../components/record/certificate-section.tsx';
import { MedicalRecord } from '../components/record/medical-record.tsx';
import { SEX_LABEL, SPECIES_LABEL, ageText, weightText } from '../lib/format.ts';

function Details({ pet }: { pet: Pet }) {
  const rows: [string, string | null][] = [
    ['Species', SPECIES_LABEL[pet.species]],
    ['Breed', pet.breed],
    ['Sex', pet.sex ? SEX_LABEL[pet.sex] : null],
    ['Birth date', pet.birthDate ? formatDay(pet.birthDate) : null],
    ['Age', ageText(pet.ageYears)],
    ['Weight', weightText(pet.weightKg)],
    ['Markings', pet.markings],
    ['Microchip', pet.microchip],
    ['Allergies', pet.allergies],
    ['Notes', pet.notes],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className={label === 'Notes' ? 'sm:col-span-2' : undefined}>
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="font-medium break-words whitespace-pre-line">{value ?? 'Not given'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /customer/pets/:id (the owner: edit and book) and /employee/pets/:id (staff: read only): the pet's details, photo
 * and its bookings with their visit summaries.
 */
export default function PetRecordPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const staff = user?.role === 'employee' || user?.role === 'admin';
  const pet = usePet(id);
  const [editing, setEditing] = useState(false);
  const back = staff ? (
    <Link to="/employee/slots" className="text-brand-800 underline underline-offset-4">
      Back to the schedule
    </Link>
  ) : (
    <Link to="/customer/pets" className="text-brand-800 underline underline-offset-4">
      Back to My pets
    </Link>
  );

  if (pet.isPending) {
    return (
      <PageShell title="Pet record" width="normal">
        <LoadingState label="Loading the pet…" />
      </PageShell>
    );
  }
  if (pet.isError) {
    return (
      <PageShell title="Pet record" width="normal" intro={back}>
        <ErrorState message={errorMessage(pet.error, 'Could not load the pet.')} onRetry={() => void pet.refetch()} />
      </PageShell>
    );
  }

  const p = pet.data;
  const owner = !staff && user?.id === p.ownerId;
  return (
    <PageShell
      title={p.name}
      width="normal"
      intro={
        <>
          {back}
          {p.archived && <p className="mt-2 text-base">This pet is archived. Its history stays here.</p>}
        </>
      }
      actions={
        owner && !p.archived ? (
          <>
            <LinkButton to={`/slots?petId=${encodeURIComponent(p.id)}`}>Book a visit</LinkButton>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          </>
        ) : undefined
      }
    >
      <section aria-labelledby="pet-details" className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5">
        <h2 id="pet-details" className="sr-only">
          Details
        </h2>
        <div className="flex flex-col gap-6 sm:flex-row">
          <PetPhoto pet={p} size="lg" />
          <div className="min-w-0 flex-1">
            <Details pet={p} />
          </div>
        </div>
      </section>
      <MedicalRecord pet={p} staff={staff} owner={owner} />
      <PetCareSection pet={p} staff={staff} />
      <CertificateSection petId={p.id} petName={p.name} owner={owner} staff={staff} />
      <section aria-labelledby="pet-history" className="mt-8">
        <h2 id="pet-history" className="themed mb-4 text-2xl font-bold">
          Visits and bookings
        </h2>
        <PetTimeline petId={p.id} staff={staff} canWrite={staff && !p.archived} />
      </section>
      <Dialog open={editing} title={`Edit ${p.name}`} onClose={() => setEditing(false)}>
        {editing && <PetForm pet={p} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />}
      </Dialog>
    </PageShell>
  );
}
