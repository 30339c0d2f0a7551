import { useEffect } from 'react';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { takePendingCartAdd, useAddToCart } from '../../lib/cart.ts';

/**
 * A visitor pressed Add to Cart and was sent to /login: now that they are a signed-in customer, the product goes
 * into their cart, once (it leaves storage as it is read), and a toast says so or gives the server's refusal.
 */
export function usePendingCartAdd(): void {
  const { mutate } = useAddToCart();
  useEffect(() => {
    const pending = takePendingCartAdd();
    if (!pending) return;
    mutate(pending.id, {
      onSuccess: () => toast.success(`${pending.name} was added to your cart`),
      onError: (err) => toast.error(errorMessage(err, `Could not add ${pending.name} to your cart. Please try again.`)),
    });
  }, [mutate]);
}
