import { ORDER_STATUS_LABELS, type OrderStatus } from '#shared/orders';

const STYLES: Record<OrderStatus, string> = {
  placed: 'bg-blue-100 text-blue-900',
  confirmed: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-amber-100 text-amber-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

/** An order's status as a coloured label (the text carries the meaning; colour only helps). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STYLES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
