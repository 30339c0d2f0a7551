import type { Order } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { OrderCard } from './order-card.tsx';

export interface OrderListProps {
  orders: Order[];
  /** The page of one order, for its "View order" link. */
  orderHref?: (order: Order) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** A customer's orders as cards, newest first, with "Show older orders" while the server has more. */
export function OrderList({ orders, orderHref, hasMore, loadingMore, onLoadMore }: OrderListProps) {
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {orders.map((o) => (
          <li key={o.id}>
            <OrderCard order={o} href={orderHref?.(o)} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className="text-center">
          <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
            Show older orders
          </Button>
        </div>
      )}
    </div>
  );
}
