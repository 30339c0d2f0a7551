import type { ReactNode } from 'react';
import type { Order } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { OrderCard } from './order-card.tsx';

export interface OrderListProps {
  orders: Order[];
  /** Staff see who ordered. */
  showCustomer?: boolean;
  /** The buttons under one order. */
  actions?: (order: Order) => ReactNode;
  /** The page of one order, for its "View order" link. */
  orderHref?: (order: Order) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Orders as cards, newest first, with "Show older orders" while the server has more. */
export function OrderList({
  orders,
  showCustomer,
  actions,
  orderHref,
  hasMore,
  loadingMore,
  onLoadMore,
}: OrderListProps) {
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {orders.map((o) => (
          <li key={o.id}>
            <OrderCard order={o} showCustomer={showCustomer} actions={actions?.(o)} href={orderHref?.(o)} />
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
