import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, users } from './users.ts';

/**
 * A customer's pets. Archiving (DELETE /api/pets/{id}) sets `archived_at`; the row stays, so bookings and visits keep
 * their pet. `age_years` is the age told on `age_as_of` when the birth date is unknown.
 */
export const pets = pgTable(
  'pets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    species: text('species', { enum: ['dog', 'cat', 'bird', 'rabbit', 'fish', 'other'] }).notNull(),
    breed: text('breed'),
    sex: text('sex', { enum: ['male', 'female', 'unknown'] }),
    birthDate: date('birth_date', { mode: 'string' }),
    ageYears: integer('age_years'),
    ageAsOf: date('age_as_of', { mode: 'string' }),
    weightKg: numeric('weight_kg', { precision: 6, scale: 2 }),
    markings: text('markings'),
    /** The microchip's number (ISO 11784: 15 digits; older chips 9 or 10 characters), when the pet has one. */
    microchip: text('microchip'),
    allergies: text('allergies'),
    notes: text('notes'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pets_owner_idx').on(t.ownerId, t.createdAt, t.id),
    check('pets_species_ck', sql`${t.species} in ('dog', 'cat', 'bird', 'rabbit', 'fish', 'other')`),
    check('pets_sex_ck', sql`${t.sex} is null or ${t.sex} in ('male', 'female', 'unknown')`),
    check('pets_age_ck', sql`${t.ageYears} is null or ${t.ageYears} between 0 and 40`),
    check('pets_weight_ck', sql`${t.weightKg} is null or ${t.weightKg} > 0`),
  ],
);

/**
 * One photo per pet, served to the owner and staff only. Its bytes are a file under DATA_DIR named by `fileKey`
 * (decision 039); photos stored before that keep their bytes in `data` (and no key) until replaced or removed.
 * `size` counts in the owner's `users.storage_bytes`.
 */
export const petPhotos = pgTable('pet_photos', {
  petId: uuid('pet_id')
    .primaryKey()
    .references(() => pets.id, { onDelete: 'cascade' }),
  /** Only photos stored before decision 039; null for a photo on disk. */
  data: bytea('data'),
  /** The file's path under DATA_DIR/files; null for a photo still in `data`. */
  fileKey: text('file_key'),
  /** Hex SHA-256 of the stored bytes: the photo's ETag. */
  sha256: text('sha256'),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
