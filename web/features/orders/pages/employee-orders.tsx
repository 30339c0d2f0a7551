import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { formatRupees } from '#shared/money';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type Order,
  type OrderStatus,
  type PaymentStatus,
} from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOrders } from '../api/get-orders.ts';
import { useSetPaymentStatus, type StaffPaymentStatus } from '../api/set-payment-status.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { OrderList } from '../components/order-list.tsx';
import { StaffPaymentSummary, utrText } from '../components/staff-payment.tsx';
import { useLiveOrders } from '../lib/use-live-orders.ts';

const ACTION_LABELS: Record<OrderStatus, string> = {
  placed: 'Place',
  confirmed: 'Confirm',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

const oneOf = <T extends string>(list: readonly T[], v: string | null): v is T =>
  v !== null && (list as readonly string[]).includes(v);

/** What is being done to which order: a move to a fulfilment status, or a payment recorded. */
type Action = OrderStatus | StaffPaymentStatus;

function emptyTitle(status: OrderStatus | undefined, paymentStatus: PaymentStatus | undefined): string {
  if (!status && !paymentStatus) return 'No orders yet';
  const which = status ? `${ORDER_STATUS_LABELS[status].toLowerCase()} ` : '';
  const paid = paymentStatus ? ` marked ${PAYMENT_STATUS_LABELS[paymentStatus].toLowerCase()}` : '';
  return `No ${which}orders${paid}`;
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

/**
 * /employee/orders: every order, filterable by fulfilment and payment status (kept in the address), with the next
 * steps as buttons: confirm, ship, deliver or cancel, mark paid (checking the UPI reference), record a refund.
 * Refreshes live.
 */
export default function EmployeeOrdersPage() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const rawPayment = params.get('paymentStatus');
  const status = oneOf(ORDER_STATUSES, rawStatus) ? rawStatus : undefined;
  const paymentStatus = oneOf(PAYMENT_STATUSES, rawPayment) ? rawPayment : undefined;
  const orders = useOrders({ status, paymentStatus });
  const update = useUpdateOrderStatus();
  const payment = useSetPaymentStatus();
  const [pending, setPending] = useState<{ order: Order; action: Action } | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);

  useLiveOrders((e) => {
    const o = e.order;
    if (e.kind === 'placed')
      toast.info(`New order ${o.number} from ${o.customerName} (${formatRupees(o.total)})`, {
        toastId: `order-${o.id}`,
      });
    else if (e.kind === 'cancelled' && o.cancelledBy === 'customer')
      toast.info(`Order ${o.number} was cancelled by ${o.customerName}`, { toastId: `cancelled-${o.id}` });
    else if (e.kind === 'payment' && o.paymentStatus === 'unpaid' && o.paymentReference)
      toast.info(`Order ${o.number}: ${o.customerName} entered ${utrText(o)}`, { toastId: `utr-${o.id}` });
  });

  const setFilter = (name: 'status' | 'paymentStatus', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const closeDialogs = () => {
    setPending(null);
    setCancelling(null);
    setPaying(null);
    setRefunding(null);
  };

  const advance = (order: Order, to: OrderStatus) => {
    setPending({ order, action: to });
    update.mutate(
      { id: order.id, status: to },
      {
        onSuccess: (o) => toast.success(`Order ${o.number} is now ${ORDER_STATUS_LABELS[o.status].toLowerCase()}`),
        onError: (err) => toast.error(errorMessage(err, 'Could not update the order. Please try again.')),
        onSettled: closeDialogs,
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
        onSettled: closeDialogs,
      },
    );
  };

  const actionButton = (o: Order, action: Action, label: string, onClick: () => void, secondary = false) => (
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

  const actions = (o: Order) => (
    <>
      <StaffPaymentSummary order={o} />
      {ORDER_TRANSITIONS[o.status].map((to) =>
        actionButton(
          o,
          to,
          ACTION_LABELS[to],
          () => (to === 'cancelled' ? setCancelling(o) : advance(o, to)),
          to === 'cancelled',
        ),
      )}
      {o.paymentStatus === 'unpaid' &&
        o.status !== 'cancelled' &&
        actionButton(o, 'paid', 'Mark paid', () => setPaying(o), o.status !== 'delivered')}
      {o.paymentStatus === 'refund_due' && actionButton(o, 'refunded', 'Refund given', () => setRefunding(o))}
    </>
  );

  const list = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageShell
      title="Orders"
      intro="Confirm new orders, mark them shipped and delivered, or cancel them before they ship. Mark orders paid once the money has arrived."
    >
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          value={status ?? ''}
          options={[
            { value: '', label: 'All orders' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
          ]}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          label="Payment"
          value={paymentStatus ?? ''}
          options={[
            { value: '', label: 'All payments' },
            ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] })),
          ]}
          onChange={(v) => setFilter('paymentStatus', v)}
        />
        {orders.isFetching && !orders.isPending && (
          <span role="status" className="themed text-sm">
            Updating…
          </span>
        )}
      </div>
      {orders.isPending ? (
        <LoadingState label="Loading orders…" />
      ) : orders.isError ? (
        <ErrorState
          message={errorMessage(orders.error, 'Could not load orders. Please try again.')}
          onRetry={() => void orders.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState title={emptyTitle(status, paymentStatus)} />
      ) : (
        <OrderList
          orders={list}
          showCustomer
          actions={actions}
          hasMore={orders.hasNextPage}
          loadingMore={orders.isFetchingNextPage}
          onLoadMore={() => void orders.fetchNextPage()}
        />
      )}
      <ConfirmDialog
        open={!!cancelling}
        title={`Cancel order ${cancelling?.number ?? ''}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        variant="danger"
        busy={update.isPending}
        onConfirm={() => cancelling && advance(cancelling, 'cancelled')}
        onCancel={() => setCancelling(null)}
      >
        <p>The customer is told at once. A cancelled order cannot be reopened.</p>
        {cancelling?.paymentStatus === 'paid' && (
          <p className="mt-2">It is paid: it shows “Refund due” until you record the refund.</p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!paying}
        title={`Mark order ${paying?.number ?? ''} paid?`}
        confirmLabel="Mark paid"
        cancelLabel="Not yet"
        busy={payment.isPending}
        onConfirm={() => paying && recordPayment(paying, 'paid')}
        onCancel={() => setPaying(null)}
      >
        {paying && <MarkPaidQuestion order={paying} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!refunding}
        title={`Refund given for order ${refunding?.number ?? ''}?`}
        confirmLabel="Refund given"
        cancelLabel="Not yet"
        busy={payment.isPending}
        onConfirm={() => refunding && recordPayment(refunding, 'refunded')}
        onCancel={() => setRefunding(null)}
      >
        {refunding && (
          <p>
            Record that {formatRupees(refunding.total)} has been paid back to {refunding.customerName}. The order then
            shows as refunded.
          </p>
        )}
      </ConfirmDialog>
    </PageShell>
  );
}
