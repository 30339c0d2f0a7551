import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Orders are kept; the delivery address is a snapshot, the user may be deleted later. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('placed'),
    paymentMethod: text('payment_method', { enum: ['upi', 'card', 'cod'] }).notNull(),
    /** Apart from fulfilment; a trigger turns paid into refund_due when a paid order is canceled. */
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'refund_due', 'refunded'] })
      .notNull()
      .default('unpaid'),
    /** The UPI transaction reference (UTR) the customer entered. */
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** 'system': its hold ran out unpaid (decision 038). */
    cancelledBy: text('cancelled_by', { enum: ['customer', 'staff', 'system'] }),
    /**
     * Until when an unpaid UPI order without its reference keeps its stock; past it, the hold job cancels it
     * (decision 038). Null for cash and card orders, which hold until staff confirm them.
     */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    address: jsonb('address').notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_key_uq').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_payment_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    // The staff list filtered by fulfilment and payment together ("delivered and unpaid"), newest first: without it
    // the payment index is read and every other status skipped, cancelled unpaid orders of every year among them.
    index('orders_status_payment_created_idx').on(t.status, t.paymentStatus, t.createdAt, t.id),
    // The staff list's order (newest first) across every status.
    index('orders_created_idx').on(t.createdAt, t.id),
    // The hold job's due orders, and a customer's open unpaid orders (decision 038).
    index('orders_hold_due_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'placed' and ${t.paymentStatus} = 'unpaid' and ${t.paymentReference} is null`),
    index('orders_user_unpaid_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'placed' and ${t.paymentStatus} = 'unpaid'`),
    // Analytics: the orders of a range of days with what the figures sum, read from the index alone (decision 028).
    index('orders_created_totals_idx').on(t.createdAt, t.status, t.paymentStatus, t.total, t.id),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
    discount: integer('discount').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: numeric('line_total', { precision: 12, scale: 2 }).notNull(),
    /**
     * When its order was placed (the order's created_at), so the lines of a range of days are read by time without
     * the whole table: a trigger copies it from the order on every insert, whatever the caller gives (migration 0008).
     */
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Analytics: the lines of a range of days with what the figures sum, read from the index alone (decision 028).
    index('order_items_placed_idx').on(t.placedAt, t.orderId, t.productId, t.quantity, t.lineTotal),
    check('order_items_qty_ck', sql`${t.quantity} > 0`),
  ],
);
