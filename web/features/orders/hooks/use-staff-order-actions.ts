import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from '#shared/orders';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetPaymentStatus, type StaffPaymentStatus } from '../api/set-payment-status.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';

/** What is being done to which order: a move to a fulfilment status, or a payment recorded. */
export type OrderAction = OrderStatus | StaffPaymentStatus;

/** The question staff are asked before a step that needs a second look. */
export type OrderQuestion = { ask: 'cancel' | 'pay' | 'refund'; order: Order };

/**
 * Staff's steps on an order: move it on (confirm, ship, deliver, cancel) or record a payment or a refund, each with
 * its question first where it needs one. One step at a time: the others wait until it is done.
 */
export function useStaffOrderActions() {
  const update = useUpdateOrderStatus();
  const payment = useSetPaymentStatus();
  const [pending, setPending] = useState<{ order: Order; action: OrderAction } | null>(null);
  const [question, setQuestion] = useState<OrderQuestion | null>(null);

  const done = () => {
    setPending(null);
    setQuestion(null);
  };

  const advance = (order: Order, to: OrderStatus) => {
    setPending({ order, action: to });
    update.mutate(
      { id: order.id, status: to },
      {
        onSuccess: (o) => toast.success(`Order ${o.number} is now ${ORDER_STATUS_LABELS[o.status].toLowerCase()}`),
        onError: (err) => toast.error(errorMessage(err, 'Could not update the order. Please try again.')),
        onSettled: done,
      },
    );
  };

  const recordPayment = (order: Order, to: StaffPaymentStatus) => {
    setPending({ order, action: to });
    payment.mutate(
      { id: order.id, status: to },
      {
        onSuccess: (o) =>
          toast.success(to === 'paid' ? `Order ${o.number} is marked paid` : `Refund recorded for order ${o.number}`),
        onError: (err) => toast.error(errorMessage(err, 'Could not record the payment. Please try again.')),
        onSettled: done,
      },
    );
  };

  return {
    /** The step on its way, if any. */
    pending,
    question,
    ask: (ask: OrderQuestion['ask'], order: Order) => setQuestion({ ask, order }),
    dismiss: () => setQuestion(null),
    advance,
    recordPayment,
    updating: update.isPending,
    recording: payment.isPending,
  };
}

export type StaffOrderActions = ReturnType<typeof useStaffOrderActions>;
