import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type Order } from '#shared/orders';
import type { StaffOrderActions } from '../hooks/use-staff-order-actions.ts';
import { formatAddress } from '../lib/address-book.ts';
import { OrderItems } from './order-items.tsx';
import { OrderTrack } from './order-track.tsx';
import { StaffOrderButtons } from './staff-order-actions.tsx';

/**
 * What staff open an order's row for: where it is on its way, its lines, where it goes, how it is paid (the UPI
 * reference to check) and the buttons of its next steps. Named "Order <number>" for assistive technology.
 */
export function StaffOrderDetails({ order: o, actions, id }: { order: Order; actions: StaffOrderActions; id: string }) {
  return (
    <section id={id} aria-label={`Order ${o.number}`} className="grid gap-x-8 gap-y-4 md:grid-cols-2">
      <div>
        <OrderItems items={o.items} />
        <p className="mt-2 flex justify-between text-sm">
          <span className="text-ink-muted">Total</span>
          <span className="font-bold">{formatRupees(o.total)}</span>
        </p>
      </div>
      <div className="space-y-3 text-sm">
        <OrderTrack order={o} viewer="staff" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-ink-muted">Payment</dt>
          <dd>{PAYMENT_METHOD_LABELS[o.paymentMethod]}</dd>
          <dt className="text-ink-muted">Deliver to</dt>
          <dd className="break-words">
            {o.address.name}, {formatAddress(o.address)}
          </dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <StaffOrderButtons order={o} actions={actions} />
        </div>
      </div>
    </section>
  );
}
