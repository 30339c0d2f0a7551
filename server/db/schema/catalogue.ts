import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_name_uq').on(t.name),
    check('products_discount_ck', sql`${t.discount} between 0 and 100`),
    check('products_rating_ck', sql`${t.rating} between 0 and 5`),
  ],
);
