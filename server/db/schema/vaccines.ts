import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { slotBookings } from './bookings.ts';
import { pets } from './pets.ts';
import { users } from './users.ts';

/**
 * The clinic's catalogue of vaccines and preventive treatments, each with its protocol: `series_doses` doses
 * `series_interval_days` apart, then a booster every `booster_interval_days`. Never deleted: `active = false` retires
 * one (the doses given keep it). The usual Indian clinic set is seeded by migration 0015 with fixed ids.
 */
export const vaccines = pgTable(
  'vaccines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    species: text('species').array().notNull(),
    kind: text('kind', { enum: ['vaccine', 'deworming', 'parasite'] }).notNull(),
    seriesDoses: integer('series_doses').notNull(),
    seriesIntervalDays: integer('series_interval_days').notNull(),
    boosterIntervalDays: integer('booster_interval_days').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vaccines_name_lower_uq').on(sql`lower(${t.name})`),
    check('vaccines_kind_ck', sql`${t.kind} in ('vaccine', 'deworming', 'parasite')`),
    check('vaccines_series_ck', sql`${t.seriesDoses} between 1 and 10`),
    check(
      'vaccines_intervals_ck',
      sql`${t.seriesIntervalDays} >= 0 and ${t.boosterIntervalDays} >= 1 and (${t.seriesDoses} = 1 or ${t.seriesIntervalDays} >= 1)`,
    ),
    check('vaccines_species_ck', sql`cardinality(${t.species}) >= 1`),
  ],
);

/**
 * Every dose given to a pet, append-only (a trigger refuses UPDATE, and DELETE other than the pet's own removal with
 * its account): a correction is a new row whose `corrects_id` names the row it replaces, and a row is corrected at
 * most once (the unique index), so the entries form chains whose last link counts. What a certificate lists is
 * copied at the time (vaccine name, who gave it), so it reads the same whatever changes later.
 */
export const vaccinations = pgTable(
  'vaccinations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    vaccineId: uuid('vaccine_id')
      .notNull()
      .references(() => vaccines.id),
    vaccineName: text('vaccine_name').notNull(),
    product: text('product').notNull(),
    manufacturer: text('manufacturer'),
    batch: text('batch').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    site: text('site'),
    /** The staff member who recorded it (no foreign key: the entry outlives the account; the name is copied). */
    givenById: uuid('given_by_id'),
    givenByName: text('given_by_name').notNull(),
    bookingId: uuid('booking_id').references(() => slotBookings.id),
    doseNumber: integer('dose_number').notNull(),
    seriesDoses: integer('series_doses').notNull(),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    nextDueReason: text('next_due_reason'),
    correctsId: uuid('corrects_id').references((): AnyPgColumn => vaccinations.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vaccinations_pet_given_idx').on(t.petId, t.givenOn.desc(), t.id.desc()),
    index('vaccinations_pet_vaccine_idx').on(t.petId, t.vaccineId, t.givenOn),
    uniqueIndex('vaccinations_corrects_uq')
      .on(t.correctsId)
      .where(sql`${t.correctsId} is not null`),
    index('vaccinations_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    check(
      'vaccinations_dates_ck',
      sql`${t.expiresOn} >= ${t.givenOn} and (${t.nextDueOn} is null or ${t.nextDueOn} > ${t.givenOn})`,
    ),
    check('vaccinations_dose_ck', sql`${t.doseNumber} >= 1 and ${t.seriesDoses} >= 1`),
  ],
);

/**
 * Each pet's next due date per protocol, kept in the transaction of every dose (recorded or corrected) from the
 * pet's latest dose that counts. The pet's species and whether it is archived are copied by a trigger on pets, so the
 * clinic's due list is one range of the partial index below, whatever the number of pets and doses.
 */
export const petCareDue = pgTable(
  'pet_care_due',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    vaccineId: uuid('vaccine_id')
      .notNull()
      .references(() => vaccines.id),
    ownerId: uuid('owner_id').notNull(),
    species: text('species').notNull(),
    petArchived: boolean('pet_archived').notNull().default(false),
    nextDueOn: date('next_due_on', { mode: 'string' }).notNull(),
    /** The dose due next (1-based; past `series_doses`: boosters). */
    nextDoseNumber: integer('next_dose_number').notNull(),
    lastGivenOn: date('last_given_on', { mode: 'string' }).notNull(),
    lastDoseId: uuid('last_dose_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.petId, t.vaccineId] }),
    index('pet_care_due_next_idx')
      .on(t.nextDueOn, t.petId, t.vaccineId)
      .where(sql`not ${t.petArchived}`),
    index('pet_care_due_vaccine_next_idx')
      .on(t.vaccineId, t.nextDueOn, t.petId)
      .where(sql`not ${t.petArchived}`),
  ],
);

/**
 * Reminders of a pet's protocol, each sent once: one before the due date (REMINDER_DAYS_BEFORE) and one at each
 * overdue step (CARE_OVERDUE_REMINDER_DAYS), written with the due row and replaced when a dose moves it. The worker
 * claims an owner's due rows under a per-owner lock, sends one message for the household (pets due the same week
 * together) and sets `sent_at` in the transaction that stores the notification and queues the mail.
 */
export const careReminders = pgTable(
  'care_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    vaccineId: uuid('vaccine_id')
      .notNull()
      .references(() => vaccines.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0: before the due date; n > 0: n days overdue. */
    overdueDays: integer('overdue_days').notNull(),
    /** The due date it reminds of. */
    forOn: date('for_on', { mode: 'string' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('care_reminders_step_uq').on(t.petId, t.vaccineId, t.forOn, t.overdueDays),
    index('care_reminders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
    index('care_reminders_owner_idx')
      .on(t.ownerId, t.forOn)
      .where(sql`${t.sentAt} is null`),
  ],
);
