import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * What the clinic offers. Seeded by migration 0002 with fixed ids (server/offerings/seeded.ts); admins add, edit and
 * deactivate services, never delete one (bookings refer to it). `capacity` null means the clinic's SLOT_CAPACITY.
 */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['checkup', 'training', 'pickup', 'emergency'] }).notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }),
    capacity: integer('capacity'),
    active: boolean('active').notNull().default(true),
    /** SAC of the service for the tax invoice (decision 053): veterinary services for pets are 998351. */
    hsnSac: text('hsn_sac').notNull().default('998351'),
    /** GST rate in percent: 0 (a veterinary clinic's health care of animals is exempt), 5, 12, 18 or 28. */
    gstRate: integer('gst_rate').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_name_lower_uq').on(sql`lower(${t.name})`),
    index('services_order_idx').on(t.sortOrder, t.name),
    check('services_kind_ck', sql`${t.kind} in ('checkup', 'training', 'pickup', 'emergency')`),
    check('services_duration_ck', sql`${t.durationMinutes} between 5 and 480`),
    check('services_capacity_ck', sql`${t.capacity} is null or ${t.capacity} between 1 and 100`),
    check('services_gst_rate_ck', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
    check('services_price_ck', sql`${t.price} is null or ${t.price} >= 0`),
  ],
);
