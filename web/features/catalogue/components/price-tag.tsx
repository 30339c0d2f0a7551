import type { Product } from '#shared/catalogue';
import { discountedPrice, formatRupees } from '#shared/money';

/**
 * Listed price struck through, the discount, and what the customer pays. `stacked` (the catalogue's cards) puts the
 * listed price and the discount on a line of their own above the price, so however that line wraps, the price stays
 * at the same height above the card's bottom, level with the prices of its row.
 */
export function PriceTag({
  product,
  size = 'md',
  stacked = false,
}: {
  product: Pick<Product, 'price' | 'discount'>;
  size?: 'md' | 'lg';
  stacked?: boolean;
}) {
  const final = (
    <span className={`font-bold text-ink ${size === 'lg' ? 'text-2xl' : 'text-xl'} ${stacked ? 'block' : ''}`}>
      <span className="sr-only">Price after discount: </span>
      {formatRupees(discountedPrice(product))}
    </span>
  );
  const listed = product.discount > 0 && (
    <>
      <span className="text-sm text-ink-muted line-through">
        <span className="sr-only">Listed price: </span>
        {formatRupees(product.price)}
      </span>
      <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-bold text-green-800">
        {product.discount}% OFF
      </span>
    </>
  );
  if (stacked) {
    return (
      <div>
        <div className="flex min-h-6 flex-wrap items-baseline gap-x-2 gap-y-1">{listed}</div>
        {final}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {final}
      {listed}
    </div>
  );
}
