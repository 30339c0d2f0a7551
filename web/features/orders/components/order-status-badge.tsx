import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus } from '#shared/orders';

const STYLES: Record<OrderStatus, string> = {
  placed: 'bg-blue-100 text-blue-900',
  confirmed: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-amber-100 text-amber-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  unpaid: 'bg-orange-100 text-orange-900',
  paid: 'bg-green-100 text-green-900',
  refund_due: 'bg-red-100 text-red-900',
  refunded: 'bg-gray-200 text-gray-800',
};

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold';

/** An order's status as a coloured label (the text carries the meaning; colour only helps). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <>
      <span className="sr-only">Status: </span>
      <span className={`${badge} ${STYLES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>
    </>
  );
}

/** An order's payment status (unpaid, paid, refund due, refunded) as a coloured label, read out as "Payment: …". */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <>
      <span className="sr-only">Payment: </span>
      <span className={`${badge} ${PAYMENT_STYLES[status]}`}>{PAYMENT_STATUS_LABELS[status]}</span>
    </>
  );
}
