import { useIsMutating } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { Cart, CartLine } from '#shared/cart';
import { MSG } from '#shared/messages';
import { formatRupees } from '#shared/money';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRemoveCartLine } from '../../../lib/cart.ts';
import { useSession } from '../../../lib/session.tsx';
import type { CheckoutModel } from '../hooks/use-checkout.ts';
import { lineProblem } from '../lib/cart-lines.ts';
import { AddressPicker } from './address-picker.tsx';
import { CartLineItem } from './cart-line-item.tsx';

/** The product Add to Cart passed in route state (it is in the server's cart by now), or undefined. */
function addedProductId(state: unknown): number | undefined {
  const id = (state as { product?: { id?: unknown } } | null)?.product?.id;
  return typeof id === 'number' ? id : undefined;
}

/** The cart's lines, each with its quantity and Remove, and the server's refusal of an order for some of them. */
function CartLines({ cart, checkout }: { cart: Cart; checkout: CheckoutModel }) {
  const navigate = useNavigate();
  const location = useLocation();
  const justAdded = addedProductId(location.state);
  const remove = useRemoveCartLine();
  const heading = useRef<HTMLHeadingElement>(null);
  const { refusal } = checkout;

  const removeLine = async (line: CartLine) => {
    try {
      const left = await remove.mutateAsync(line.productId);
      if (left.items.length === 0) {
        // The spec's Remove: the cart is empty, so back home (and Back does not reopen it with the product).
        void navigate('/homeusers', { replace: true });
        return;
      }
      toast.info(`${line.product.name} removed from your cart`);
      heading.current?.focus();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not remove it from your cart. Please try again.'));
    }
  };

  return (
    <Card as="section">
      <h2 ref={heading} tabIndex={-1} className="mb-4 text-lg font-semibold">
        Products in your cart
      </h2>
      {refusal && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 font-medium text-red-800">
          {refusal.message}
        </p>
      )}
      <ul className="space-y-4">
        {cart.items.map((line) => (
          <CartLineItem
            key={line.productId}
            line={line}
            highlighted={line.productId === justAdded}
            refusal={refusal?.lines.get(line.productId)}
            onRemove={() => void removeLine(line)}
            removing={remove.isPending && remove.variables === line.productId}
          />
        ))}
      </ul>
    </Card>
  );
}

/** The delivery address: chosen from those saved in this browser, or a new one. */
function DeliveryAddress({ checkout }: { checkout: CheckoutModel }) {
  const { user } = useSession();
  return (
    <Card as="section">
      <h2 className="mb-1 text-lg font-semibold">Delivery address</h2>
      <p className="mb-4 text-sm text-ink-muted">Saved in this browser only.</p>
      {checkout.addressAlert && !checkout.address && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 font-medium text-red-800">
          {MSG.addressNeeded}
        </p>
      )}
      <AddressPicker
        addresses={checkout.addresses}
        selectedId={checkout.selectedId}
        onSelect={checkout.selectAddress}
        onAdd={checkout.addAddress}
        onRemove={checkout.removeAddress}
        defaultName={user?.name}
        formOpen={checkout.formOpen}
        onFormOpenChange={checkout.setFormOpen}
      />
    </Card>
  );
}

/** The cart's total and Buy Now, with what keeps the order back when some lines cannot be ordered. */
function CartSummary({ cart, checkout }: { cart: Cart; checkout: CheckoutModel }) {
  // A quantity or a removal on its way: Buy Now waits for the cart the server holds.
  const cartBusy = useIsMutating() > 0 && !checkout.placing;
  const blockedNoteId = useId();
  const { problems } = checkout;
  return (
    <Card as="section" className="h-fit space-y-3 lg:sticky lg:top-4">
      <h2 className="text-lg font-semibold">Your cart</h2>
      <ul className="space-y-1 text-sm">
        {cart.items.map((l) => (
          <li key={l.productId} className="flex justify-between gap-3">
            <span>
              {l.product.name} × {l.quantity}
            </span>
            <span>{formatRupees(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <p className="flex items-baseline justify-between border-t border-gray-100 pt-3">
        <span>
          Total{' '}
          <span className="text-sm text-ink-muted">
            ({cart.count} {cart.count === 1 ? 'item' : 'items'})
          </span>
        </span>
        <span className="text-2xl font-bold">{formatRupees(cart.total)}</span>
      </p>
      {problems.length > 0 &&
        (checkout.blocked ? (
          <div id={blockedNoteId} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            <p>Some products cannot be ordered as they are:</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((l) => (
                <li key={l.productId}>{lineProblem(l)}</li>
              ))}
            </ul>
            <p className="mt-1">Lower the quantity or remove them to continue.</p>
          </div>
        ) : (
          <p id={blockedNoteId} className="text-sm font-medium text-red-800">
            Fix the marked products to continue.
          </p>
        ))}
      <Button
        size="lg"
        className="w-full"
        onClick={checkout.buyNow}
        loading={cartBusy}
        aria-describedby={problems.length > 0 ? blockedNoteId : undefined}
      >
        Buy Now
      </Button>
    </Card>
  );
}

/** Step 1 of the checkout: the cart's lines, the delivery address, and Buy Now. */
export function CheckoutCartStep({ cart, checkout }: { cart: Cart; checkout: CheckoutModel }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="space-y-6">
        <CartLines cart={cart} checkout={checkout} />
        <DeliveryAddress checkout={checkout} />
      </div>
      <CartSummary cart={cart} checkout={checkout} />
    </div>
  );
}
