import type { Pet } from '#shared/pets';
import { PawIcon } from '../../../components/icons.tsx';
import { usePetPhotoUrl } from '../api/get-pet-photo.ts';
import { SPECIES_LABEL } from '../lib/format.ts';

const sizes = { sm: 'h-20 w-20', lg: 'h-40 w-40' };

/** A pet's photo, or its species' paw mark while there is none (or while the photo loads). */
export function PetPhoto({
  pet,
  size = 'sm',
}: {
  pet: Pick<Pet, 'name' | 'species' | 'photoUrl'>;
  size?: 'sm' | 'lg';
}) {
  const src = usePetPhotoUrl(pet.photoUrl);
  if (src) {
    return <img src={src} alt={`Photo of ${pet.name}`} className={`${sizes[size]} shrink-0 rounded-xl object-cover`} />;
  }
  return (
    <div
      aria-hidden="true"
      className={`${sizes[size]} flex shrink-0 flex-col items-center justify-center rounded-xl bg-brand-50 text-brand-800`}
    >
      <PawIcon className={size === 'lg' ? 'h-16 w-16' : 'h-8 w-8'} />
      <span className="text-xs font-semibold">{SPECIES_LABEL[pet.species]}</span>
    </div>
  );
}
