import { formatRupees } from '#shared/money';
import type { Order } from '#shared/orders';
import { useFormatInstant } from '../../../lib/clinic-time.ts';

/** The UPI transaction reference the customer gave, as staff check it against the bank statement. */
export const utrText = (order: Pick<Order, 'paymentReference'>) =>
  order.paymentReference ? `UTR ${order.paymentReference}` : 'No reference yet';

/**
 * What staff need to settle an order's money, beside the payment status the card shows: the UTR of a UPI payment
 * (or that none was given yet), that cash and card orders are paid on delivery, when it was marked paid, and the
 * refund a canceled paid order is owed.
 */
export function StaffPaymentSummary({ order }: { order: Order }) {
  const formatInstant = useFormatInstant();
  const lines: { key: string; text: string; className?: string }[] = [];
  if (order.paymentMethod === 'upi')
    lines.push({
      key: 'utr',
      text: utrText(order),
      className: order.paymentReference ? 'font-mono font-semibold' : 'text-ink-muted',
    });
  else if (order.paymentStatus === 'unpaid' && order.status !== 'cancelled')
    lines.push({ key: 'cod', text: 'To be paid on delivery.', className: 'text-ink-muted' });
  if (order.paidAt)
    lines.push({ key: 'paid', text: `Marked paid on ${formatInstant(order.paidAt)}`, className: 'text-ink-muted' });
  if (order.paymentStatus === 'refund_due')
    lines.push({
      key: 'refund',
      text: `Refund ${formatRupees(order.total)} to the customer.`,
      className: 'font-medium',
    });
  if (lines.length === 0) return null;
  return (
    <div className="w-full rounded-lg bg-gray-50 px-3 py-2 text-sm text-ink">
      {lines.map((l) => (
        <p key={l.key} className={l.className}>
          {l.text}
        </p>
      ))}
    </div>
  );
}
