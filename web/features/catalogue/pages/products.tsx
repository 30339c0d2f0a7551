import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Product } from '#shared/catalogue';
import { PRODUCT_AD_ROTATE_MS } from '#shared/constants';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useAllProducts } from '../api/get-all-products.ts';
import { useProducts } from '../api/get-products.ts';
import { ProductAd } from '../components/product-ad.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import { ProductFilters } from '../components/product-filters.tsx';
import { DEFAULT_FILTERS, isFiltered, readFilters, writeFilters, type CatalogueFilters } from '../lib/filters.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** Route state of /customer/product: the product a Medical Tips ad pointed at. */
interface ProductRouteState {
  product?: Pick<Product, 'id' | 'name'>;
}

/**
 * The catalogue, public at /products and for customers at /customer/product. Filters apply as you change them and
 * live in the URL, so a filtered view can be bookmarked or shared. Add to Cart (and the ad) lead anonymous
 * visitors to /login and customers to checkout with the product.
 */
export default function ProductsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const isCustomer = user?.role === 'user';
  const highlightId = (location.state as ProductRouteState | null)?.product?.id;

  // What the controls show follows every keystroke; the URL and the request follow once input settles.
  const urlFilters = useMemo(() => readFilters(searchParams), [searchParams]);
  const [draft, setDraft] = useState<CatalogueFilters>(urlFilters);
  const lastWritten = useRef(writeFilters(urlFilters).toString());
  useEffect(() => {
    // Back/forward or a pasted link changed the URL: show those filters.
    const fromUrl = writeFilters(urlFilters).toString();
    if (fromUrl !== lastWritten.current) {
      lastWritten.current = fromUrl;
      setDraft(urlFilters);
    }
  }, [urlFilters]);
  const settled = useDebouncedValue(draft, 250);
  // Whatever came with this page (e.g. where to go back to) stays when the filters are written to the URL.
  const routeState: unknown = location.state;
  useEffect(() => {
    const next = writeFilters(settled).toString();
    if (next === lastWritten.current) return;
    lastWritten.current = next;
    setSearchParams(writeFilters(settled), { replace: true, state: routeState });
  }, [settled, setSearchParams, routeState]);

  const products = useProducts(settled);
  const allProducts = useAllProducts();

  const addToCart = (product: Product) => {
    if (isCustomer) void navigate('/customer/orders', { state: { product } });
    else void navigate('/login');
  };

  const highlightRef = useRef<HTMLLIElement>(null);
  const list = products.data ?? [];
  const highlighted = highlightId ? allProducts.data?.find((p) => p.id === highlightId) : undefined;
  const listed = list.length > 0;
  useEffect(() => {
    if (highlighted && listed) highlightRef.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted, listed]);

  const filtered = isFiltered(draft);
  const one = list.length === 1;
  const resultText = products.isPending
    ? ''
    : `${list.length} ${one ? 'product' : 'products'}${filtered ? (one ? ' matches your filters' : ' match your filters') : ''}`;

  return (
    <PageShell title="Products" intro="Food, toys, accessories and care for your pet, at clinic-approved prices.">
      <div className="space-y-6">
        {allProducts.isError ? null : (
          <ProductAd
            products={allProducts.data ?? []}
            intervalMs={PRODUCT_AD_ROTATE_MS}
            onOpen={addToCart}
            actionLabel={isCustomer ? 'Buy now' : 'Log in to buy'}
            label="Product offers"
          />
        )}

        {highlighted && !list.some((p) => p.id === highlighted.id) && (
          <section aria-labelledby="recommended-heading" className="space-y-3">
            <h2 id="recommended-heading" className="themed text-xl font-semibold">
              Recommended for you
            </h2>
            <div className="max-w-sm">
              <ProductCard product={highlighted} onAddToCart={addToCart} highlighted eager />
            </div>
          </section>
        )}

        <ProductFilters
          filters={draft}
          onChange={setDraft}
          onReset={() => setDraft(DEFAULT_FILTERS)}
          canReset={filtered}
        />

        <p role="status" className="themed text-sm font-medium" aria-live="polite">
          {resultText}
          {products.isFetching && !products.isPending && <span className="sr-only"> (updating)</span>}
        </p>

        {products.isPending ? (
          <div>
            <p role="status" className="sr-only">
              Loading products…
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {Array.from({ length: 8 }, (_, i) => (
                <li key={i} className="flex">
                  <ProductCardSkeleton />
                </li>
              ))}
            </ul>
          </div>
        ) : products.isError ? (
          <ErrorState
            message={errorMessage(products.error, 'Could not load products. Please try again.')}
            onRetry={() => void products.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState title="No products match your filters">
            <button
              type="button"
              onClick={() => setDraft(DEFAULT_FILTERS)}
              className="font-semibold text-brand-800 underline"
            >
              Clear filters
            </button>{' '}
            to see the whole catalogue.
          </EmptyState>
        ) : (
          <ul
            className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${products.isPlaceholderData ? 'opacity-70' : ''}`}
            aria-busy={products.isFetching}
          >
            {list.map((p, i) => (
              <li key={p.id} ref={p.id === highlightId ? highlightRef : undefined} className="flex">
                <ProductCard product={p} onAddToCart={addToCart} highlighted={p.id === highlightId} eager={i < 4} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageShell>
  );
}
