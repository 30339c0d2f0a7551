import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Per-day summaries of what the admin's analytics count (decision 048), kept by statement-level triggers on the rows
 * they count, in the same transaction (server/db/sql/functions/analytics_*.sql). A day is a calendar day in the time
 * zone `analytics_zone` names: the clinic's (CLINIC_TZ), recounted at start when it changes. Rows whose count went back
 * to zero stay; the reads leave them out.
 */

/** The one time zone the summaries count days in. */
export const analyticsZone = pgTable(
  'analytics_zone',
  {
    one: boolean('one').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('analytics_zone_one_row_ck', sql`${t.one}`)],
);

/** Bookings by appointment day (starts_at), service and status, canceled ones included. */
export const analyticsBookingDays = pgTable(
  'analytics_booking_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    serviceId: uuid('service_id').notNull(),
    status: text('status').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.serviceId, t.status] })],
);

/** Orders by the day they were placed (created_at), cancelled or not, and payment status: how many, and their totals. */
export const analyticsOrderDays = pgTable(
  'analytics_order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    cancelled: boolean('cancelled').notNull(),
    paymentStatus: text('payment_status').notNull(),
    orders: integer('orders').notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.cancelled, t.paymentStatus] })],
);

/**
 * The lines of orders not cancelled, by their order's day and product: units and line totals. Each line counts twice:
 * in its day (`span` 'day') and in its month (`span` 'month', `day` the month's first), so a long range reads its
 * whole months a row per product each.
 */
export const analyticsProductDays = pgTable(
  'analytics_product_days',
  {
    span: text('span', { enum: ['day', 'month'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.day, t.productId] })],
);

/**
 * Each customer message that starts a wait for staff (the first of its conversation, or the first after a staff or
 * admin message) and the first staff or admin message of the conversation after it, if any: `seconds` between them,
 * and `bucket`, a number that grows with `seconds` (its float's top 16 bits). The waits of a range are ranked from
 * analytics_chat_wait_buckets and analytics_chat_wait_values, never read one by one.
 */
export const analyticsChatWaits = pgTable(
  'analytics_chat_waits',
  {
    messageId: uuid('message_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    seconds: doublePrecision('seconds'),
    bucket: integer('bucket'),
  },
  (t) => [
    index('analytics_chat_waits_customer_idx').on(t.customerId, t.startedAt),
    index('analytics_chat_waits_day_idx').on(t.day, t.seconds),
  ],
);

/** Waits by the day they began: how many, how many answered, and the median seconds of those answered. */
export const analyticsChatDays = pgTable('analytics_chat_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  waits: integer('waits').notNull(),
  answered: integer('answered').notNull(),
  medianSeconds: doublePrecision('median_seconds'),
});

/**
 * Answered waits by the day they began and bucket: how a range's waits rank without reading them. As with products,
 * each wait counts in its day and in its month (`span`).
 */
export const analyticsChatWaitBuckets = pgTable(
  'analytics_chat_wait_buckets',
  {
    span: text('span', { enum: ['day', 'month'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bucket: integer('bucket').notNull(),
    answered: integer('answered').notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.day, t.bucket] })],
);

/**
 * Answered waits by the day they began (and by month, `span`), bucket and exact seconds: within the bucket that holds
 * a rank, the value at that rank, however many waits took exactly as long.
 */
export const analyticsChatWaitValues = pgTable(
  'analytics_chat_wait_values',
  {
    bucket: integer('bucket').notNull(),
    span: text('span', { enum: ['day', 'month'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: doublePrecision('seconds').notNull(),
    answered: integer('answered').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.span, t.day, t.seconds] })],
);
