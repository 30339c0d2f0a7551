import { useEffect, useState } from 'react';
import type { Product } from '#shared/catalogue';
import { discountedPrice, formatRupees } from '#shared/money';
import { useHydrated } from '../../../lib/use-hydrated.ts';

export interface ProductAdProps {
  products: Product[];
  /** Time each product stays on screen. */
  intervalMs: number;
  /** What the ad's button does with the product shown. */
  onOpen: (product: Product) => void;
  /** The button's text, e.g. 'Shop now'. */
  actionLabel: string;
  /** Name of the ad region for screen readers. */
  label: string;
}

// Fixed heights, so the page does not jump when the offers arrive (layout shift).
const AD_FRAME = 'overflow-hidden rounded-xl min-h-[190px] sm:min-h-[130px]';

/** The ad's frame while the products load. */
function ProductAdPlaceholder() {
  return <div aria-hidden="true" className={`${AD_FRAME} animate-pulse bg-brand-900/80`} />;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A rotating product advert (WAI-ARIA carousel pattern): it pauses while hovered or focused, has a Pause/Play
 * button, starts paused for people who ask for reduced motion, and only announces slides once rotation stops.
 */
export function ProductAd({ products, intervalMs, onOpen, actionLabel, label }: ProductAdProps) {
  const [index, setIndex] = useState(0);
  // Paused for people who ask for reduced motion, unless they press Play. Not known while a page rendered on the
  // server hydrates (its HTML cannot know), so read once React runs the page.
  const hydrated = useHydrated();
  const [pausedByUser, setPaused] = useState<boolean | null>(null);
  const paused = pausedByUser ?? (hydrated && prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = products.length;
  const rotating = !paused && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(id);
  }, [rotating, count, intervalMs]);

  if (count === 0) return <ProductAdPlaceholder />;
  const product = products[index % count]!;
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      className={`${AD_FRAME} bg-linear-to-r from-brand-900 to-brand-700 text-white shadow-md`}
    >
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
        <div
          aria-live={rotating ? 'off' : 'polite'}
          aria-atomic="true"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          role="group"
          className="flex flex-1 items-center gap-4"
        >
          <img
            src={product.image}
            alt=""
            width={120}
            height={90}
            className="h-[90px] w-[120px] shrink-0 rounded-lg bg-white object-cover"
          />
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-100">Today&rsquo;s offer</p>
            <p className="truncate text-lg font-bold sm:text-xl">{product.name}</p>
            <p className="text-sm">
              {product.discount > 0 && (
                <span className="mr-2 rounded bg-amber-300 px-1.5 py-0.5 font-bold text-ink">
                  {product.discount}% OFF
                </span>
              )}
              now {formatRupees(discountedPrice(product))}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => onOpen(product)}
            className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-900 shadow-sm hover:bg-brand-50"
          >
            {actionLabel}
            <span className="sr-only">: {product.name}</span>
          </button>
          <div className="flex items-center gap-1" role="group" aria-label="Advert controls">
            <button
              type="button"
              onClick={() => step(-1)}
              className="rounded-md px-2 py-2 text-white hover:bg-white/15"
              aria-label="Previous offer"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              onClick={() => setPaused(!paused)}
              aria-label={paused ? 'Play offers' : 'Pause offers'}
              className="rounded-md px-3 py-2 text-sm font-semibold text-white ring-1 ring-white/60 hover:bg-white/15"
            >
              {paused ? 'Play' : 'Pause'}
            </button>
            <button
              type="button"
              onClick={() => step(1)}
              className="rounded-md px-2 py-2 text-white hover:bg-white/15"
              aria-label="Next offer"
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
