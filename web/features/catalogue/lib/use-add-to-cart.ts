import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { Product } from '#shared/catalogue';
import { errorMessage } from '../../../lib/api-client.ts';
import { storePendingCartAdd, useAddToCart } from '../../../lib/cart.ts';
import { useSession } from '../../../lib/session.tsx';

/**
 * Add to Cart of the catalogue, its ads and the product pages. A customer's product goes into the cart and, as the
 * spec says, the customer goes to /customer/orders with it in route state; a refusal (out of stock, no longer
 * available, a full cart) is the server's message in a toast and the page stays. A visitor goes to /login and the
 * product goes into the cart once they are signed in as a customer. Staff go to /login, as the spec's page does.
 */
export function useShopAddToCart() {
  const { user } = useSession();
  const navigate = useNavigate();
  const add = useAddToCart();
  const isCustomer = user?.role === 'user';

  const signedIn = !!user;
  const { mutate } = add;
  // The same function from render to render, so the catalogue's cards (memo) do not draw again for nothing.
  const addToCart = useCallback(
    (product: Product) => {
      if (!isCustomer) {
        if (!signedIn) storePendingCartAdd(product);
        void navigate('/login');
        return;
      }
      mutate(product.id, {
        onSuccess: () => void navigate('/customer/orders', { state: { product } }),
        onError: (err) =>
          toast.error(errorMessage(err, `Could not add ${product.name} to your cart. Please try again.`), {
            toastId: `add-to-cart-${product.id}`,
          }),
      });
    },
    [isCustomer, signedIn, navigate, mutate],
  );

  /** The product being added right now, whose button shows it is busy. */
  const addingId = add.isPending ? add.variables : undefined;
  return { addToCart, addingId, isCustomer };
}
