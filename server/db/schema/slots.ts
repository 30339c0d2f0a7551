import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Seats taken per slot time. Capacity is enforced by one atomic conditional upsert on this row
 * (booked < capacity), never by reading then writing; a trigger on slot_bookings gives a seat back whenever a
 * booking stops holding it (deleted, canceled, moved), so the counter always equals its bookings (decision 014).
 */
export const slotTimes = pgTable(
  'slot_times',
  {
    startsAt: timestamp('starts_at', { withTimezone: true }).primaryKey(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [check('slot_times_booked_ck', sql`${t.booked} >= 0`)],
);

export const slotBookings = pgTable(
  'slot_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    userAddress: text('user_address'),
    schedule: text('schedule').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    petName: text('pet_name').notNull(),
    ownerName: text('owner_name').notNull(),
    petAge: integer('pet_age'),
    phone: text('phone').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'canceled'] })
      .notNull()
      .default('pending'),
    /** The client's Idempotency-Key of the attempt that made this booking (null for clients that send none). */
    idempotencyKey: text('idempotency_key'),
    hospitalInfo: jsonb('hospital_info').$type<{
      name: string;
      address: string;
      phone: string;
      email: string;
      hours: string;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('slot_bookings_starts_idx').on(t.startsAt),
    index('slot_bookings_user_idx').on(t.userId, t.createdAt),
    index('slot_bookings_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('slot_bookings_pet_time_uq')
      .on(t.userId, t.startsAt, sql`lower(${t.petName})`)
      .where(sql`${t.status} <> 'canceled'`),
    // A retried attempt finds its booking instead of making a second one (NULL keys never collide).
    uniqueIndex('slot_bookings_user_key_uq').on(t.userId, t.idempotencyKey),
    check('slot_bookings_status_ck', sql`${t.status} in ('pending', 'confirmed', 'canceled')`),
  ],
);
