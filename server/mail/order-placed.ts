import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type Order } from '#shared/orders';
import type { MailBrand } from './brand.ts';
import { composeMail, type ComposedMail } from './compose.ts';

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
export function orderPlacedMail(brand: MailBrand, m: PlacedOrderMail): ComposedMail {
  const method = PAYMENT_METHOD_LABELS[m.paymentMethod];
  const upiNote =
    m.paymentMethod === 'upi'
      ? 'After paying by UPI, enter the 12-digit UPI transaction reference (UTR) on the order page so we can match your payment.'
      : undefined;
  return composeMail(brand, {
    subject: `Your Pawcare order ${m.number} is placed`,
    name: m.customerName,
    body: [
      ['Thank you for your order ', { strong: m.number }, '.'],
      {
        kind: 'columns',
        head: ['Product', 'Quantity', 'Total'],
        align: ['left', 'right', 'right'],
        rows: m.items.map((i) => [i.name, String(i.quantity), formatRupees(i.lineTotal)]),
        total: ['Order total', formatRupees(m.total)],
        text: [
          ...m.items.map((i) => `${i.quantity} x ${i.name}: ${formatRupees(i.lineTotal)}`),
          `Total: ${formatRupees(m.total)}`,
        ],
      },
      {
        kind: 'facts',
        rows: [
          ['Payment', method],
          ['Delivery address', addressLines(m.address)],
        ],
      },
      ...(upiNote ? [upiNote] : []),
    ],
    action: { label: 'Follow your order', href: orderPageUrl(m.publicUrl, m.id) },
  });
}
