import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { formatRupees } from '#shared/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOrders } from '../api/get-orders.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { OrderList } from '../components/order-list.tsx';
import { useLiveOrders } from '../lib/use-live-orders.ts';

const ACTION_LABELS: Record<OrderStatus, string> = {
  placed: 'Place',
  confirmed: 'Confirm',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

function isStatus(v: string | null): v is OrderStatus {
  return !!v && (ORDER_STATUSES as readonly string[]).includes(v);
}

/** /employee/orders: every order, filterable by status, with the next steps as buttons; refreshes live. */
export default function EmployeeOrdersPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const orders = useOrders(status);
  const update = useUpdateOrderStatus();
  const [pending, setPending] = useState<{ order: Order; to: OrderStatus } | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const filterId = useId();

  useLiveOrders((e) => {
    if (e.kind === 'placed')
      toast.info(`New order ${e.order.number} from ${e.order.customerName} (${formatRupees(e.order.total)})`, {
        toastId: `order-${e.order.id}`,
      });
  });

  const advance = (order: Order, to: OrderStatus) => {
    setPending({ order, to });
    update.mutate(
      { id: order.id, status: to },
      {
        onSuccess: (o) => toast.success(`Order ${o.number} is now ${ORDER_STATUS_LABELS[o.status].toLowerCase()}`),
        onError: (err) => toast.error(errorMessage(err, 'Could not update the order. Please try again.')),
        onSettled: () => {
          setPending(null);
          setCancelling(null);
        },
      },
    );
  };

  const list = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageShell
      title="Orders"
      intro="Confirm new orders, mark them shipped and delivered, or cancel them before they ship."
    >
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={filterId} className="themed block text-sm font-medium">
            Status
          </label>
          <select
            id={filterId}
            value={status ?? ''}
            onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
            className="mt-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-ink shadow-sm"
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
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
        <EmptyState title={status ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders` : 'No orders yet'} />
      ) : (
        <OrderList
          orders={list}
          showCustomer
          actions={(o) =>
            ORDER_TRANSITIONS[o.status].map((to) => (
              <Button
                key={to}
                variant={to === 'cancelled' ? 'secondary' : 'primary'}
                loading={pending?.order.id === o.id && pending.to === to}
                disabled={!!pending}
                onClick={() => (to === 'cancelled' ? setCancelling(o) : advance(o, to))}
              >
                {ACTION_LABELS[to]}
                <span className="sr-only"> {o.number}</span>
              </Button>
            ))
          }
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
      </ConfirmDialog>
    </PageShell>
  );
}
