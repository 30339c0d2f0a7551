import { memo } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/catalogue';
import { stockState } from '#shared/catalogue-rules';
import { Button } from '../../../components/button.tsx';
import type { ProductPageState } from '../lib/paths.ts';
import { PriceTag } from './price-tag.tsx';
import { RatingStars } from './rating-stars.tsx';
import { StockNote } from './stock-note.tsx';

export interface ProductCardProps {
  product: Product;
  /** The product's page. */
  to: string;
  /** Route state for the product's page (the catalogue address to go back to). */
  linkState?: ProductPageState;
  onAddToCart: (product: Product) => void;
  /** This product is being added to the cart now. */
  adding?: boolean;
  /** Marks the product the customer came for (from a Medical Tips ad). */
  highlighted?: boolean;
  /** The first row loads eagerly so the largest paint is not waiting for lazy images. */
  eager?: boolean;
}

/**
 * One product of the catalogue: picture, name, rating, stock when it runs low, the start of its description, prices
 * and Add to Cart. The name's link to the product's page covers the whole card (picture and "Read more" included), so
 * there is one link per product for keyboards and screen readers.
 */
export const ProductCard = memo(function ProductCard({
  product,
  to,
  linkState,
  onAddToCart,
  adding = false,
  highlighted = false,
  eager = false,
}: ProductCardProps) {
  const headingId = `product-${product.id}-name`;
  const out = stockState(product) === 'out';
  return (
    <article
      aria-labelledby={headingId}
      data-highlighted={highlighted || undefined}
      className={`relative flex w-full flex-col overflow-hidden rounded-xl bg-white text-ink shadow-sm ring-1 transition-shadow focus-within:shadow-md hover:shadow-md ${
        highlighted ? 'ring-4 ring-amber-400' : 'ring-black/5'
      }`}
    >
      <div className="relative">
        <img
          src={product.image}
          alt=""
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={`aspect-[4/3] w-full object-cover ${out ? 'opacity-60 grayscale' : ''}`}
        />
        <span className="absolute left-3 top-3 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-ink shadow-sm">
          {product.category}
        </span>
        {highlighted && (
          <span className="absolute right-3 top-3 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-ink shadow-sm">
            Recommended for you
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={headingId} className="text-lg font-semibold leading-snug">
          <Link
            to={to}
            state={linkState}
            className="rounded-sm underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {product.name}
          </Link>
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <RatingStars rating={product.rating} />
          <StockNote product={product} quiet />
        </div>
        <p className="line-clamp-2 text-sm text-ink-muted">{product.details}</p>
        {/* The whole description is on the product's page, where the card leads (the name's link covers the card);
            screen readers hear it all here already. */}
        <span aria-hidden="true" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          Read more
        </span>
        {/* Held to the bottom, with the listed price and discount above the price: the prices of a row stay level. */}
        <div className="mt-auto pt-2">
          <PriceTag product={product} stacked />
        </div>
        <Button
          className="relative z-10 mt-2 w-full"
          onClick={() => onAddToCart(product)}
          disabled={out}
          loading={adding}
        >
          {out ? 'Out of stock' : 'Add to Cart'}
          <span className="sr-only">: {product.name}</span>
        </Button>
      </div>
    </article>
  );
});

/** A grey card of the same size as a product card, shown while the catalogue loads. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex w-full animate-pulse flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5"
    >
      <div className="aspect-[4/3] w-full bg-gray-200" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-5 w-3/4 rounded bg-gray-200" />
        <div className="h-4 w-1/3 rounded bg-gray-200" />
        <div className="h-8 w-full rounded bg-gray-100" />
        <div className="h-6 w-1/2 rounded bg-gray-200" />
        <div className="h-9 w-full rounded bg-gray-200" />
      </div>
    </div>
  );
}
