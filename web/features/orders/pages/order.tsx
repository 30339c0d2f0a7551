import { useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { formatRupees } from '#shared/money';
import { CUSTOMER_CANCELLABLE, ORDER_STATUS_LABELS, type Order } from '#shared/orders';
import { Button, LinkButton } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrder } from '../api/get-order.ts';
import { ConnectionNotice } from '../../../components/connection-notice.tsx';
import { OrderItems } from '../components/order-items.tsx';
import { OrderPayment } from '../components/order-payment.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { OrderTrack } from '../components/order-track.tsx';
import { formatAddress } from '../lib/address-book.ts';
import { useLiveOrders } from '../lib/use-live-orders.ts';

/** True when the page was opened by checkout, right after the order was placed. */
function justPlaced(state: unknown): boolean {
  return (state as { placed?: unknown } | null)?.placed === true;
}

/** An id the server gives no order for (none, someone else's, not an order id): the page says so. */
const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/**
 * /customer/my-orders/:id: one order of the customer's, kept current by order events. Right after checkout it thanks
 * them; it shows the items, total, address, payment method, where the order is and whether it is paid, and lets them
 * cancel it before it ships and give the reference of a UPI payment.
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const order = useOrder(id);
  const [announcement, setAnnouncement] = useState('');
  // The status last on screen: an event that leaves it as it was (the order this customer has just placed, a payment
  // noted) has nothing to announce, and the page's own toast already said what this tab did.
  const shownStatus = useRef<string | undefined>(undefined);
  if (shownStatus.current === undefined && order.data) shownStatus.current = order.data.status;
  useLiveOrders((e) => {
    if (e.order.id !== id || e.order.status === shownStatus.current) return;
    shownStatus.current = e.order.status;
    setAnnouncement(`Order ${e.order.number}: ${ORDER_STATUS_LABELS[e.order.status].toLowerCase()}.`);
  });

  if (order.isPending)
    return (
      <PageShell title="Your order" width="normal">
        <LoadingState label="Loading your order…" />
      </PageShell>
    );
  if (!order.data) {
    if (isMissing(order.error))
      return (
        <PageShell title="Order not found" width="normal">
          <Card className="text-center">
            <p>This order does not exist, or it is not one of yours.</p>
            <LinkButton to="/customer/my-orders" className="mt-4">
              My orders
            </LinkButton>
          </Card>
        </PageShell>
      );
    return (
      <PageShell title="Your order" width="normal">
        <ErrorState
          message={errorMessage(order.error, 'Could not load your order. Please try again.')}
          onRetry={() => void order.refetch()}
        />
      </PageShell>
    );
  }
  return <OrderView order={order.data} placed={justPlaced(location.state)} announcement={announcement} />;
}

function OrderView({
  order,
  placed: justPlaced,
  announcement,
}: {
  order: Order;
  placed: boolean;
  announcement: string;
}) {
  // The thanks for a new order stand only while it stands: once canceled, the page says what is true now.
  const placed = justPlaced && order.status !== 'cancelled';
  const formatInstant = useFormatInstant();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string>();
  const cancellable = CUSTOMER_CANCELLABLE.includes(order.status);

  const cancelOrder = () => {
    setCancelError(undefined);
    cancel.mutate(order.id, {
      onSuccess: (o) => toast.success(`Order ${o.number} canceled`),
      onError: (err) => setCancelError(errorMessage(err, 'Could not cancel the order. Please try again.')),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <PageShell
      title={placed ? 'Thank you, your order is placed' : `Order ${order.number}`}
      width="normal"
      intro={
        <>
          {placed && <p>Your order number is {order.number}. We will keep you posted here as it moves.</p>}
          <p>
            Placed on <time dateTime={order.createdAt}>{formatInstant(order.createdAt)}</time>
          </p>
        </>
      }
      actions={
        <LinkButton to="/customer/my-orders" variant="secondary">
          My orders
        </LinkButton>
      }
    >
      <div className="space-y-6">
        <ConnectionNotice what="this order" />
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <Card as="section">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">{placed ? `Order ${order.number}` : 'Progress'}</h2>
            <p>
              <OrderStatusBadge status={order.status} />
            </p>
          </div>
          <OrderTrack order={order} />
          {cancelError && (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800">
              {cancelError}
            </p>
          )}
          {cancellable && (
            <div className="mt-4">
              <Button variant="secondary" className="text-red-800" onClick={() => setConfirming(true)}>
                Cancel order
              </Button>
            </div>
          )}
        </Card>
        <Card as="section">
          <h2 className="mb-3 text-lg font-semibold">Items</h2>
          <OrderItems items={order.items} productHref={(productId) => `/customer/product/${productId}`} />
          <p className="mt-3 flex items-baseline justify-between">
            <span>Total</span>
            <span className="text-2xl font-bold">{formatRupees(order.total)}</span>
          </p>
        </Card>
        <div className="grid gap-6 md:grid-cols-2">
          <Card as="section">
            <h2 className="mb-3 text-lg font-semibold">Payment</h2>
            <OrderPayment order={order} />
          </Card>
          <Card as="section">
            <h2 className="mb-3 text-lg font-semibold">Delivery address</h2>
            <p className="font-medium">{order.address.name}</p>
            <p className="text-sm">{formatAddress(order.address)}</p>
          </Card>
        </div>
        <p>
          <Link to="/customer/product" className="font-semibold text-brand-800 underline">
            Continue shopping
          </Link>
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        variant="danger"
        busy={cancel.isPending}
        onConfirm={cancelOrder}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Order {order.number} ({formatRupees(order.total)}) will be canceled.
          {order.paymentStatus === 'paid' && ' We will refund your payment.'}
        </p>
      </ConfirmDialog>
    </PageShell>
  );
}
