import type { Pet } from '#shared/pets';
import { AlertsSection } from './alerts-section.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { PrescriptionsSection } from './prescriptions-section.tsx';
import { WeightsSection } from './weights-section.tsx';

/**
 * The pet's medical record beyond its visits, on its page: alerts (staff only), weights, prescriptions and
 * documents. The owner reads it; staff also write to it.
 */
export function MedicalRecord({ pet, staff, owner }: { pet: Pet; staff: boolean; owner: boolean }) {
  return (
    <>
      {staff && <AlertsSection petId={pet.id} petName={pet.name} canEdit={!pet.archived} />}
      <WeightsSection petId={pet.id} petName={pet.name} staff={staff && !pet.archived} />
      <PrescriptionsSection
        petId={pet.id}
        petName={pet.name}
        staff={staff}
        owner={owner && !pet.archived}
        canWrite={!pet.archived}
      />
      <DocumentsSection petId={pet.id} staff={staff} canWrite={!pet.archived} />
    </>
  );
}
