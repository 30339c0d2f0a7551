import type { Product } from '#shared/catalogue';
import { Button } from '../../../components/button.tsx';
import { PriceTag } from './price-tag.tsx';
import { RatingStars } from './rating-stars.tsx';

export interface ProductCardProps {
  product: Product;
  onAddToCart: (product: Product) => void;
  /** Marks the product the customer came for (from a Medical Tips ad). */
  highlighted?: boolean;
  /** The first row loads eagerly so the largest paint is not waiting for lazy images. */
  eager?: boolean;
}

/** One product of the catalogue: picture, name, rating, prices and Add to Cart. */
export function ProductCard({ product, onAddToCart, highlighted = false, eager = false }: ProductCardProps) {
  const headingId = `product-${product.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-highlighted={highlighted || undefined}
      className={`flex w-full flex-col overflow-hidden rounded-xl bg-white text-ink shadow-sm ring-1 transition-shadow hover:shadow-md ${
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
          className="aspect-[4/3] w-full object-cover"
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
          {product.name}
        </h2>
        <RatingStars rating={product.rating} />
        <p className="line-clamp-2 text-sm text-ink-muted">{product.details}</p>
        <div className="mt-auto pt-2">
          <PriceTag product={product} />
        </div>
        <Button className="mt-2 w-full" onClick={() => onAddToCart(product)}>
          Add to Cart<span className="sr-only">: {product.name}</span>
        </Button>
      </div>
    </article>
  );
}

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
