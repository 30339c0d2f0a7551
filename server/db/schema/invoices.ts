import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** Paise in a bigint column, read as a JS number (amounts stay far below 2^53). */
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * GST invoices and credit notes (decision 053). Issued documents are never changed or deleted: a trigger refuses it
 * (`invoices_append_only`), except the customer's id going to null when their account is deleted (the name, e-mail
 * and address stay as printed). Numbers come from `document_counters` in the issuing transaction.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** As printed, e.g. PC/2627/000123 (an invoice) or PC/2627/C00007 (a credit note): at most 16 characters. */
    number: text('number').notNull(),
    /** The series' prefix (the clinic's invoice prefix when it was issued). */
    series: text('series').notNull(),
    /** The financial year, April to March on the clinic's clock, as its two two-digit years: '2627'. */
    fiscalYear: text('fiscal_year').notNull(),
    seq: integer('seq').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerGstin: text('customer_gstin'),
    /** The delivery address of an order, as it was. */
    customerAddress: jsonb('customer_address'),
    /** The GST state code of the place of supply. */
    placeOfSupply: text('place_of_supply').notNull(),
    /** The clinic as it was when issued: legal name, GSTIN, state code, address. */
    supplier: jsonb('supplier').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    bookingId: uuid('booking_id'),
    /** A credit note's invoice. */
    creditsInvoiceId: uuid('credits_invoice_id').references((): AnyPgColumn => invoices.id),
    reason: text('reason'),
    taxable: paise('taxable'),
    cgst: paise('cgst'),
    sgst: paise('sgst'),
    igst: paise('igst'),
    total: paise('total'),
    /** The staff member who issued it; null when the system did (an order placed, a hold run out). */
    issuedBy: uuid('issued_by'),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_series_seq_uq').on(t.kind, t.series, t.fiscalYear, t.seq),
    // One invoice per order, and one credit note for its cancellation.
    uniqueIndex('invoices_order_uq')
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null`),
    index('invoices_customer_issued_idx').on(t.customerId, t.issuedAt, t.id),
    index('invoices_credits_idx')
      .on(t.creditsInvoiceId)
      .where(sql`${t.creditsInvoiceId} is not null`),
    index('invoices_issued_idx').on(t.issuedAt, t.id),
    check('invoices_kind_ck', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_credit_ck', sql`(${t.kind} = 'credit_note') = (${t.creditsInvoiceId} is not null)`),
    check('invoices_number_ck', sql`length(${t.number}) <= 16`),
    check('invoices_seq_ck', sql`${t.seq} > 0`),
    check('invoices_total_ck', sql`${t.total} = ${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst}`),
  ],
);

/** The lines of an invoice or credit note, in paise; append-only with their document. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    hsnSac: text('hsn_sac').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price as the catalogue states it (with or without tax, as the document's prices_include_tax says). */
    unitPrice: paise('unit_price'),
    discount: integer('discount').notNull().default(0),
    gstRate: integer('gst_rate').notNull(),
    taxable: paise('taxable'),
    cgst: paise('cgst'),
    sgst: paise('sgst'),
    igst: paise('igst'),
    total: paise('total'),
    productId: integer('product_id'),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.lineNo] }),
    check('invoice_lines_rate_ck', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
    check('invoice_lines_qty_ck', sql`${t.quantity} > 0`),
    check('invoice_lines_total_ck', sql`${t.total} = ${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst}`),
  ],
);

/**
 * The last number given in each series and financial year. Taken by one upsert (`last_seq + 1`) in the issuing
 * transaction: its row lock orders racing issues, and a rollback gives the number back, so numbers never repeat or
 * skip. Always equal to the count of documents of its series and year.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    series: text('series').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.series, t.fiscalYear] })],
);
