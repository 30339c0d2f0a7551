import { useId, useState } from 'react';
import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type Order } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import type { StaffOrderActions } from '../hooks/use-staff-order-actions.ts';
import { OrderStatusBadge, PaymentStatusBadge } from './order-status-badge.tsx';
import { StaffOrderDetails } from './staff-order-details.tsx';

const COLUMNS = ['Order', 'Customer', 'Total', 'Status', 'Payment', 'Placed', 'Details'] as const;

// Below md each order is a short stack of its cells; from md on, a table row. The roles keep the table's meaning for
// assistive technology whatever the display.
const cellClass = 'block align-top md:table-cell md:px-4 md:py-3';

export interface StaffOrderTableProps {
  orders: Order[];
  actions: StaffOrderActions;
}

/**
 * Staff's orders, one compact row each (number, customer, total, status, payment, when placed), newest first; a
 * row's Details button opens its lines, address, payment reference and next steps beneath it.
 */
export function StaffOrderTable({ orders, actions }: StaffOrderTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className="rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5">
      <table role="table" className="block w-full text-left text-sm md:table">
        <caption className="sr-only">Orders</caption>
        <thead role="rowgroup" className="bg-gray-50 text-ink-muted max-md:sr-only md:table-header-group">
          <tr role="row">
            {COLUMNS.map((c) => (
              <th key={c} role="columnheader" scope="col" className="px-4 py-2 font-semibold">
                {c === 'Details' ? <span className="sr-only">{c}</span> : c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-gray-100 md:table-row-group">
          {orders.map((o) => (
            <StaffOrderRow
              key={o.id}
              order={o}
              actions={actions}
              expanded={open.has(o.id)}
              onToggle={() => toggle(o.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StaffOrderRow({
  order: o,
  actions,
  expanded,
  onToggle,
}: {
  order: Order;
  actions: StaffOrderActions;
  expanded: boolean;
  onToggle: () => void;
}) {
  const formatInstant = useFormatInstant();
  const detailsId = useId();
  return (
    <>
      <tr
        role="row"
        className={`grid grid-cols-2 gap-x-4 gap-y-2 p-4 md:table-row md:p-0 ${expanded ? 'bg-gray-50' : ''}`}
      >
        <th role="rowheader" scope="row" className={`${cellClass} font-mono font-semibold`}>
          {o.number}
        </th>
        <td role="cell" className={`${cellClass} col-span-2 min-w-0 md:max-w-64`}>
          <span className="block font-medium break-words">{o.customerName}</span>
          <EmailAddress email={o.customerEmail} className="text-xs text-ink-muted" />
        </td>
        <td role="cell" className={`${cellClass} font-semibold whitespace-nowrap`}>
          {formatRupees(o.total)}
        </td>
        <td role="cell" className={cellClass}>
          <OrderStatusBadge status={o.status} />
        </td>
        <td role="cell" className={`${cellClass} col-span-2`}>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <PaymentStatusBadge status={o.paymentStatus} />
            <span className="text-xs text-ink-muted">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</span>
          </span>
        </td>
        {/* On a phone the date sits beside the number. */}
        <td
          role="cell"
          className={`${cellClass} text-ink-muted max-md:col-start-2 max-md:row-start-1 max-md:text-right md:whitespace-nowrap`}
        >
          <time dateTime={o.createdAt}>{formatInstant(o.createdAt)}</time>
        </td>
        <td role="cell" className={`${cellClass} col-span-2 md:text-right`}>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={onToggle}
          >
            <span>
              Details <span className="sr-only">of order {o.number}</span>
            </span>
            <span aria-hidden="true" className={`inline-block transition-transform ${expanded ? 'rotate-180' : ''}`}>
              ▾
            </span>
          </Button>
        </td>
      </tr>
      {expanded && (
        <tr role="row" className="block bg-gray-50 md:table-row">
          <td role="cell" colSpan={COLUMNS.length} className="block px-4 pt-1 pb-5 md:table-cell">
            <StaffOrderDetails id={detailsId} order={o} actions={actions} />
          </td>
        </tr>
      )}
    </>
  );
}
