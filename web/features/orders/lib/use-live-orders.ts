import { useQueryClient } from '@tanstack/react-query';
import { ORDER_CHANGED_EVENT, type OrderChangedEvent } from '#shared/orders';
import { useSocketEvent } from '../../../lib/socket.ts';

/** Refreshes every order list when the server says an order was placed or changed; calls `onEvent` too. */
export function useLiveOrders(onEvent?: (e: OrderChangedEvent) => void): void {
  const queryClient = useQueryClient();
  useSocketEvent(ORDER_CHANGED_EVENT, (e: OrderChangedEvent | undefined) => {
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    if (e?.order) onEvent?.(e);
  });
}
