import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import type { Cart } from '#shared/cart';
import { MSG } from '#shared/messages';
import { LinkButton } from '../../../components/button.tsx';
import { ConnectionNotice } from '../../../components/connection-notice.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCart } from '../../../lib/cart.ts';
import { PLACE_ORDER_KEY } from '../api/place-order.ts';
import { CheckoutCartStep } from '../components/checkout-cart-step.tsx';
import { CheckoutReviewStep, ConfirmOrderDialog } from '../components/checkout-review-step.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';

const PAGE_TITLE = 'Cart and checkout';

function NoProduct() {
  return (
    <PageShell title={PAGE_TITLE} width="normal">
      <Card className="text-center">
        <p className="text-xl font-semibold">{MSG.noProduct}</p>
        <p className="mt-2 text-ink-muted">Pick something for your pet in the catalogue and press Add to Cart.</p>
        <LinkButton to="/customer/product" className="mt-5" size="lg">
          Shop Now
        </LinkButton>
      </Card>
    </PageShell>
  );
}

/**
 * /customer/orders: the customer's cart, kept on the server, then the spec's checkout steps for all of it (address,
 * Buy Now, summary, payment method, confirm, alert) and the new order's own page.
 */
export default function CheckoutPage() {
  const cart = useCart();
  const placing = useIsMutating({ mutationKey: PLACE_ORDER_KEY }) > 0;
  // The cart on screen. An order being placed empties the cart on the server, and the customer's tabs may hear of it
  // (cart_changed) before the order's own answer arrives: the checkout stays until that answer moves on to the order.
  const [shown, setShown] = useState<Cart>();
  if (cart.data && cart.data !== shown && (cart.data.items.length > 0 || !placing)) setShown(cart.data);
  if (cart.isPending)
    return (
      <PageShell title={PAGE_TITLE}>
        <LoadingState label="Loading your cart…" />
      </PageShell>
    );
  if (!cart.data)
    return (
      <PageShell title={PAGE_TITLE}>
        <ErrorState
          message={errorMessage(cart.error, 'Could not load your cart. Please try again.')}
          onRetry={() => void cart.refetch()}
        />
      </PageShell>
    );
  const current = shown ?? cart.data;
  if (current.items.length === 0) return <NoProduct />;
  return <Checkout cart={current} />;
}

function Checkout({ cart }: { cart: Cart }) {
  const checkout = useCheckout(cart);
  return (
    <PageShell
      title={PAGE_TITLE}
      intro={
        checkout.step === 'cart'
          ? 'Step 1 of 2: your cart and delivery address.'
          : 'Step 2 of 2: check your order and choose how to pay.'
      }
    >
      <div className="mb-6 empty:hidden">
        <ConnectionNotice what="your cart" />
      </div>
      {checkout.step === 'cart' ? (
        <CheckoutCartStep cart={cart} checkout={checkout} />
      ) : (
        <CheckoutReviewStep cart={cart} checkout={checkout} />
      )}
      <ConfirmOrderDialog cart={cart} checkout={checkout} />
    </PageShell>
  );
}
