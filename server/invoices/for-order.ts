import { and, asc, eq } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import type { ClinicSettings } from '#shared/clinic-settings';
import { placeOfSupplyOf, sumTaxes } from '#shared/gst';
import type { DeliveryAddress } from '#shared/orders';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { invoiceLines, invoices } from '../db/schema/index.ts';
import { issueDocument, taxLines, type BilledLine, type Supplier, type TaxedLine } from './issue.ts';

/* The invoice of every shop order, issued in the transaction that places it, and its credit note when it is canceled. */

/** What an order's invoice needs of the configuration. */
export type OrderBillingConfig = Pick<Config, 'CLINIC_NAME' | 'CLINIC_ADDRESS' | 'CLINIC_TZ'>;

/** The clinic as its documents name it, from its settings. */
function supplierOf(settings: ClinicSettings, config: Pick<Config, 'CLINIC_NAME' | 'CLINIC_ADDRESS'>): Supplier {
  return {
    legalName: settings.legalName || config.CLINIC_NAME,
    gstin: settings.gstin,
    stateCode: settings.stateCode,
    address: config.CLINIC_ADDRESS,
  };
}

/** An order's bill before it is issued: who supplies, where to, its taxed lines and what the customer pays. */
export interface OrderBill {
  supplier: Supplier;
  placeOfSupply: string;
  pricesIncludeTax: boolean;
  lines: TaxedLine[];
  totalPaise: number;
}

/**
 * Works out an order's bill (decision 053): the place of supply is the delivery address's state (its name, else its
 * PIN code, else the clinic's), each line taxed at its product's rate; a delivery charge would be a line of its own
 * (orders carry none yet). With prices that include GST the total is what the lines cost; otherwise GST is added.
 */
export function billOrder(
  settings: ClinicSettings,
  config: OrderBillingConfig,
  address: DeliveryAddress,
  lines: BilledLine[],
): OrderBill {
  const supplier = supplierOf(settings, config);
  const placeOfSupply = placeOfSupplyOf(address, settings.stateCode).stateCode;
  const taxed = taxLines(lines, { supplier, placeOfSupply, pricesIncludeTax: settings.pricesIncludeTax });
  return {
    supplier,
    placeOfSupply,
    pricesIncludeTax: settings.pricesIncludeTax,
    lines: taxed,
    totalPaise: sumTaxes(taxed).total,
  };
}

/** Issues the invoice of an order just written, in the transaction that placed it (its last statement but the commit's). */
export async function invoiceOrder(
  tx: Executor,
  config: OrderBillingConfig,
  order: { id: string; customer: { id: string; name: string; email: string }; address: DeliveryAddress },
  bill: OrderBill,
  issuedAt: Date,
  series: string,
): Promise<{ id: string; number: string }> {
  return issueDocument(tx, {
    kind: 'invoice',
    series,
    issuedAt,
    timeZone: config.CLINIC_TZ,
    customer: { ...order.customer, gstin: null, address: order.address },
    placeOfSupply: bill.placeOfSupply,
    supplier: bill.supplier,
    pricesIncludeTax: bill.pricesIncludeTax,
    lines: bill.lines,
    orderId: order.id,
    issuedBy: null,
  });
}

/**
 * Credits a canceled order's invoice in full, in the cancellation's transaction: a credit note of its own series
 * (the invoice's prefix, C numbers) naming the invoice, with the invoice's lines and taxes. Nothing when the order
 * has no invoice (placed before invoices existed) or was credited already. Staff and the system (a hold run out)
 * leave an audit entry; a customer's own cancellation does not (the audit log is of staff changes).
 */
export async function creditCanceledOrder(
  tx: Executor,
  config: Pick<Config, 'CLINIC_TZ'>,
  orderId: string,
  actor: AuditActor | undefined,
  issuedAt = new Date(),
): Promise<{ id: string; number: string; audit?: AuditEntry } | undefined> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (!invoice) return undefined;
  const [already] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
    .limit(1);
  if (already) return undefined;
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.lineNo));
  const credit = await issueDocument(tx, {
    kind: 'credit_note',
    series: invoice.series,
    issuedAt,
    timeZone: config.CLINIC_TZ,
    customer: {
      id: invoice.customerId,
      name: invoice.customerName,
      email: invoice.customerEmail,
      gstin: invoice.customerGstin,
      address: invoice.customerAddress,
    },
    placeOfSupply: invoice.placeOfSupply,
    supplier: invoice.supplier as Supplier,
    pricesIncludeTax: invoice.pricesIncludeTax,
    lines: lines.map((l) => ({
      description: l.description,
      hsnSac: l.hsnSac,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      gstRate: l.gstRate as TaxedLine['gstRate'],
      productId: l.productId,
      taxable: l.taxable,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
      total: l.total,
    })),
    orderId,
    creditsInvoiceId: invoice.id,
    reason: 'Order canceled',
    issuedBy: actor?.id ?? null,
  });
  const audit = actor
    ? await recordAudit(tx, actor, {
        kind: 'invoice.credit_note_issued',
        subjectType: 'invoice',
        subjectId: credit.id,
        summary: `Issued credit note ${credit.number} for invoice ${invoice.number} of ${invoice.customerName}: order canceled`,
        before: null,
        after: { number: credit.number, invoice: invoice.number, total: invoice.total / 100 },
      })
    : undefined;
  return { ...credit, audit };
}
