import { useEffect, useRef } from 'react';
import type { Cart, CartLine } from '#shared/cart';
import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Card } from '../../../components/page-shell.tsx';
import type { CheckoutModel } from '../hooks/use-checkout.ts';
import { formatAddress } from '../lib/address-book.ts';
import { PaymentOptions } from './payment-options.tsx';

const summaryColumns: Column<CartLine>[] = [
  { id: 'product', header: 'Product', rowHeader: true, cell: (l) => l.product.name },
  { id: 'price', header: 'Price', align: 'right', cell: (l) => formatRupees(l.product.price) },
  { id: 'discount', header: 'Discount', align: 'right', cell: (l) => `${l.product.discount}%` },
  { id: 'qty', header: 'Qty', align: 'right', cell: (l) => l.quantity },
  { id: 'amount', header: 'Amount', align: 'right', className: 'font-medium', cell: (l) => formatRupees(l.lineTotal) },
];

/** Step 2 of the checkout: the order's summary, the payment method, and Place order. */
export function CheckoutReviewStep({ cart, checkout }: { cart: Cart; checkout: CheckoutModel }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The step opens on its heading, so the next Tab goes on from the summary.
  useEffect(() => heading.current?.focus(), []);
  const { address, placeError } = checkout;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="space-y-6">
        <Card as="section">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
            Order summary
          </h2>
          <DataTable
            variant="plain"
            caption="Items in your order"
            columns={summaryColumns}
            rows={cart.items}
            rowKey={(line) => line.productId}
            footer={
              <tr>
                <th scope="row" colSpan={summaryColumns.length - 1} className="py-2 text-right">
                  Total
                </th>
                <td className="py-2 text-right text-lg font-bold">{formatRupees(cart.total)}</td>
              </tr>
            }
          />
          {address && (
            <p className="mt-4 text-sm">
              <span className="font-medium">Deliver to:</span> {address.name}, {formatAddress(address)}
            </p>
          )}
        </Card>
        <Card as="section">
          <PaymentOptions
            value={checkout.payment}
            onChange={checkout.pickPayment}
            total={cart.total}
            error={checkout.paymentError}
          />
        </Card>
      </div>
      <Card as="section" className="h-fit space-y-3 lg:sticky lg:top-4">
        <h2 className="text-lg font-semibold">Ready to order?</h2>
        <p className="flex items-baseline justify-between">
          <span>Total</span>
          <span className="text-2xl font-bold">{formatRupees(cart.total)}</span>
        </p>
        <FormError message={placeError} />
        <Button size="lg" className="w-full" onClick={checkout.askToConfirm} loading={checkout.placing}>
          {placeError ? 'Try again' : 'Place order'}
        </Button>
        <Button variant="secondary" className="w-full" onClick={checkout.backToCart} disabled={checkout.placing}>
          Back to cart
        </Button>
      </Card>
    </div>
  );
}

/** The last question before the order is placed: what, for how much, paid how, delivered where. */
export function ConfirmOrderDialog({ cart, checkout }: { cart: Cart; checkout: CheckoutModel }) {
  const { payment, address } = checkout;
  return (
    <ConfirmDialog
      open={checkout.confirmOpen}
      title="Confirm your order"
      confirmLabel="Confirm order"
      cancelLabel="Go back"
      busy={checkout.placing}
      onConfirm={checkout.confirm}
      onCancel={checkout.cancelConfirm}
    >
      <ul>
        {cart.items.map((l) => (
          <li key={l.productId}>
            {l.quantity} × {l.product.name}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Total <strong>{formatRupees(cart.total)}</strong>
      </p>
      {payment && <p className="mt-1">Payment: {PAYMENT_METHOD_LABELS[payment]}</p>}
      {address && (
        <p className="mt-1 text-sm text-ink-muted">
          Deliver to {address.name}, {formatAddress(address)}
        </p>
      )}
    </ConfirmDialog>
  );
}
