import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type Order } from '#shared/orders';
import { escapeHtml } from './booking-confirmed.ts';
import { oneLine } from './compose.ts';

/** What the order confirmation says: the order as placed, and where the customer follows it. */
export type PlacedOrderMail = Pick<
  Order,
  'id' | 'number' | 'customerName' | 'items' | 'total' | 'address' | 'paymentMethod'
> & {
  /** The app's public address (config PUBLIC_URL, no trailing slash). */
  publicUrl: string;
};

/** The page of one order in the customer's app. */
export function orderPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/customer/my-orders/${encodeURIComponent(orderId)}`;
}

/** The delivery address as the lines of a label. */
function addressLines(a: Order['address']): string[] {
  return [a.name, a.house, a.landmark, `${a.city}, ${a.state} ${a.pin}`, a.country];
}

/** Subject, plain text and HTML of the "order placed" mail; every text a customer or an admin typed is escaped. */
export function orderPlacedMail(m: PlacedOrderMail) {
  const link = orderPageUrl(m.publicUrl, m.id);
  const method = PAYMENT_METHOD_LABELS[m.paymentMethod];
  const upiNote =
    m.paymentMethod === 'upi'
      ? 'After paying by UPI, enter the 12-digit UPI transaction reference (UTR) on the order page so we can match your payment.'
      : undefined;
  const subject = `Your Pawcare order ${m.number} is placed`;
  const text = [
    `Hello ${oneLine(m.customerName)},`,
    '',
    `Thank you for your order ${m.number}.`,
    '',
    ...m.items.map((i) => `${i.quantity} x ${oneLine(i.name)}: ${formatRupees(i.lineTotal)}`),
    `Total: ${formatRupees(m.total)}`,
    '',
    `Payment: ${method}`,
    ...(upiNote ? [upiNote] : []),
    '',
    'Delivery address:',
    ...addressLines(m.address).map(oneLine),
    '',
    `Follow your order: ${link}`,
    '',
    'Pawcare',
  ].join('\n');
  const e = escapeHtml;
  const cell = 'padding:4px 12px 4px 0';
  const rows = m.items
    .map(
      (i) =>
        `<tr><td style="${cell}">${e(i.name)}</td><td align="right" style="${cell}">${i.quantity}</td><td align="right" style="${cell}">${e(formatRupees(i.lineTotal))}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>Hello ${e(m.customerName)},</p>
<p>Thank you for your order <strong>${e(m.number)}</strong>.</p>
<table role="presentation" style="border-collapse:collapse">
<tr><th align="left" style="${cell}">Product</th><th align="right" style="${cell}">Quantity</th><th align="right" style="${cell}">Total</th></tr>
${rows}
<tr><th align="left" colspan="2" style="${cell}">Order total</th><td align="right" style="${cell}"><strong>${e(formatRupees(m.total))}</strong></td></tr>
</table>
<p>Payment: ${e(method)}</p>
${upiNote ? `<p>${e(upiNote)}</p>\n` : ''}<p>Delivery address:<br>${addressLines(m.address).map(e).join('<br>')}</p>
<p><a href="${e(link)}">Follow your order</a></p>
<p>Pawcare</p>
</body></html>`;
  return { subject, text, html };
}
