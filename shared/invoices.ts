import { z } from 'zod';
import { GST_RATES, HSN_SAC_PATTERN } from './gst.ts';

/**
 * GST invoices and credit notes on the wire (decision 053): amounts in rupees with at most two decimals (paise
 * inside the server), the Contract's field names of issue 30.
 */

export const TAX_MSG = {
  hsnSac: 'The HSN code or SAC must be 4, 6 or 8 digits (e.g. 2309 for pet food, 998351 for veterinary services).',
  gstRate: `The GST rate must be one of ${GST_RATES.join(', ')} percent.`,
} as const;

/** An HSN code (goods) or SAC (services) as a product or service carries it. */
export const HsnSacSchema = z.string({ error: TAX_MSG.hsnSac }).trim().regex(HSN_SAC_PATTERN, TAX_MSG.hsnSac);

/** A GST rate in percent. */
export const GstRateSchema = z
  .number({ error: TAX_MSG.gstRate })
  .refine((n) => (GST_RATES as readonly number[]).includes(n), TAX_MSG.gstRate)
  .transform((n) => n as (typeof GST_RATES)[number]);

/** Rupees on the wire: a number with at most two decimals. */
const Rupees = z.number();

const InvoiceLineSchema = z.object({
  description: z.string(),
  hsnSac: z.string(),
  quantity: z.number().int(),
  /** The unit price as the catalogue stated it (with or without GST, as `pricesIncludeTax` says), before discount. */
  unitPrice: Rupees,
  /** Percent off the unit price. */
  discount: z.number().int(),
  gstRate: z.number().int(),
  taxableValue: Rupees,
  cgst: Rupees,
  sgst: Rupees,
  igst: Rupees,
  total: Rupees,
  productId: z.number().int().nullable(),
});

const TotalsSchema = z.object({ taxable: Rupees, cgst: Rupees, sgst: Rupees, igst: Rupees, total: Rupees });

/** A credit note as its invoice lists it. */
const CreditNoteRefSchema = z.object({ id: z.string(), number: z.string(), issuedAt: z.string(), total: Rupees });

/** The clinic as the document names it, as it was when issued. */
const SupplierSchema = z.object({
  legalName: z.string(),
  gstin: z.string().nullable(),
  stateCode: z.string(),
  address: z.string(),
});

/** An invoice or credit note (GET /api/invoices/{id}, GET /api/orders/{id}/invoice, GET /api/invoices/mine). */
export const InvoiceSchema = z.object({
  id: z.string(),
  /** PC/2627/000123 for an invoice, PC/2627/C00007 for a credit note: unique, gap-free per series and financial year. */
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  issuedAt: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string(),
  customerGstin: z.string().nullable(),
  /** The GST state code of the place of supply (29 Karnataka ...). */
  placeOfSupply: z.string(),
  /** Its state's name. */
  placeOfSupplyName: z.string(),
  supplier: SupplierSchema,
  pricesIncludeTax: z.boolean(),
  lines: z.array(InvoiceLineSchema),
  totals: TotalsSchema,
  /** The total in words, in lakh and crore. */
  totalInWords: z.string(),
  /** Paid against it, net of refunds given. */
  paid: Rupees,
  /** What is still owed: total less credit notes less paid (below zero: owed back to the customer). */
  balanceDue: Rupees,
  /** The credit notes issued against it (an invoice), newest last. */
  creditNotes: z.array(CreditNoteRefSchema),
  /** The invoice a credit note credits, with its reason. */
  credits: z.object({ id: z.string(), number: z.string() }).nullable(),
  reason: z.string().nullable(),
  orderId: z.string().nullable(),
  bookingId: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
