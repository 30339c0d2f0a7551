import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from './pets.ts';
import { users } from './users.ts';

/**
 * A customer's request for emergency care. At most one unresolved request per customer (a partial unique index), so
 * repeated submissions cannot flood the staff queue; status moves forward only, each change in emergency_events.
 */
export const emergencies = pgTable(
  'emergencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerName: text('customer_name').notNull(),
    petId: uuid('pet_id').references(() => pets.id),
    petName: text('pet_name').notNull(),
    description: text('description').notNull(),
    phone: text('phone').notNull(),
    needsPickup: boolean('needs_pickup').notNull(),
    address: text('address'),
    status: text('status', { enum: ['open', 'acknowledged', 'assigned', 'resolved'] })
      .notNull()
      .default('open'),
    triageLevel: smallint('triage_level'),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    assignedToName: text('assigned_to_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('emergencies_one_open_uq')
      .on(t.userId)
      .where(sql`${t.status} <> 'resolved'`),
    // The staff queue: unresolved requests by triage level (untriaged first) then time.
    index('emergencies_queue_idx')
      .on(sql`coalesce(${t.triageLevel}, 0)`, t.createdAt)
      .where(sql`${t.status} <> 'resolved'`),
    index('emergencies_user_created_idx').on(t.userId, t.createdAt),
    index('emergencies_resolved_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'resolved'`),
    check('emergencies_status_ck', sql`${t.status} in ('open', 'acknowledged', 'assigned', 'resolved')`),
    check('emergencies_triage_ck', sql`${t.triageLevel} between 1 and 3`),
    check('emergencies_pickup_ck', sql`not ${t.needsPickup} or ${t.address} is not null`),
  ],
);

/** Every change of a request: the status it took, triage level and note, who made it (kept by name) and when. */
export const emergencyEvents = pgTable(
  'emergency_events',
  {
    id: serial('id').primaryKey(),
    emergencyId: uuid('emergency_id')
      .notNull()
      .references(() => emergencies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'acknowledged', 'assigned', 'resolved'] }).notNull(),
    triageLevel: smallint('triage_level'),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('emergency_events_emergency_idx').on(t.emergencyId, t.id)],
);
