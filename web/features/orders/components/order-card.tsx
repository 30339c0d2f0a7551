import type { ReactNode } from 'react';
import { formatRupees } from '#shared/money';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, type Order, type OrderStatus } from '#shared/orders';
import { formatAddress } from '../lib/address-book.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

const STEPS: OrderStatus[] = ['placed', 'confirmed', 'shipped', 'delivered'];
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Where an order is on its way, as a four-step track (or a note that it was cancelled). */
function OrderTrack({ status }: { status: OrderStatus }) {
  if (status === 'cancelled') return <p className="text-sm text-ink-muted">This order was cancelled.</p>;
  const reached = STEPS.indexOf(status);
  return (
    <ol className="flex flex-wrap gap-x-1 gap-y-2 text-xs font-medium" aria-label="Order progress">
      {STEPS.map((s, i) => (
        <li key={s} className="flex items-center gap-1" aria-current={i === reached ? 'step' : undefined}>
          <span
            className={`inline-block h-2.5 w-2.5 rounded-full ${i <= reached ? 'bg-brand-700' : 'bg-gray-300'}`}
            aria-hidden="true"
          />
          <span className={i <= reached ? 'text-ink' : 'text-ink-muted'}>
            {ORDER_STATUS_LABELS[s]}
            <span className="sr-only">{i < reached ? ' (done)' : i === reached ? ' (current)' : ' (to come)'}</span>
          </span>
          {i < STEPS.length - 1 && (
            <span className={`mx-1 h-0.5 w-6 ${i < reached ? 'bg-brand-700' : 'bg-gray-300'}`} aria-hidden="true" />
          )}
        </li>
      ))}
    </ol>
  );
}

/** One order: number, date, status, items with prices, total, payment and delivery address. */
export function OrderCard({
  order,
  showCustomer = false,
  actions,
}: {
  order: Order;
  showCustomer?: boolean;
  actions?: ReactNode;
}) {
  const headingId = `order-${order.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-5 text-ink shadow-sm ring-1 ring-black/5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            Order {order.number}
          </h2>
          <p className="text-sm text-ink-muted">
            <time dateTime={order.createdAt}>{dateTime.format(new Date(order.createdAt))}</time>
            {showCustomer && (
              <>
                {' · '}
                {order.customerName} ({order.customerEmail})
              </>
            )}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <div className="mt-3">
        <OrderTrack status={order.status} />
      </div>
      <ul className="mt-4 divide-y divide-gray-100 border-y border-gray-100">
        {order.items.map((item) => (
          <li key={item.productId} className="flex items-center gap-3 py-2">
            {item.image ? (
              <img
                src={item.image}
                alt=""
                width={48}
                height={36}
                className="h-9 w-12 rounded object-cover"
                loading="lazy"
              />
            ) : (
              <span className="h-9 w-12" />
            )}
            <span className="flex-1">
              <span className="font-medium">{item.name}</span>
              <span className="block text-sm text-ink-muted">
                {item.quantity} × {formatRupees(item.unitPrice)}
                {item.discount > 0 && ` − ${item.discount}%`}
              </span>
            </span>
            <span className="font-medium">{formatRupees(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
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
      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
