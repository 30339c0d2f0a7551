import { lineTax, sumTaxes, type GstRate, type LineTax } from '#shared/gst';
import { lineTotalPaise } from '#shared/money';
import type { Executor } from '../db/client.ts';
import { invoiceLines, invoices } from '../db/schema/index.ts';
import { fiscalYearOf, takeNumber, type DocumentKind } from './numbering.ts';

/* Issuing an invoice or a credit note: its number, its lines' taxes and its rows, in the caller's transaction. */

/** A line as it is billed, in paise: the catalogue's unit price before discount, the quantity, the tax class. */
export interface BilledLine {
  description: string;
  hsnSac: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  gstRate: GstRate;
  productId: number | null;
}

/** A line with its taxes worked out. */
export type TaxedLine = BilledLine & LineTax;

/** The clinic as a document names it. */
export interface Supplier {
  legalName: string;
  gstin: string | null;
  stateCode: string;
  address: string;
}

/**
 * The taxes of lines (decision 053): each line's amount (unit price x quantity less discount, rounded to the paisa)
 * is taxed on its own, each tax rounded to the paisa; CGST + SGST when the place of supply is the clinic's state,
 * IGST otherwise. A clinic without a GSTIN charges no tax (its documents are bills of supply).
 */
export function taxLines(
  lines: BilledLine[],
  basis: { supplier: Supplier; placeOfSupply: string; pricesIncludeTax: boolean },
): TaxedLine[] {
  const interState = basis.placeOfSupply !== basis.supplier.stateCode;
  return lines.map((l) => {
    const gstRate = basis.supplier.gstin ? l.gstRate : 0;
    const amount = lineTotalPaise(l.unitPrice, l.quantity, l.discount);
    return { ...l, gstRate, ...lineTax(amount, { gstRate, pricesIncludeTax: basis.pricesIncludeTax, interState }) };
  });
}

/** Everything a document holds but its number. */
export interface DocumentDraft {
  kind: DocumentKind;
  series: string;
  issuedAt: Date;
  timeZone: string;
  customer: { id: string | null; name: string; email: string; gstin: string | null; address: unknown };
  placeOfSupply: string;
  supplier: Supplier;
  pricesIncludeTax: boolean;
  lines: TaxedLine[];
  orderId?: string | null;
  bookingId?: string | null;
  creditsInvoiceId?: string | null;
  reason?: string | null;
  issuedBy: string | null;
}

/**
 * Issues a document in the caller's transaction: takes its number from the counter of its series and financial year
 * (the year its issue time falls in on the clinic's clock), then writes it and its lines. Called last in the issuing
 * transaction, so the counter's row is held only until the commit.
 */
export async function issueDocument(tx: Executor, d: DocumentDraft): Promise<{ id: string; number: string }> {
  const fiscalYear = fiscalYearOf(d.issuedAt, d.timeZone);
  const { seq, number } = await takeNumber(tx, d.kind, d.series, fiscalYear);
  const totals = sumTaxes(d.lines);
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: d.kind,
      number,
      series: d.series,
      fiscalYear,
      seq,
      issuedAt: d.issuedAt,
      customerId: d.customer.id,
      customerName: d.customer.name,
      customerEmail: d.customer.email,
      customerGstin: d.customer.gstin,
      customerAddress: d.customer.address ?? null,
      placeOfSupply: d.placeOfSupply,
      supplier: d.supplier,
      pricesIncludeTax: d.pricesIncludeTax,
      orderId: d.orderId ?? null,
      bookingId: d.bookingId ?? null,
      creditsInvoiceId: d.creditsInvoiceId ?? null,
      reason: d.reason ?? null,
      ...totals,
      issuedBy: d.issuedBy,
    })
    .returning({ id: invoices.id });
  if (d.lines.length)
    await tx.insert(invoiceLines).values(
      d.lines.map((l, i) => ({
        invoiceId: row!.id,
        lineNo: i + 1,
        description: l.description,
        hsnSac: l.hsnSac,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        gstRate: l.gstRate,
        taxable: l.taxable,
        cgst: l.cgst,
        sgst: l.sgst,
        igst: l.igst,
        total: l.total,
        productId: l.productId,
      })),
    );
  return { id: row!.id, number };
}
