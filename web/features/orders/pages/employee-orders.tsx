import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { formatRupees } from '#shared/money';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
} from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOrders } from '../api/get-orders.ts';
import { utrText } from '../components/staff-payment.tsx';
import { StaffOrderQuestions } from '../components/staff-order-actions.tsx';
import { StaffOrderTable } from '../components/staff-order-table.tsx';
import { useStaffOrderActions } from '../hooks/use-staff-order-actions.ts';
import { useLiveOrders } from '../lib/use-live-orders.ts';

const oneOf = <T extends string>(list: readonly T[], v: string | null): v is T =>
  v !== null && (list as readonly string[]).includes(v);

function emptyTitle(status: OrderStatus | undefined, paymentStatus: PaymentStatus | undefined): string {
  if (!status && !paymentStatus) return 'No orders yet';
  const which = status ? `${ORDER_STATUS_LABELS[status].toLowerCase()} ` : '';
  const paid = paymentStatus ? ` marked ${PAYMENT_STATUS_LABELS[paymentStatus].toLowerCase()}` : '';
  return `No ${which}orders${paid}`;
}

/**
 * /employee/orders: every order as a compact row, filterable by fulfilment and payment status (kept in the address).
 * A row's details hold its lines, address, UPI reference and next steps: confirm, ship, deliver or cancel, mark paid
 * (checking the UPI reference), record a refund. Refreshes live.
 */
export default function EmployeeOrdersPage() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const rawPayment = params.get('paymentStatus');
  const status = oneOf(ORDER_STATUSES, rawStatus) ? rawStatus : undefined;
  const paymentStatus = oneOf(PAYMENT_STATUSES, rawPayment) ? rawPayment : undefined;
  const orders = useOrders({ status, paymentStatus });
  const actions = useStaffOrderActions();

  useLiveOrders((e) => {
    const o = e.order;
    if (e.kind === 'placed')
      toast.info(`New order ${o.number} from ${o.customerName} (${formatRupees(o.total)})`, {
        toastId: `order-${o.id}`,
      });
    else if (e.kind === 'cancelled' && o.cancelledBy === 'customer')
      toast.info(`Order ${o.number} was canceled by ${o.customerName}`, { toastId: `canceled-${o.id}` });
    else if (e.kind === 'payment' && o.paymentStatus === 'unpaid' && o.paymentReference)
      toast.info(`Order ${o.number}: ${o.customerName} entered ${utrText(o)}`, { toastId: `utr-${o.id}` });
  });

  const setFilter = (name: 'status' | 'paymentStatus', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

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
        <div className="space-y-4">
          <StaffOrderTable orders={list} actions={actions} />
          {orders.hasNextPage && (
            <div className="text-center">
              <Button
                variant="secondary"
                onClick={() => void orders.fetchNextPage()}
                loading={orders.isFetchingNextPage}
              >
                Show older orders
              </Button>
            </div>
          )}
        </div>
      )}
      <StaffOrderQuestions actions={actions} />
    </PageShell>
  );
}
