import type { OrderStatus } from '#shared/orders';

/** Query keys of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  /** Every staff list of orders, whatever its status filter. */
  staffLists: ['orders', 'all'] as const,
  staff: (status: OrderStatus | undefined) => ['orders', 'all', status ?? 'any'] as const,
  mine: ['orders', 'mine'] as const,
};
