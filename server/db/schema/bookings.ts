import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from './pets.ts';
import { services } from './offerings.ts';
import { providers } from './providers.ts';
import { users } from './users.ts';

/**
 * Seats taken per service and grid time. A booking takes one seat at every grid time its service covers, each by an
 * atomic conditional upsert of this row (booked < capacity), never by reading then writing; a trigger on
 * slot_bookings gives the seats back whenever a booking stops holding them (deleted, canceled, moved), so every
 * counter always equals the bookings covering it (decisions 014 and 021).
 */
export const slotSeats = pgTable(
  'slot_seats',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.startsAt] }), check('slot_seats_booked_ck', sql`${t.booked} >= 0`)],
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
    status: text('status', { enum: ['pending', 'confirmed', 'canceled', 'completed', 'no_show'] })
      .notNull()
      .default('pending'),
    /** The client's Idempotency-Key of the attempt that made this booking (null for clients that send none). */
    idempotencyKey: text('idempotency_key'),
    /**
     * The 'date at time' the attempt asked for, kept when the booking is moved: a replay of that attempt asks for it
     * and gets the booking as it is now (null for bookings made before migration 0010: their schedule then).
     */
    bookedSchedule: text('booked_schedule'),
    hospitalInfo: jsonb('hospital_info').$type<{
      name: string;
      address: string;
      phone: string;
      email: string;
      hours: string;
    }>(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    petId: uuid('pet_id').references(() => pets.id),
    /** The reason for the visit or the symptoms, as the customer wrote them. */
    note: text('note'),
    /** Where a pickup ride collects the pet. */
    pickupAddress: text('pickup_address'),
    /** The end of the service's time: the booking holds a seat at every grid time in [starts_at, ends_at). */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The grid step when it was booked: its seats lie every this many minutes from starts_at. */
    seatStepMinutes: integer('seat_step_minutes').notNull(),
    /**
     * A pickup ride's step (shared/ride-progress.ts), null for other services. Set to 'scheduled' when a pickup is
     * booked and to 'canceled' when it is canceled, by a trigger (migration 0004); moved forward by staff only.
     */
    rideStatus: text('ride_status', {
      enum: ['scheduled', 'driver_on_the_way', 'picked_up', 'at_clinic', 'on_the_way_home', 'dropped_off', 'canceled'],
    }),
    /**
     * Who sees the pet (null when the service has no providers, and for bookings made before providers existed). The
     * exclusion constraint slot_bookings_provider_no_overlap keeps a provider to one open booking at a time.
     */
    providerId: uuid('provider_id').references(() => providers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('slot_bookings_provider_starts_idx')
      .on(t.providerId, t.startsAt)
      .where(sql`${t.providerId} is not null`),
    index('slot_bookings_starts_idx').on(t.startsAt),
    // Analytics: bookings of a range of days by service and status, read from the index alone (decision 028).
    index('slot_bookings_starts_service_status_idx').on(t.startsAt, t.serviceId, t.status),
    index('slot_bookings_service_starts_idx').on(t.serviceId, t.startsAt, t.id),
    index('slot_bookings_pet_starts_idx').on(t.petId, t.startsAt, t.id),
    index('slot_bookings_user_idx').on(t.userId, t.createdAt),
    index('slot_bookings_status_created_idx').on(t.status, t.createdAt),
    // The staff list's default order (newest first), and the open bookings by appointment (agenda, overdue).
    index('slot_bookings_created_idx').on(t.createdAt, t.id),
    index('slot_bookings_open_starts_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    uniqueIndex('slot_bookings_pet_time_uq')
      .on(t.userId, t.startsAt, sql`lower(${t.petName})`)
      .where(sql`${t.status} <> 'canceled'`),
    // A retried attempt finds its booking instead of making a second one (NULL keys never collide).
    uniqueIndex('slot_bookings_user_key_uq').on(t.userId, t.idempotencyKey),
    check('slot_bookings_status_ck', sql`${t.status} in ('pending', 'confirmed', 'canceled', 'completed', 'no_show')`),
    check('slot_bookings_ends_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('slot_bookings_step_ck', sql`${t.seatStepMinutes} > 0`),
    check(
      'slot_bookings_ride_status_ck',
      sql`${t.rideStatus} in ('scheduled', 'driver_on_the_way', 'picked_up', 'at_clinic', 'on_the_way_home', 'dropped_off', 'canceled')`,
    ),
  ],
);

/** What happened at a completed visit, written by staff in the same transaction as the booking's completion. */
export const visits = pgTable(
  'visits',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => slotBookings.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id').references(() => pets.id),
    findings: text('findings'),
    treatment: text('treatment'),
    medicines: text('medicines'),
    weightKg: numeric('weight_kg', { precision: 6, scale: 2 }),
    nextDueDate: date('next_due_date', { mode: 'string' }),
    nextDueReason: text('next_due_reason'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visits_next_due_idx')
      .on(t.nextDueDate)
      .where(sql`${t.nextDueDate} is not null`),
  ],
);

/** Each step of a pickup ride, once: who set it (null once their account is gone), when, and their message. */
export const rideSteps = pgTable(
  'ride_steps',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => slotBookings.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['scheduled', 'driver_on_the_way', 'picked_up', 'at_clinic', 'on_the_way_home', 'dropped_off'],
    }).notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.status] }),
    check(
      'ride_steps_status_ck',
      sql`${t.status} in ('scheduled', 'driver_on_the_way', 'picked_up', 'at_clinic', 'on_the_way_home', 'dropped_off')`,
    ),
  ],
);
