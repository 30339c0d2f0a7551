import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Product } from '#shared/catalogue';
import { CATALOGUE_PAGE_SIZE } from '#shared/catalogue-rules';
import { PRODUCT_AD_ROTATE_MS } from '#shared/ui-timings';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAllProducts } from '../api/get-all-products.ts';
import { useProducts } from '../api/get-products.ts';
import { Pagination } from '../components/pagination.tsx';
import { ProductAd } from '../components/product-ad.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import { ProductFilters } from '../components/product-filters.tsx';
import { SortSelect } from '../components/sort-select.tsx';
import {
  DEFAULT_FILTERS,
  isFiltered,
  readView,
  writeFilters,
  writeView,
  type CatalogueFilters,
  type CatalogueSort,
} from '../lib/filters.ts';
import { catalogueBase, productPath, type ProductPageState } from '../lib/paths.ts';
import { useShopAddToCart } from '../lib/use-add-to-cart.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** Route state of /customer/product: the product a Medical Tips ad pointed at. */
interface ProductRouteState {
  product?: Pick<Product, 'id' | 'name'>;
}

/**
 * The catalogue, public at /products and for customers at /customer/product. Filters apply as you change them; they,
 * the order and the page live in the URL, so a view can be bookmarked, shared and reached again with Back. Add to
 * Cart (and the ad) put the product in a customer's cart, and lead visitors to /login.
 */
export default function ProductsPage() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const base = catalogueBase(location.pathname);
  const { addToCart, addingId, isCustomer } = useShopAddToCart();
  const highlightId = (location.state as ProductRouteState | null)?.product?.id;
  // Whatever came with this page (the product an ad pointed at) stays when the view is written to the URL.
  const routeState: unknown = location.state;

  // The URL decides what is asked for. The filter controls follow every keystroke; the URL follows once input
  // settles, and a new filter starts again from page 1.
  const view = useMemo(() => readView(searchParams), [searchParams]);
  const [draft, setDraft] = useState<CatalogueFilters>(view.filters);
  const lastWritten = useRef(writeFilters(view.filters).toString());
  useEffect(() => {
    // Back/forward or a pasted link changed the URL: show those filters.
    const fromUrl = writeFilters(view.filters).toString();
    if (fromUrl !== lastWritten.current) {
      lastWritten.current = fromUrl;
      setDraft(view.filters);
    }
  }, [view.filters]);
  const settled = useDebouncedValue(draft, 250);
  useEffect(() => {
    const next = writeFilters(settled).toString();
    if (next === lastWritten.current) return;
    lastWritten.current = next;
    setSearchParams((prev) => writeView({ ...readView(prev), filters: settled, page: 1 }), {
      replace: true,
      state: routeState,
    });
  }, [settled, setSearchParams, routeState]);

  const changeSort = (sort: CatalogueSort) => {
    // The filters on screen go with the new order, even when they have not reached the URL yet.
    lastWritten.current = writeFilters(draft).toString();
    setSearchParams(writeView({ filters: draft, sort, page: 1 }), { state: routeState });
  };
  const pageHref = (page: number) => {
    const qs = writeView({ ...view, page }).toString();
    return qs ? `${location.pathname}?${qs}` : location.pathname;
  };

  const products = useProducts(view);
  const allProducts = useAllProducts();

  const list = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));

  const highlightRef = useRef<HTMLLIElement>(null);
  const highlighted = highlightId ? allProducts.data?.find((p) => p.id === highlightId) : undefined;
  const listed = list.length > 0;
  useEffect(() => {
    if (highlighted && listed) highlightRef.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted, listed]);

  // Another page: bring its first products into view (the links to it sit under the list).
  const listTop = useRef<HTMLDivElement>(null);
  const shownPage = useRef(view.page);
  useEffect(() => {
    if (shownPage.current === view.page) return;
    shownPage.current = view.page;
    listTop.current?.scrollIntoView?.({ block: 'start' });
  }, [view.page]);

  const filtered = isFiltered(draft);
  const one = total === 1;
  const resultText = products.isPending
    ? ''
    : `${total} ${one ? 'product' : 'products'}${filtered ? (one ? ' matches your filters' : ' match your filters') : ''}`;
  const cardLink = (p: Product) => productPath(base, p.id);
  const linkState: ProductPageState = { catalogue: `${location.pathname}${location.search}` };

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
              <ProductCard
                product={highlighted}
                to={cardLink(highlighted)}
                linkState={linkState}
                onAddToCart={addToCart}
                adding={addingId === highlighted.id}
                highlighted
                eager
              />
            </div>
          </section>
        )}

        <ProductFilters
          filters={draft}
          onChange={setDraft}
          onReset={() => setDraft(DEFAULT_FILTERS)}
          canReset={filtered}
        />

        <div ref={listTop} className="flex scroll-mt-20 flex-wrap items-center justify-between gap-3">
          <p role="status" className="themed text-sm font-medium" aria-live="polite">
            {resultText}
            {products.isFetching && !products.isPending && <span className="sr-only"> (updating)</span>}
          </p>
          <SortSelect value={view.sort} onChange={changeSort} />
        </div>

        {products.isPending ? (
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
        ) : products.isError ? (
          <ErrorState
            message={errorMessage(products.error, 'Could not load products. Please try again.')}
            onRetry={() => void products.refetch()}
          />
        ) : total === 0 ? (
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
        ) : list.length === 0 ? (
          <EmptyState title={`There is no page ${view.page}`}>
            <Link to={pageHref(1)} state={routeState} className="font-semibold text-brand-800 underline">
              Go to the first page
            </Link>
          </EmptyState>
        ) : (
          <>
            {/* Two columns from 360 px: one column made a phone scroll through the whole catalogue card by card. */}
            <ul
              className={`grid gap-3 min-[22.5rem]:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4 ${products.isPlaceholderData ? 'opacity-70' : ''}`}
              aria-busy={products.isFetching}
            >
              {list.map((p, i) => (
                <li key={p.id} ref={p.id === highlightId ? highlightRef : undefined} className="flex">
                  <ProductCard
                    product={p}
                    to={cardLink(p)}
                    linkState={linkState}
                    onAddToCart={addToCart}
                    adding={addingId === p.id}
                    highlighted={p.id === highlightId}
                    eager={i < 4}
                  />
                </li>
              ))}
            </ul>
            <Pagination page={view.page} pages={pages} hrefFor={pageHref} state={routeState} />
          </>
        )}
      </div>
    </PageShell>
  );
}
