import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '#shared/cart';
import { stockLabel, stockState } from '#shared/catalogue';
import { discountedPrice, formatRupees } from '#shared/money';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cartKey, useSetCartQuantity } from '../../../lib/cart.ts';
import { lineMax, lineProblem, type RefusedLine } from '../lib/cart-lines.ts';
import { QuantityStepper } from './quantity-stepper.tsx';
import { useClinicSettings } from '../../../lib/clinic-settings.ts';

export interface CartLineItemProps {
  line: CartLine;
  /** The product Add to Cart just put in: marked and scrolled into view. */
  highlighted: boolean;
  /** What the server said about this line when it refused the order, while the line still asks the same quantity. */
  refusal: RefusedLine | undefined;
  onRemove: () => void;
  removing: boolean;
}

/**
 * One line of the cart: picture, name (to the product's page), unit price and discount, a quantity stepper that
 * saves each change on the server, the line total and Remove. A line checkout would refuse says why.
 *
 * Quantity changes go to the server one at a time, the latest wins: clicks made while a change is on its way are
 * sent after it, so answers can never arrive out of order and leave an older quantity in the cart.
 */
export function CartLineItem({ line, highlighted, refusal, onRemove, removing }: CartLineItemProps) {
  const { product } = line;
  // The clinic's cap on units of one product per order: the stepper stops there, not only checkout.
  const unitsPerOrder = useClinicSettings().data?.maxUnitsPerProduct;
  const setQuantity = useSetCartQuantity();
  const queryClient = useQueryClient();
  const queue = useRef<{ next: number | null; running: boolean }>({ next: null, running: false });
  const [wanted, setWanted] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);

  const change = (quantity: number) => {
    setWanted(quantity);
    setError(undefined);
    queue.current.next = quantity;
    if (queue.current.running) return;
    queue.current.running = true;
    void (async () => {
      try {
        while (queue.current.next !== null) {
          const next = queue.current.next;
          queue.current.next = null;
          await setQuantity.mutateAsync({ productId: line.productId, quantity: next });
        }
      } catch (err) {
        queue.current.next = null;
        setError(errorMessage(err, 'Could not change the quantity. Please try again.'));
        // The server's cart is the truth: show it again.
        void queryClient.invalidateQueries({ queryKey: cartKey });
      } finally {
        queue.current.running = false;
        setWanted(null);
      }
    })();
  };

  const quantity = wanted ?? line.quantity;
  const problem = (refusal && refusal.quantity === line.quantity ? refusal.message : lineProblem(line))?.replace(
    /\.$/,
    '',
  );
  const fix =
    !product.active || product.stock <= 0
      ? 'Remove it to order the rest.'
      : `Lower the quantity to ${product.stock} or remove it.`;
  const titleId = `cart-line-${line.productId}`;

  return (
    <li
      ref={ref}
      aria-labelledby={titleId}
      data-highlighted={highlighted || undefined}
      className={`flex flex-col gap-4 rounded-lg border p-4 sm:flex-row ${
        problem
          ? 'border-red-300 bg-red-50/40'
          : highlighted
            ? 'border-brand-700 ring-2 ring-brand-700'
            : 'border-gray-200'
      }`}
    >
      <img
        src={product.image}
        alt=""
        width={120}
        height={90}
        className="h-[90px] w-[120px] shrink-0 rounded-lg object-cover"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-semibold">
            <Link to={`/customer/product/${product.id}`} className="text-ink underline-offset-2 hover:underline">
              {product.name}
            </Link>
          </h3>
          {highlighted && (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-900">Just added</span>
          )}
        </div>
        <p>
          <span className="font-bold">{formatRupees(discountedPrice(product))}</span>
          {product.discount > 0 && (
            <>
              {' '}
              <span className="text-sm text-ink-muted line-through">
                <span className="sr-only">was </span>
                {formatRupees(product.price)}
              </span>{' '}
              <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-bold text-green-800">
                {product.discount}% OFF
              </span>
            </>
          )}
          {!problem && stockState(product) === 'low' && (
            <span className="ml-2 text-sm font-medium text-amber-900">{stockLabel(product)}</span>
          )}
        </p>
        {problem && (
          <p className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-800">
            {problem}. {fix}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-end justify-between gap-4 pt-1">
          <QuantityStepper
            value={quantity}
            onChange={change}
            productName={product.name}
            max={lineMax(line, unitsPerOrder)}
          />
          <p className="text-right">
            <span className="block text-sm text-ink-muted">Line total</span>
            <span className="text-lg font-bold">{formatRupees(line.lineTotal)}</span>
          </p>
          <Button variant="ghost" className="text-red-800" onClick={onRemove} loading={removing}>
            Remove <span className="sr-only">{product.name} from the cart</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
