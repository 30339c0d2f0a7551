import type { Product } from '#shared/catalogue';
import { discountedPrice, formatRupees } from '#shared/money';

/** Listed price struck through, the discount, and what the customer pays. */
export function PriceTag({
  product,
  size = 'md',
}: {
  product: Pick<Product, 'price' | 'discount'>;
  size?: 'md' | 'lg';
}) {
  const final = discountedPrice(product);
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-bold text-ink ${size === 'lg' ? 'text-2xl' : 'text-xl'}`}>
        <span className="sr-only">Price after discount: </span>
        {formatRupees(final)}
      </span>
      {product.discount > 0 && (
        <>
          <span className="text-sm text-ink-muted line-through">
            <span className="sr-only">Listed price: </span>
            {formatRupees(product.price)}
          </span>
          <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-bold text-green-800">
            {product.discount}% OFF
          </span>
        </>
      )}
    </div>
  );
}
