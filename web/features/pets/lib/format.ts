import type { Pet, PetSpecies } from '#shared/pets';
import type { BookingStatus } from '#shared/slots';

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

export const STATUS_LABEL: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  canceled: 'Canceled',
  completed: 'Completed',
  no_show: 'No-show',
};

/** "3 years", "1 year", "Under 1 year"; null when the age is unknown. */
export function ageText(ageYears: number | null): string | null {
  if (ageYears === null) return null;
  if (ageYears === 0) return 'Under 1 year';
  return `${ageYears} year${ageYears === 1 ? '' : 's'}`;
}

/** "4.25 kg"; null when unknown. */
export const weightText = (kg: number | null) => (kg === null ? null : `${kg} kg`);

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' as 'Tue, 4 Mar 2031' (a calendar day, so no time zone shifts it). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d, 12)));
}
