import type { OrderStatus, PaymentStatus } from '#shared/orders';

/** Query keys of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  /** Every staff list of orders, whatever its filters. */
  staffLists: ['orders', 'all'] as const,
  staff: (status: OrderStatus | undefined, paymentStatus: PaymentStatus | undefined) =>
    ['orders', 'all', status ?? 'any', paymentStatus ?? 'any'] as const,
  mine: ['orders', 'mine'] as const,
  /** One order (its own page). */
  one: (id: string) => ['orders', 'one', id] as const,
};
