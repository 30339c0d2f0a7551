import { formatRupees } from '#shared/money';
import type { Order } from '#shared/orders';
import type { MailBrand } from './brand.ts';
import { composeMail, type ComposedMail } from './compose.ts';
import { orderPageUrl } from './order-placed.ts';

/** The order changes a customer is e-mailed about (the order confirmation is `orderPlacedMail`). */
export type OrderMailEvent =
  'shipped' | 'delivered' | 'cancelled_by_staff' | 'cancelled_by_customer' | 'cancelled_unpaid';

/** What an order status mail says: the order as it is now, and where the customer follows it. */
export type OrderStatusMail = Pick<Order, 'id' | 'number' | 'customerName' | 'items' | 'total' | 'paymentStatus'> & {
  event: OrderMailEvent;
  /** The app's public address (config PUBLIC_URL, no trailing slash). */
  publicUrl: string;
};

const WORDS: Record<OrderMailEvent, { subject: (n: string) => string; line: (n: string) => string; after?: string }> = {
  shipped: {
    subject: (n) => `Your Pawcare order ${n} is on its way`,
    line: (n) => `Good news: your order ${n} has been shipped and is on its way to you.`,
  },
  delivered: {
    subject: (n) => `Your Pawcare order ${n} has been delivered`,
    line: (n) => `Your order ${n} has been delivered.`,
    after: 'Thank you for shopping with us.',
  },
  cancelled_by_staff: {
    subject: (n) => `Your Pawcare order ${n} has been canceled`,
    line: (n) => `We are sorry: the shop has canceled your order ${n}.`,
    after: 'If you have questions, reply in the chat on our site.',
  },
  cancelled_by_customer: {
    subject: (n) => `You canceled your Pawcare order ${n}`,
    line: (n) => `As you asked, your order ${n} has been canceled.`,
  },
  cancelled_unpaid: {
    subject: (n) => `Your Pawcare order ${n} was canceled: no payment arrived`,
    line: (n) =>
      `We did not receive the UPI payment for your order ${n} in time, so it has been canceled and its products are back on sale.`,
    after: 'If you have paid, reply in the chat on our site with your UPI transaction reference.',
  },
};

/** Subject, plain text and HTML of the mail telling a customer their order moved; every typed text is escaped. */
export function orderStatusMail(brand: MailBrand, m: OrderStatusMail): ComposedMail {
  const w = WORDS[m.event];
  const refund =
    m.paymentStatus === 'refund_due'
      ? [`You have paid ${formatRupees(m.total)} for it; we will refund the payment and tell you when it is done.`]
      : [];
  return composeMail(brand, {
    subject: w.subject(m.number),
    name: m.customerName,
    body: [
      w.line(m.number),
      ...refund,
      {
        kind: 'list',
        items: [
          ...m.items.map((i) => `${i.quantity} x ${i.name}: ${formatRupees(i.lineTotal)}`),
          `Total: ${formatRupees(m.total)}`,
        ],
      },
    ],
    action: { label: 'See your order', href: orderPageUrl(m.publicUrl, m.id) },
    after: w.after ? [w.after] : [],
  });
}
