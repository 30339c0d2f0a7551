import type { Pet } from '#shared/pets';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { SPECIES_LABEL, ageText, weightText } from '../lib/format.ts';
import { PetPhoto } from './pet-photo.tsx';

/** One pet on My pets: photo (or paw mark), name linking to its record, species, breed, age, weight, actions. */
export function PetCard({ pet, onEdit, onArchive }: { pet: Pet; onEdit: () => void; onArchive: () => void }) {
  const facts = [SPECIES_LABEL[pet.species], pet.breed, ageText(pet.ageYears), weightText(pet.weightKg)].filter(
    (f): f is string => !!f,
  );
  return (
    <li className="flex flex-col gap-4 rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5">
      <article aria-labelledby={`pet-${pet.id}`} className="flex min-w-0 gap-4">
        <PetPhoto pet={pet} />
        <div className="min-w-0">
          <h2 id={`pet-${pet.id}`} className="text-lg font-semibold break-words">
            <Link to={`/customer/pets/${pet.id}`} className="text-brand-800 underline-offset-4 hover:underline">
              {pet.name}
            </Link>
          </h2>
          <p className="text-sm break-words text-ink-muted">{facts.join(' · ')}</p>
          {pet.allergies && (
            <p className="mt-1 text-sm break-words">
              <span className="font-medium">Allergies:</span> {pet.allergies}
            </p>
          )}
        </div>
      </article>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${pet.name}`}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onArchive} aria-label={`Archive ${pet.name}`}>
          Archive
        </Button>
      </div>
    </li>
  );
}
