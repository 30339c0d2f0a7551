import { formatRupees } from '#shared/money';
import { ORDER_TRANSITIONS, PAYMENT_METHOD_LABELS, type Order, type OrderStatus } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import type { OrderAction, StaffOrderActions } from '../hooks/use-staff-order-actions.ts';
import { StaffPaymentSummary, utrText } from './staff-payment.tsx';

const ACTION_LABELS: Record<OrderStatus, string> = {
  placed: 'Place',
  confirmed: 'Confirm',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

/** An order's payment and the buttons of its next steps: move it on, cancel it, mark it paid, record a refund. */
export function StaffOrderButtons({ order: o, actions }: { order: Order; actions: StaffOrderActions }) {
  const { pending } = actions;
  const button = (action: OrderAction, label: string, onClick: () => void, secondary = false) => (
    <Button
      key={action}
      variant={secondary ? 'secondary' : 'primary'}
      loading={pending?.order.id === o.id && pending.action === action}
      disabled={!!pending}
      onClick={onClick}
    >
      {label}
      <span className="sr-only"> {o.number}</span>
    </Button>
  );
  return (
    <>
      <StaffPaymentSummary order={o} />
      {ORDER_TRANSITIONS[o.status].map((to) =>
        button(
          to,
          ACTION_LABELS[to],
          () => (to === 'cancelled' ? actions.ask('cancel', o) : actions.advance(o, to)),
          to === 'cancelled',
        ),
      )}
      {o.paymentStatus === 'unpaid' &&
        o.status !== 'cancelled' &&
        button('paid', 'Mark paid', () => actions.ask('pay', o), o.status !== 'delivered')}
      {o.paymentStatus === 'refund_due' && button('refunded', 'Refund given', () => actions.ask('refund', o))}
    </>
  );
}

/** What to check before marking an order paid, by how it is paid. */
function MarkPaidQuestion({ order }: { order: Order }) {
  const amount = formatRupees(order.total);
  if (order.paymentMethod !== 'upi')
    return (
      <p>
        {PAYMENT_METHOD_LABELS[order.paymentMethod]}: mark it paid once {amount} has been collected from{' '}
        {order.customerName}.
      </p>
    );
  if (!order.paymentReference)
    return (
      <p>
        {order.customerName} has not entered a UPI reference yet ({utrText(order)}). Mark it paid only if the bank
        statement shows {amount} from them.
      </p>
    );
  return (
    <>
      <p>Check that the bank statement shows this UPI transaction for {amount} before marking it paid:</p>
      <p className="mt-2 font-mono text-lg font-semibold">{utrText(order)}</p>
    </>
  );
}

/** The questions before cancelling an order, marking it paid or recording its refund. */
export function StaffOrderQuestions({ actions }: { actions: StaffOrderActions }) {
  const { question, dismiss } = actions;
  const cancelling = question?.ask === 'cancel' ? question.order : null;
  const paying = question?.ask === 'pay' ? question.order : null;
  const refunding = question?.ask === 'refund' ? question.order : null;
  return (
    <>
      <ConfirmDialog
        open={!!cancelling}
        title={`Cancel order ${cancelling?.number ?? ''}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        variant="danger"
        busy={actions.updating}
        onConfirm={() => cancelling && actions.advance(cancelling, 'cancelled')}
        onCancel={dismiss}
      >
        <p>The customer is told at once. A canceled order cannot be reopened.</p>
        {cancelling?.paymentStatus === 'paid' && (
          <p className="mt-2">It is paid: it shows “Refund due” until you record the refund.</p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!paying}
        title={`Mark order ${paying?.number ?? ''} paid?`}
        confirmLabel="Mark paid"
        cancelLabel="Not yet"
        busy={actions.recording}
        onConfirm={() => paying && actions.recordPayment(paying, 'paid')}
        onCancel={dismiss}
      >
        {paying && <MarkPaidQuestion order={paying} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!refunding}
        title={`Refund given for order ${refunding?.number ?? ''}?`}
        confirmLabel="Refund given"
        cancelLabel="Not yet"
        busy={actions.recording}
        onConfirm={() => refunding && actions.recordPayment(refunding, 'refunded')}
        onCancel={dismiss}
      >
        {refunding && (
          <p>
            Record that {formatRupees(refunding.total)} has been paid back to {refunding.customerName}. The order then
            shows as refunded.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
