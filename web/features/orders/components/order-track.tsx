import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from '#shared/orders';

const STEPS: OrderStatus[] = ['placed', 'confirmed', 'shipped', 'delivered'];

/** Who canceled, in the words of the person reading: the customer themselves or staff looking at it. */
function cancelledBy(order: Pick<Order, 'cancelledBy'>, viewer: 'customer' | 'staff'): string {
  if (order.cancelledBy === 'customer') return viewer === 'customer' ? ' by you' : ' by the customer';
  if (order.cancelledBy === 'staff') return ' by the shop';
  if (order.cancelledBy === 'system') return ': its UPI payment did not arrive in time';
  return '';
}

/**
 * Where an order is on its way: placed, confirmed, shipped, delivered as an ordered list whose current step carries
 * aria-current="step" and says done / current / to come in words; or a note that it was canceled, and by whom.
 */
export function OrderTrack({
  order,
  viewer = 'customer',
}: {
  order: Pick<Order, 'status' | 'cancelledBy'>;
  viewer?: 'customer' | 'staff';
}) {
  if (order.status === 'cancelled')
    return <p className="text-sm font-medium text-ink-muted">This order was canceled{cancelledBy(order, viewer)}.</p>;
  const reached = STEPS.indexOf(order.status);
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
