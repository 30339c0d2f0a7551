import { Link } from 'react-router';
import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type Order } from '#shared/orders';
import { buttonClasses } from '../../../components/button.tsx';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { formatAddress } from '../lib/address-book.ts';
import { OrderItems } from './order-items.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from './order-status-badge.tsx';
import { OrderTrack } from './order-track.tsx';

/**
 * One of a customer's orders: number, date, fulfilment and payment status, items with prices, total, payment and
 * delivery address; a "View order" link to its own page when `href` is given.
 */
export function OrderCard({ order, href }: { order: Order; href?: string }) {
  const headingId = `order-${order.id}`;
  const formatInstant = useFormatInstant();
  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-5 text-ink shadow-sm ring-1 ring-black/5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            Order {order.number}
          </h2>
          <p className="text-sm text-ink-muted">
            <time dateTime={order.createdAt}>{formatInstant(order.createdAt)}</time>
          </p>
        </div>
        <p className="flex flex-wrap gap-2">
          <OrderStatusBadge status={order.status} />
          <PaymentStatusBadge status={order.paymentStatus} />
        </p>
      </header>
      <div className="mt-3">
        <OrderTrack order={order} viewer="customer" />
      </div>
      <div className="mt-4">
        <OrderItems items={order.items} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-muted">Total</dt>
        <dd className="text-base font-bold">{formatRupees(order.total)}</dd>
        <dt className="text-ink-muted">Payment</dt>
        <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
        <dt className="text-ink-muted">Deliver to</dt>
        <dd>
          {order.address.name}, {formatAddress(order.address)}
        </dd>
      </dl>
      {href && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={href} className={buttonClasses('secondary', 'sm')}>
            View order <span className="sr-only">{order.number}</span>
          </Link>
        </div>
      )}
    </article>
  );
}
