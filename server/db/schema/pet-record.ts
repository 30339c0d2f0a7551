import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PetAlert } from '#shared/pet-alerts';
import { products } from './catalogue.ts';
import { pets } from './pets.ts';
import { slotBookings } from './bookings.ts';
import { users } from './users.ts';

/*
 * The pet's medical record beyond its visits (decision 047). Every table but refill_requests is append-only: a
 * trigger refuses UPDATE and DELETE (prescriptions allow only the refill counter to move up by one), except the
 * deletion that follows the pet's own (an account's deletion takes its pets with it). Staff are named by id and name
 * copied at the time, never by a foreign key, so no account's removal rewrites a clinical row.
 */

/** Each change of a pet's alerts: the whole list as it became. The newest row is the pet's alerts now. */
export const petAlertChanges = pgTable(
  'pet_alert_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    alerts: jsonb('alerts').$type<PetAlert[]>().notNull(),
    setBy: uuid('set_by'),
    setByName: text('set_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pet_alert_changes_pet_idx').on(t.petId, t.createdAt.desc(), t.id.desc())],
);

/** Weights measured on their own (a visit's weight stays on its visit); a correction names the one it corrects. */
export const petWeights = pgTable(
  'pet_weights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    weightKg: numeric('weight_kg', { precision: 6, scale: 2 }).notNull(),
    measuredOn: date('measured_on', { mode: 'string' }).notNull(),
    bodyCondition: smallint('body_condition'),
    correctsId: uuid('corrects_id'),
    recordedBy: uuid('recorded_by'),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pet_weights_pet_idx').on(t.petId, t.measuredOn.desc(), t.createdAt.desc()),
    uniqueIndex('pet_weights_corrects_uq').on(t.correctsId),
    check('pet_weights_weight_ck', sql`${t.weightKg} > 0`),
    check('pet_weights_bcs_ck', sql`${t.bodyCondition} is null or ${t.bodyCondition} between 1 and 9`),
  ],
);

/** A prescription written by staff, at a visit or on its own. `refills_used` moves up by one per approved refill. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => slotBookings.id, { onDelete: 'cascade' }),
    drug: text('drug').notNull(),
    strength: text('strength').notNull(),
    dose: text('dose').notNull(),
    frequency: text('frequency').notNull(),
    durationDays: integer('duration_days').notNull(),
    quantity: integer('quantity').notNull(),
    refills: integer('refills').notNull(),
    refillsUsed: integer('refills_used').notNull().default(0),
    instructions: text('instructions'),
    productId: integer('product_id').references(() => products.id),
    correctsId: uuid('corrects_id'),
    prescribedBy: uuid('prescribed_by'),
    prescribedByName: text('prescribed_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prescriptions_pet_idx').on(t.petId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('prescriptions_corrects_uq').on(t.correctsId),
    check('prescriptions_refills_ck', sql`${t.refillsUsed} >= 0 and ${t.refillsUsed} <= ${t.refills}`),
    check('prescriptions_numbers_ck', sql`${t.durationDays} > 0 and ${t.quantity} > 0 and ${t.refills} >= 0`),
  ],
);

/**
 * A customer's request for a refill of a prescription: open until staff approve or refuse it (the UPDATE names
 * 'open'). At most one open request per prescription (a partial unique index).
 */
export const refillRequests = pgTable(
  'refill_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prescriptionId: uuid('prescription_id')
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'approved', 'refused'] })
      .notNull()
      .default('open'),
    note: text('note'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Whether an approved refill of a shop product went into the customer's cart, and if not why. */
    cart: text('cart', { enum: ['added', 'not_added'] }),
    cartMessage: text('cart_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refill_requests_one_open_uq')
      .on(t.prescriptionId)
      .where(sql`${t.status} = 'open'`),
    index('refill_requests_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('refill_requests_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('refill_requests_prescription_idx').on(t.prescriptionId, t.createdAt.desc()),
    check('refill_requests_status_ck', sql`${t.status} in ('open', 'approved', 'refused')`),
    check('refill_requests_cart_ck', sql`${t.cart} is null or ${t.cart} in ('added', 'not_added')`),
  ],
);

/** Lab reports, X-rays, referral letters, consent forms: files under DATA_DIR (decision 039), counted in the owner's storage. */
export const petDocuments = pgTable(
  'pet_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => slotBookings.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['lab_report', 'xray', 'referral', 'consent', 'other'] }).notNull(),
    fileKey: text('file_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    staffOnly: boolean('staff_only').notNull().default(false),
    uploadedBy: uuid('uploaded_by'),
    uploadedByName: text('uploaded_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pet_documents_pet_idx').on(t.petId, t.createdAt.desc(), t.id.desc()),
    check('pet_documents_kind_ck', sql`${t.kind} in ('lab_report', 'xray', 'referral', 'consent', 'other')`),
  ],
);

/** Staff-only clinical notes on a visit, never shown to the customer. */
export const clinicalNotes = pgTable(
  'clinical_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => slotBookings.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    correctsId: uuid('corrects_id'),
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clinical_notes_pet_idx').on(t.petId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('clinical_notes_corrects_uq').on(t.correctsId),
  ],
);
