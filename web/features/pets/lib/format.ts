import type { Pet, PetSpecies } from '#shared/pets';

export const SPECIES_LABEL: Record<PetSpecies, string> = {
  dog: 'Dog',
  cat: 'Cat',
  bird: 'Bird',
  rabbit: 'Rabbit',
  fish: 'Fish',
  other: 'Other',
};

export const SEX_LABEL: Record<NonNullable<Pet['sex']>, string> = {
  male: 'Male',
  female: 'Female',
  unknown: 'Unknown',
};

/** "3 years", "1 year", "Under 1 year"; null when the age is unknown. */
export function ageText(ageYears: number | null): string | null {
  if (ageYears === null) return null;
  if (ageYears === 0) return 'Under 1 year';
  return `${ageYears} year${ageYears === 1 ? '' : 's'}`;
}

/** "4.25 kg"; null when unknown. */
export const weightText = (kg: number | null) => (kg === null ? null : `${kg} kg`);
