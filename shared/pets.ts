import { z } from 'zod';
import { DateSchema } from './common.ts';
import { WEIGHT_INVALID, WeightKgSchema } from './bookings.ts';
import { multiLineText, singleLineText } from './text.ts';
import { PetAlertListSchema } from './pet-alerts.ts';

export const PET_SPECIES = ['dog', 'cat', 'bird', 'rabbit', 'fish', 'other'] as const;
export type PetSpecies = (typeof PET_SPECIES)[number];
export const PET_SEXES = ['male', 'female', 'unknown'] as const;

export const PET_NAME_MAX = 60;
const PET_TEXT_MAX = 200;
const PET_NOTES_MAX = 2000;
export const PET_YEARS_MAX = 40;
/** Pets one customer may keep (archived ones do not count): a household, not a kennel's stock list. */
export const PETS_MAX = 30;
export const PET_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PET_PHOTO_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Texts the server and the web app both show about pets. */
export const PET_MSG = {
  notFound: 'Pet not found',
  nameRequired: 'Pet name is required',
  speciesInvalid: `Species must be one of: ${PET_SPECIES.join(', ')}`,
  sexInvalid: `Sex must be one of: ${PET_SEXES.join(', ')}`,
  weightInvalid: WEIGHT_INVALID,
  ageInvalid: `Age must be a whole number of years from 0 to ${PET_YEARS_MAX}.`,
  birthDateFuture: 'Birth date cannot be in the future.',
  photoRequired: 'Please choose a photo.',
  photoType: 'Pet photo must be a PNG, JPEG or WebP image',
  photoTooLarge: `Pet photo must be at most ${PET_PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  archived: 'This pet is archived. Pick another pet or add it again.',
  nothingToChange: 'Send at least one field to change.',
  microchipInvalid: 'Microchip number must be 9 to 15 letters or digits (most chips are 15 digits).',
  tooMany: `One account can keep up to ${PETS_MAX} pets. Archive a pet you no longer need to add another.`,
  /** The account's uploads would pass its storage quota (archived pets' photos count too). */
  storageFull: (quotaBytes: number) =>
    `Your account's photos may take up to ${Math.round((quotaBytes / 1024 / 1024) * 10) / 10} MB, and this one does not fit. Remove a photo you no longer need (archived pets' photos count too) and try again.`,
} as const;

const optionalText = (label: string, max: number) =>
  singleLineText(label)
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalNotes = (label: string) =>
  multiLineText(label)
    .max(PET_NOTES_MAX, `${label} must be at most ${PET_NOTES_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const PetFields = {
  name: singleLineText('Pet name', PET_MSG.nameRequired)
    .min(1, PET_MSG.nameRequired)
    .max(PET_NAME_MAX, `Pet name must be at most ${PET_NAME_MAX} characters`),
  species: z.enum(PET_SPECIES, { error: PET_MSG.speciesInvalid }),
  breed: optionalText('Breed', PET_TEXT_MAX),
  sex: z
    .enum(PET_SEXES, { error: PET_MSG.sexInvalid })
    .nullish()
    .transform((v) => v ?? null),
  /** The birth date when known; otherwise `ageYears`. */
  birthDate: DateSchema.nullish().transform((v) => v ?? null),
  ageYears: z
    .number({ error: PET_MSG.ageInvalid })
    .int(PET_MSG.ageInvalid)
    .min(0, PET_MSG.ageInvalid)
    .max(PET_YEARS_MAX, PET_MSG.ageInvalid)
    .nullish()
    .transform((v) => v ?? null),
  weightKg: WeightKgSchema.nullish().transform((v) => v ?? null),
  markings: optionalText('Markings', PET_TEXT_MAX),
  /** The microchip's number when the pet has one: ISO 11784 chips are 15 digits, older ones 9 or 10 characters. */
  microchip: singleLineText('Microchip number')
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.union([z.literal(''), z.string().regex(/^[0-9A-Z]{9,15}$/, PET_MSG.microchipInvalid)]))
    .nullish()
    .transform((v) => (v ? v : null)),
  allergies: optionalText('Allergies', PET_TEXT_MAX),
  notes: optionalNotes('Notes'),
};

/** POST /api/pets. The birth date may not lie in the future (checked on the server against the clinic's today). */
export const PetCreateSchema = z.object({ ...PetFields, species: PetFields.species.default('dog') });
export type PetCreate = z.infer<typeof PetCreateSchema>;
export type PetCreateInput = z.input<typeof PetCreateSchema>;

/** PUT /api/pets/{id}: a partial update; only the fields sent change (null clears an optional field). */
export const PetUpdateSchema = z
  .object(PetFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), PET_MSG.nothingToChange);
export type PetUpdate = z.infer<typeof PetUpdateSchema>;

/** A pet as every endpoint returns it. `ageYears` is computed from the birth date when there is one. */
export const PetSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  species: z.enum(PET_SPECIES),
  breed: z.string().nullable(),
  sex: z.enum(PET_SEXES).nullable(),
  birthDate: z.string().nullable(),
  ageYears: z.number().int().nullable(),
  weightKg: z.number().nullable(),
  markings: z.string().nullable(),
  microchip: z.string().nullable(),
  allergies: z.string().nullable(),
  notes: z.string().nullable(),
  /** Where the photo is served (owner and staff only), or null when there is none. */
  photoUrl: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Staff views only: the alerts staff set on the pet (allergies, behaviour...). */
  alerts: PetAlertListSchema.optional(),
});
export type Pet = z.infer<typeof PetSchema>;

/** PUT /api/pets/{id}/photo form as the API documents it: one file, `photo`, checked by its bytes on the server. */
export const PetPhotoFormSchema = z.object({
  photo: z
    .string()
    .meta({ format: 'binary', description: `PNG, JPEG or WebP, at most ${PET_PHOTO_MAX_BYTES / 1024 / 1024} MB` }),
});

/** GET /api/pets: the signed-in customer's pets; staff pass `ownerId`. Archived pets only with `archived=true`. */
export const PetListQuerySchema = z.object({
  ownerId: z.string().max(64).optional(),
  archived: z
    .enum(['true', 'false'], { error: 'archived must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * A pet's age in whole years on `today` ('YYYY-MM-DD'): from the birth date when known, else the age told on
 * `ageAsOf` plus the whole years since. Null when neither is known.
 */
export function ageInYears(
  pet: { birthDate: string | null; ageYears: number | null; ageAsOf: string | null },
  today: string,
): number | null {
  const yearsBetween = (from: string, to: string) => {
    const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
    return to.slice(5) < from.slice(5) ? years - 1 : years;
  };
  if (pet.birthDate) return Math.max(0, yearsBetween(pet.birthDate, today));
  if (pet.ageYears === null) return null;
  return pet.ageYears + (pet.ageAsOf ? Math.max(0, yearsBetween(pet.ageAsOf, today)) : 0);
}
