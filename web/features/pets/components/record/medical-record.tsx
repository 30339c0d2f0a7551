import type { Pet } from '#shared/pets';
import { AlertsSection } from './alerts-section.tsx';
import { WeightsSection } from './weights-section.tsx';

/**
 * The pet's medical record beyond its visits, on its page: alerts (staff only), weights, prescriptions and
 * documents. The owner reads it; staff also write to it.
 */
export function MedicalRecord({ pet, staff }: { pet: Pet; staff: boolean }) {
  return (
    <>
      {staff && <AlertsSection petId={pet.id} petName={pet.name} canEdit={!pet.archived} />}
      <WeightsSection petId={pet.id} petName={pet.name} staff={staff && !pet.archived} />
    </>
  );
}
