import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { GST_STATES } from '#shared/gst';
import type { Invoice } from '#shared/invoices';
import { toRupees } from '#shared/money';
import { amountInWords } from '#shared/money-words';
import type { Executor } from '../db/client.ts';
import { invoiceLines, invoices, orders } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isUuid } from '../lib/ids.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import { mayOpenRecordOf } from '../lib/policy.ts';
import type { Supplier } from './issue.ts';

/* Reading invoices and credit notes as the Contract shapes them: rupees on the wire, paise inside. */

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * What was paid against an order's invoice, net of refunds, in paise: until payments are recorded against invoices,
 * an order's payment status says it (paid or refund due: the total came in; refunded: it went back out).
 */
function paidOf(row: InvoiceRow, paymentStatus: string | undefined): number {
  if (row.kind !== 'invoice' || !paymentStatus) return 0;
  return paymentStatus === 'paid' || paymentStatus === 'refund_due' ? row.total : 0;
}

/** Documents with their lines, credit notes, credited invoice and payment, in the order given. */
async function shape(db: Executor, rows: InvoiceRow[]): Promise<Invoice[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, ids))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNo));
  const credits = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      total: invoices.total,
      creditsInvoiceId: invoices.creditsInvoiceId,
    })
    .from(invoices)
    .where(inArray(invoices.creditsInvoiceId, ids))
    .orderBy(asc(invoices.issuedAt), asc(invoices.seq));
  const creditedIds = rows.flatMap((r) => (r.creditsInvoiceId ? [r.creditsInvoiceId] : []));
  const credited = creditedIds.length
    ? await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(inArray(invoices.id, creditedIds))
    : [];
  const orderIds = rows.flatMap((r) => (r.orderId && r.kind === 'invoice' ? [r.orderId] : []));
  const payments = orderIds.length
    ? await db
        .select({ id: orders.id, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const paymentOf = new Map(payments.map((p) => [p.id, p.paymentStatus]));
  return rows.map((r) => {
    const mine = credits.filter((c) => c.creditsInvoiceId === r.id);
    const creditedPaise = mine.reduce((s, c) => s + c.total, 0);
    const paid = paidOf(r, r.orderId ? paymentOf.get(r.orderId) : undefined);
    const creditedInvoice = credited.find((c) => c.id === r.creditsInvoiceId);
    return {
      id: r.id,
      number: r.number,
      kind: r.kind,
      issuedAt: r.issuedAt.toISOString(),
      customerId: r.customerId,
      customerName: r.customerName,
      customerGstin: r.customerGstin,
      placeOfSupply: r.placeOfSupply,
      placeOfSupplyName: GST_STATES[r.placeOfSupply] ?? r.placeOfSupply,
      supplier: r.supplier as Supplier,
      pricesIncludeTax: r.pricesIncludeTax,
      lines: lines
        .filter((l) => l.invoiceId === r.id)
        .map((l) => ({
          description: l.description,
          hsnSac: l.hsnSac,
          quantity: l.quantity,
          unitPrice: toRupees(l.unitPrice),
          discount: l.discount,
          gstRate: l.gstRate,
          taxableValue: toRupees(l.taxable),
          cgst: toRupees(l.cgst),
          sgst: toRupees(l.sgst),
          igst: toRupees(l.igst),
          total: toRupees(l.total),
          productId: l.productId,
        })),
      totals: {
        taxable: toRupees(r.taxable),
        cgst: toRupees(r.cgst),
        sgst: toRupees(r.sgst),
        igst: toRupees(r.igst),
        total: toRupees(r.total),
      },
      totalInWords: amountInWords(r.total),
      paid: toRupees(paid),
      balanceDue: toRupees(r.kind === 'invoice' ? r.total - creditedPaise - paid : 0),
      creditNotes: mine.map((c) => ({
        id: c.id,
        number: c.number,
        issuedAt: c.issuedAt.toISOString(),
        total: toRupees(c.total),
      })),
      credits: creditedInvoice ? { id: creditedInvoice.id, number: creditedInvoice.number } : null,
      reason: r.reason,
      orderId: r.orderId,
      bookingId: r.bookingId,
    };
  });
}

/** A document the caller may see: its customer's, or any for staff. Anyone else hears the 404 of a missing one. */
export async function getInvoice(db: Executor, me: AuthUser, id: string): Promise<Invoice> {
  if (!isUuid(id)) throw errors.notFound('Invoice');
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!row || !mayOpenRecordOf(me, row.customerId)) throw errors.notFound('Invoice');
  return (await shape(db, [row]))[0]!;
}

/** The invoice of an order the caller may see; 404 when the order is not theirs or has none (placed before invoices). */
export async function getOrderInvoice(db: Executor, me: AuthUser, orderId: string): Promise<Invoice> {
  if (!isUuid(orderId)) throw errors.notFound('Invoice');
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (!row || !mayOpenRecordOf(me, row.customerId)) throw errors.notFound('Invoice');
  return (await shape(db, [row]))[0]!;
}

/** A customer's invoices and credit notes, newest first, `limit + 1` of them (one more tells that more follow). */
export async function listCustomerInvoices(
  db: Executor,
  customerId: string,
  limit: number,
  cursor?: Cursor,
): Promise<Invoice[]> {
  const conds: SQL[] = [eq(invoices.customerId, customerId)];
  if (cursor) conds.push(olderThanRow(invoices, invoices.issuedAt, invoices.id, cursor));
  const rows = await db
    .select()
    .from(invoices)
    .where(and(...conds))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit + 1);
  return shape(db, rows);
}
