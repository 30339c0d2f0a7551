import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type Order } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useSendPaymentReference } from '../api/send-payment-reference.ts';
import { PaymentStatusBadge } from './order-status-badge.tsx';
import { UpiQr } from './upi-qr.tsx';
import { UtrForm } from './utr-form.tsx';

/** An unpaid UPI order: the QR to pay with, then the UTR of the payment (editable until staff confirm it). */
function UpiPayment({ order }: { order: Order }) {
  const send = useSendPaymentReference();
  const formatInstant = useFormatInstant();
  const [editing, setEditing] = useState(false);
  const sent = order.paymentReference;

  if (sent && !editing)
    return (
      <div className="space-y-3">
        <p role="status" className="rounded-md bg-green-50 p-3 font-medium text-green-900">
          Reference received: we will confirm your payment
        </p>
        <p className="text-sm">
          UTR: <span className="font-mono font-medium">{sent}</span>
        </p>
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Change reference
        </Button>
      </div>
    );

  return (
    <div className="space-y-4">
      <UpiQr amount={order.total} />
      {!sent && order.holdUntil && order.status === 'placed' && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          We hold these products for you until <strong>{formatInstant(order.holdUntil)}</strong>. Without the payment
          reference by then, the order is canceled and the products go back on sale.
        </p>
      )}
      <p className="text-sm">
        Paid already? Give us the UPI transaction reference so that we can match your payment to this order.
      </p>
      <UtrForm
        initial={sent ?? ''}
        busy={send.isPending}
        serverError={
          send.error ? errorMessage(send.error, 'Could not send the reference. Please try again.') : undefined
        }
        onCancel={sent ? () => setEditing(false) : undefined}
        onSubmit={(reference) => {
          send.reset();
          send.mutate(
            { id: order.id, reference },
            {
              onSuccess: () => {
                setEditing(false);
                toast.success('Reference received');
              },
            },
          );
        }}
      />
    </div>
  );
}

/** Whether the order is paid, apart from where it is on its way, and what the customer may still do about it. */
export function OrderPayment({ order }: { order: Order }) {
  const formatInstant = useFormatInstant();
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2">
        <span>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
        {/* A canceled order that was never paid owes nothing: no "Unpaid" badge on it. */}
        {!(order.status === 'cancelled' && order.paymentStatus === 'unpaid') && (
          <PaymentStatusBadge status={order.paymentStatus} />
        )}
      </p>
      {order.paymentStatus === 'paid' && (
        <p>
          Paid{order.paidAt && <> on {formatInstant(order.paidAt)}</>}: {formatRupees(order.total)} received. Thank you!
        </p>
      )}
      {order.paymentStatus === 'refund_due' && (
        <p className="rounded-md bg-amber-50 p-3 font-medium text-amber-950">Refund due: we will refund your payment</p>
      )}
      {order.paymentStatus === 'refunded' && <p>Refunded: your payment of {formatRupees(order.total)} was returned.</p>}
      {order.paymentStatus === 'unpaid' &&
        (order.status === 'cancelled' ? (
          <p className="text-ink-muted">Nothing to pay: this order was canceled.</p>
        ) : order.paymentMethod === 'upi' ? (
          <UpiPayment order={order} />
        ) : order.paymentMethod === 'card' ? (
          <p>Pay {formatRupees(order.total)} by credit or ATM card to our delivery partner when the order arrives.</p>
        ) : (
          <p>Pay {formatRupees(order.total)} in cash when the order arrives.</p>
        ))}
    </div>
  );
}
