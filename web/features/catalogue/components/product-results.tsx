import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/catalogue';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { useProducts } from '../api/get-products.ts';
import type { ProductPageState } from '../lib/paths.ts';
import type { useShopAddToCart } from '../lib/use-add-to-cart.ts';
import { Pagination } from './pagination.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

export interface ProductResultsProps {
  products: ReturnType<typeof useProducts>;
  page: number;
  pages: number;
  pageHref: (page: number) => string;
  /** Route state kept by the links to other pages of the list. */
  routeState: unknown;
  onClearFilters: () => void;
  /** The product an ad pointed at: marked, and brought into view once listed. */
  highlightId: number | undefined;
  highlighted: boolean;
  cardLink: (p: Product) => string;
  linkState: ProductPageState;
  onAddToCart: (p: Product) => void;
  addingId: ReturnType<typeof useShopAddToCart>['addingId'];
  /** The page is asking for a newer copy of the list on screen. */
  refreshing: boolean;
}

/** One page of the catalogue as cards (placeholders while loading), or why there is none, and the links to others. */
export function ProductResults({
  products,
  page,
  pages,
  pageHref,
  routeState,
  onClearFilters,
  highlightId,
  highlighted,
  cardLink,
  linkState,
  onAddToCart,
  addingId,
  refreshing,
}: ProductResultsProps) {
  const list = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const highlightRef = useRef<HTMLLIElement>(null);
  const listed = list.length > 0;
  useEffect(() => {
    if (highlighted && listed) highlightRef.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted, listed]);

  if (products.isPending)
    return (
      <div>
        <p role="status" className="sr-only">
          Loading products…
        </p>
        <ul className="grid gap-3 min-[22.5rem]:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="flex">
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  if (products.isError)
    return (
      <ErrorState
        message={errorMessage(products.error, 'Could not load products. Please try again.')}
        onRetry={() => void products.refetch()}
      />
    );
  if (total === 0)
    return (
      <EmptyState title="No products match your filters">
        <button type="button" onClick={onClearFilters} className="font-semibold text-brand-800 underline">
          Clear filters
        </button>{' '}
        to see the whole catalogue.
      </EmptyState>
    );
  if (list.length === 0)
    return (
      <EmptyState title={`There is no page ${page}`}>
        <Link to={pageHref(1)} state={routeState} className="font-semibold text-brand-800 underline">
          Go to the first page
        </Link>
      </EmptyState>
    );
  return (
    <>
      {/* Two columns from 360 px: one column made a phone scroll through the whole catalogue card by card. */}
      <ul
        className={`grid gap-3 min-[22.5rem]:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4 ${products.isPlaceholderData ? 'opacity-70' : ''}`}
        aria-busy={refreshing || products.isPlaceholderData}
      >
        {list.map((p, i) => (
          <li key={p.id} ref={p.id === highlightId ? highlightRef : undefined} className="flex">
            <ProductCard
              product={p}
              to={cardLink(p)}
              linkState={linkState}
              onAddToCart={onAddToCart}
              adding={addingId === p.id}
              highlighted={p.id === highlightId}
              eager={i < 4}
            />
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} hrefFor={pageHref} state={routeState} />
    </>
  );
}
