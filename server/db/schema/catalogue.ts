import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, users } from './users.ts';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull(),
    category: text('category').notNull(),
    discount: integer('discount').notNull().default(0),
    image: text('image').notNull(),
    details: text('details').notNull(),
    /** Units on the shelf: taken by an order's single statement, given back by a trigger when it is canceled. */
    stock: integer('stock').notNull().default(0),
    /** False once deactivated: out of the catalogue, refused at checkout, kept for the orders that name it. */
    active: boolean('active').notNull().default(true),
    /** HSN code of the goods for the tax invoice (decision 053). */
    hsnSac: text('hsn_sac').notNull().default('2309'),
    /** GST rate in percent: 0, 5, 12, 18 or 28. */
    gstRate: integer('gst_rate').notNull().default(18),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_name_uq').on(t.name),
    check('products_discount_ck', sql`${t.discount} between 0 and 100`),
    check('products_rating_ck', sql`${t.rating} between 0 and 5`),
    check('products_stock_ck', sql`${t.stock} >= 0`),
    check('products_gst_rate_ck', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
  ],
);

/** An uploaded picture of a product, in the database like pet photos; public, served by GET /api/products/{id}/image. */
export const productImages = pgTable('product_images', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's cart: one row per product, kept on the server so it follows them across devices. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_qty_ck', sql`${t.quantity} between 1 and 99`),
  ],
);
