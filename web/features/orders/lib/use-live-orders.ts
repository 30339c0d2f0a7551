import { useQueryClient } from '@tanstack/react-query';
import { ORDER_CHANGED_EVENT, type OrderChangedEvent } from '#shared/orders';
import { useSession } from '../../../lib/session.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';
import { applyOrder } from './order-lists.ts';

/**
 * Keeps the order lists current when the server says an order was placed or changed: the event's order replaces,
 * joins or leaves every cached list, without a request. Calls `onEvent` too.
 */
export function useLiveOrders(onEvent?: (e: OrderChangedEvent) => void): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(ORDER_CHANGED_EVENT, (e) => {
    applyOrder(queryClient, e.order, user?.id);
    onEvent?.(e);
  });
}
