import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One stretch of a provider's week, clinic-local: weekday 1-7 (Monday 1), 'HH:mm' to 'HH:mm'. */
export interface WeeklyHoursRow {
  weekday: number;
  open: string;
  close: string;
}

/**
 * The people customers book (vets, trainers, groomers, drivers): a staff account's public profile, the services they
 * perform and their weekly hours, which lie inside the clinic's. Never deleted (bookings name them): `active: false`
 * retires one. A booking holds its provider for [starts_at, ends_at): the exclusion constraint
 * `slot_bookings_provider_no_overlap` (migration 0021, btree_gist) refuses a second open booking of one provider at
 * an overlapping time, whoever commits first (decision 051).
 */
export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The staff account that works as this provider (null once that account is deleted). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    photoUrl: text('photo_url'),
    qualifications: text('qualifications').notNull().default(''),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    bio: text('bio').notNull().default(''),
    /** The services they perform, in no order. */
    serviceIds: uuid('service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHoursRow[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One profile per staff account.
    uniqueIndex('providers_user_uq').on(t.userId),
    uniqueIndex('providers_display_name_lower_uq').on(sql`lower(${t.displayName})`),
  ],
);

/**
 * A provider's time off (a holiday, a half day, a sick day): no booking is given to them in [starts_at, ends_at).
 * Bookings they already hold then stay; staff reassign or move them (decision 051).
 */
export const providerTimeOff = pgTable(
  'provider_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_time_off_provider_idx').on(t.providerId, t.endsAt),
    check('provider_time_off_range_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
